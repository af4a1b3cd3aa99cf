#!/usr/bin/env bash
# Drives the worker as the robustness driver does: --list, then one request a line on
# stdin and one reply a line on stdout; a request it cannot serve ends it with exit 2.
set -uo pipefail
worker="$TEST_SRCDIR/serbench/dotnet/robustness/worker"
golden="$TEST_SRCDIR/serbench/tools/interop/golden"
tmp="$TEST_TMPDIR"
source "$TEST_SRCDIR/serbench/tools/robustness/worker_test.bash"

"$worker" --list >"$tmp/list" || fail "--list exited $?"
for decoder in '"lib":"flatbuffers","variant":"verify"' '"lib":"flatbuffers","variant":"noverify"' \
               '"lib":"messagepack","variant":"untrusted"' '"lib":"msgpack_light","variant":null' \
               '"lib":"system_text_json","variant":"schemaless","format":"json","version":"[0-9.]*","schemaless":true' \
               '"lib":"system_text_json","variant":"schemaless_document","format":"json","version":"[0-9.]*","schemaless":true' \
               '"lib":"newtonsoft_json","variant":"schemaless","format":"json","version":"[0-9.]*","schemaless":true' \
               '"lib":"system_text_json","variant":"reflection_snake_case"'; do
  grep -q "$decoder" "$tmp/list" || fail "--list has no $decoder: $(cat "$tmp/list")"
done
# The default call reads PascalCase keys, not the corpus's snake_case ones.
! grep -q '"lib":"system_text_json","variant":"reflection"' "$tmp/list" || fail "--list has the default call"

printf '\xff\x01garbage' >"$tmp/garbage.bin"
printf '{"a": [1, 2.5, "x"]}' >"$tmp/pass.json"
printf 'null' >"$tmp/null.json"
python3 -c 'import sys; sys.stdout.buffer.write(b"\x81\xa1a" * 10000 + b"\xc0")' >"$tmp/deep.msgpack"
{
  request protobuf null protobuf '"user"' 1 "$golden/user_1.protobuf" fixture
  request flatbuffers '"verify"' flatbuffers '"game"' 100 "$golden/game_100.flatbuffers" fixture
  request messagepack '"lz4"' msgpack '"order"' 1 "$golden/order_1.msgpack" fixture
  request system_text_json '"source_gen"' json '"user"' 100 "$golden/user_1.json" fixture
  request flatbuffers '"verify"' flatbuffers '"user"' 1 "$tmp/garbage.bin" fixture
  request system_text_json '"schemaless"' json null null "$tmp/pass.json" accept
  request system_text_json '"schemaless"' json null null "$tmp/null.json" accept
  request newtonsoft_json '"schemaless"' json '"filetree"' 100 "$golden/filetree_100.json" fixture
  request system_text_json '"schemaless_document"' json null null "$tmp/pass.json" accept
  request msgpack_light null msgpack '"filetree"' 100 "$golden/filetree_100.msgpack" fixture
  # 10,000 nested maps: the default options overflow the stack; UntrustedData stops at its depth limit.
  request messagepack '"untrusted"' msgpack '"user"' 1 "$tmp/deep.msgpack" fixture
  request nope null json null null "$tmp/pass.json" accept
  request protobuf null protobuf '"user"' 1 "$tmp/garbage.bin" fixture
} | "$worker" >"$tmp/replies" 2>"$tmp/stderr"
code=$?
[[ $code == 2 ]] || fail "an unknown decoder exited $code, not 2"
grep -q "unknown decoder lib=nope" "$tmp/stderr" || fail "no message for the unknown decoder: $(cat "$tmp/stderr")"

expect_replies accepted_equal accepted_equal accepted_equal accepted_different clean_error accepted accepted \
  accepted_equal accepted accepted_equal clean_error
[[ ${replies[3]} == *'records: expected 100 items, got 1'* ]] || fail "no differing field: ${replies[3]}"
[[ ${replies[4]} == *'verifier rejected'* ]] || fail "no verifier detail: ${replies[4]}"

echo '{"lib": "protobuf"' | expect_exit_2 "a malformed request line"
expect_exit_2 "a bad argument" --bogus </dev/null
echo "robustness worker: ok"
