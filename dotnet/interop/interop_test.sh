#!/usr/bin/env bash
# Runs the interop CLI as the interop matrix will: its exit codes and one encode/decode
# per format. (Every dataset and size is decoded in //dotnet/tests: InteropTests.)
set -uo pipefail
bin="$TEST_SRCDIR/serbench/dotnet/interop/interop"
tmp="$TEST_TMPDIR"
fail() { echo "FAIL: $*" >&2; exit 1; }
expect() {  # expect CODE ARGS...: the CLI exits with CODE
  local want=$1; shift
  "$bin" "$@" >"$tmp/out" 2>&1
  local got=$?
  [[ $got == "$want" ]] || { cat "$tmp/out" >&2; fail "exit $got, not $want: $*"; }
}

for format in protobuf flatbuffers msgpack json; do
  expect 0 encode --format "$format" --dataset game --size 100 --out "$tmp/$format.bin"
  expect 0 decode --format "$format" --dataset game --size 100 --in "$tmp/$format.bin"
  expect 1 decode --format "$format" --dataset game --size 1 --in "$tmp/$format.bin"
  grep -q "records: expected 1 items, got 100" "$tmp/out" || fail "no field path for $format"
done
expect 1 decode --format protobuf --dataset order --size 1 --in "$tmp/json.bin"
expect 3 encode --format json --dataset twitter --size 1 --out "$tmp/x"
grep -q "^not-applicable: " "$tmp/out" || fail "no not-applicable line"
for step in "encode --out" "decode --in"; do  # no Cap'n Proto runtime on the NuGet source
  expect 3 ${step%% *} --format capnp --dataset user --size 1 ${step#* } "$tmp/x.capnp"
  grep -q "^not-applicable: no .NET library for capnp here (Capnp.Net.Runtime): .*NU1101" "$tmp/out" || fail "capnp ${step%% *}: no reason"
done
expect 2 decode --format capnp --dataset nope --size 1 --in "$tmp/x.capnp"
expect 2 encode --format yaml --dataset user --size 1 --out "$tmp/x"
expect 2 decode --format json --dataset user --size 1
expect 2
echo "interop CLI: ok"
