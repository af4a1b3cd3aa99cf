#!/usr/bin/env bash
# --proto-cs DIR --message NAME: the C# protoc generated from a user's .proto, compiled by the
# bench in process, measures the document as the message (binary and JSON), in one process and
# in the standard profile's child processes; what cannot be measured is a clear error.
set -euo pipefail
bench="$TEST_SRCDIR/serbench/dotnet/bench/bench"
protoc="$TEST_SRCDIR/local_env/sys_protoc/protoc"
tmp="$TEST_TMPDIR"
fail() { echo "FAIL: $*" >&2; exit 1; }

cat >"$tmp/item.proto" <<'PROTO'
syntax = "proto3";
package shop;
message Item {
  message Tag { string key = 1; }
  string name = 1;
  int64 count = 2;
  double price = 3;
  repeated Tag tags = 4;
}
PROTO
mkdir -p "$tmp/cs"
"$protoc" -I "$tmp" --csharp_out="$tmp/cs" item.proto
# One message each: 2^53 + 1 as protobuf JSON writes it (a string), non-ASCII text, a float.
item='{"name": "caf\u00e9", "count": "9007199254740993", "price": 0.1, "tags": [{"key": "k"}]}'
proto=(--proto-cs "$tmp/cs" --message shop.Item)

# In one process: a document of one message, and a list of them (delimited / one a line).
printf '%s' "$item" >"$tmp/one.json"
printf '[%s, %s]' "$item" "$item" >"$tmp/list.json"
for doc in one list; do
  "$bench" --profile dry --library protobuf --document "$tmp/$doc.json" "${proto[@]}" \
    --out "$tmp/$doc" --payloads "$tmp/$doc/payloads" 2>"$tmp/$doc.err" || fail "$doc: $(tail -3 "$tmp/$doc.err")"
  grep -q "^dotnet bench: user proto: the .proto's generated C# (1 file) compiled in [0-9.]* s" "$tmp/$doc.err" \
    || fail "$doc: no compile time: $(cat "$tmp/$doc.err")"
  [[ $(grep -c '"status": "measured"' "$tmp/$doc/dotnet-cases.json") == 6 ]] || fail "$doc: $(cat "$tmp/$doc/dotnet-cases.json")"
done
payloads=$(python3 -c '
import json, pathlib, sys
one, many = (pathlib.Path(sys.argv[1], d, "payloads") for d in ("one", "list"))
def payload(folder, fmt):
    return (folder / f"dataset=mine,size=1,op=encode,format={fmt},lib=protobuf.bin").read_bytes()
message = json.loads(payload(one, "json"))
binary = payload(one, "protobuf")
ok = (message == {"name": "café", "count": "9007199254740993", "price": 0.1, "tags": [{"key": "k"}]}
      and payload(many, "protobuf") == 2 * (bytes([len(binary)]) + binary)
      and [json.loads(line) for line in payload(many, "json").split(b"\n")] == [message, message])
print("ok" if ok else f"payloads: {message}, {binary}, {list(many.iterdir())}")' "$tmp")
[[ $payloads == ok ]] || fail "$payloads"

# The standard profile's children compile it too.
"$bench" --profile standard --rounds 1 --library protobuf --document "$tmp/one.json" "${proto[@]}" --out "$tmp/standard" \
  2>"$tmp/standard.err" || fail "standard: $(tail -3 "$tmp/standard.err")"
[[ $(grep -c '"status": "measured"' "$tmp/standard/dotnet-cases.json") == 6 ]] || fail "standard: $(cat "$tmp/standard/dotnet-cases.json")"

# Refused with the first difference: a document that does not fit (the mapping's own error,
# naming the field; the other libraries still report), an integer the JSON parser rounds. A
# refusal is a result: the suite exits 0.
printf '{"name": "a", "cuont": 1}' >"$tmp/misfit.json"
printf '{"name": "a", "count": 9007199254740993}' >"$tmp/rounded.json"
code=0; "$bench" --profile dry --document "$tmp/misfit.json" "${proto[@]}" --out "$tmp/misfit" 2>/dev/null || code=$?
[[ $code == 0 ]] || fail "misfit exited $code, not 0"
grep -q '"reason": "the document does not fit shop.Item: Unknown field: cuont"' "$tmp/misfit/dotnet-cases.json" || fail "misfit: no reason"
grep -A1 '"id": "dataset=mine/size=1/op=decode/format=json/lib=system_text_json/variant=schemaless"' "$tmp/misfit/dotnet-cases.json" \
  | grep -q '"status": "measured"' || fail "misfit: the schema-less libraries did not report"
"$bench" --profile dry --library protobuf --document "$tmp/rounded.json" "${proto[@]}" --out "$tmp/rounded" 2>/dev/null || true
grep -q '"reason": "Google.Protobuf.s JSON mapping changed the document: count: the document has 9007199254740993, the message 9007199254740992' \
  "$tmp/rounded/dotnet-cases.json" || fail "rounded: $(cat "$tmp/rounded/dotnet-cases.json")"

# Exit 2, one clear line: generated C# that does not compile, a message it lacks, an option alone.
sed 's/^package shop;/package shop;\noption csharp_namespace = "class";/' "$tmp/item.proto" >"$tmp/bad.proto"
mkdir -p "$tmp/bad"
"$protoc" -I "$tmp" --csharp_out="$tmp/bad" bad.proto
expect_2() {
  local want=$1; shift
  code=0; "$bench" --profile dry --library protobuf --document "$tmp/one.json" --out "$tmp/x" "$@" 2>"$tmp/x.err" || code=$?
  [[ $code == 2 ]] && grep -qF "$want" "$tmp/x.err" || fail "$* exited $code: $(cat "$tmp/x.err")"
}
# The message names the Google.Protobuf version (not spelled here: Directory.Packages.props pins it).
expect_2 "bench: the .proto's generated C# does not compile against Google.Protobuf " --proto-cs "$tmp/bad" --message shop.Item
expect_2 "bench: --message Order: no such message in the generated C# (its messages: shop.Item, shop.Item.Tag)" \
  --proto-cs "$tmp/cs" --message Order
expect_2 "bench: --proto-cs DIR and --message NAME go together, with --document" --proto-cs "$tmp/cs"
echo "user proto test: ok"
