#!/usr/bin/env bash
# Drives the Mono worker as the robustness driver does: --list, then one request a line on
# stdin and one reply a line on stdout; a request it cannot serve ends it with exit 2.
set -uo pipefail
worker="$TEST_SRCDIR/serbench/dotnet/mono/robustness/worker"
golden="$TEST_SRCDIR/serbench/tools/interop/golden"
tmp="$TEST_TMPDIR"
source "$TEST_SRCDIR/serbench/tools/robustness/worker_test.bash"

"$worker" --list >"$tmp/list" || fail "--list exited $?"
# Every decoder names the datasets the suite models, which are not filetree and game.
modelled='"datasets":\["user",[^]]*\]'
! grep -qE '"(filetree|game)"' "$tmp/list" || fail "--list names a dataset the suite does not model: $(cat "$tmp/list")"
for decoder in '"lib":"zeroformatter","variant":null,"format":"zeroformatter"' \
               '"lib":"messagepack","variant":null,"format":"msgpack"' \
               '"lib":"messagepack","variant":"untrusted","format":"msgpack"' \
               '"lib":"msgpack_light","variant":null,"format":"msgpack"' \
               '"lib":"protobuf_net","variant":null,"format":"protobuf"' \
               '"lib":"newtonsoft_json","variant":null,"format":"json","version":"[0-9.]*","schemaless":false'; do
  grep -q "{$decoder,[^}]*$modelled}" "$tmp/list" || fail "--list has no $decoder of the modelled datasets: $(cat "$tmp/list")"
done

"$worker" --seeds "$tmp/seeds" zeroformatter || fail "--seeds exited $?"
[[ $(ls "$tmp/seeds" | wc -l) == 8 ]] || fail "--seeds did not write 2 sizes of the 4 modelled datasets: $(ls "$tmp/seeds")"

printf '\xff\x01garbage' >"$tmp/garbage.bin"
python3 -c 'import sys; sys.stdout.buffer.write(b"\x81\xa1a" * 10000 + b"\xc0")' >"$tmp/deep.msgpack"
# ZeroFormatter's user_1 with the first string's length (int32 at byte 52) made 2^31-1.
python3 -c 'import sys; b = bytearray(open(sys.argv[1], "rb").read()); b[52:56] = (2**31 - 1).to_bytes(4, "little"); sys.stdout.buffer.write(b)' \
  "$tmp/seeds/user_1.zeroformatter" >"$tmp/lie.zeroformatter"
{
  request zeroformatter null zeroformatter '"order"' 100 "$tmp/seeds/order_100.zeroformatter" fixture
  request messagepack null msgpack '"order"' 1 "$golden/order_1.msgpack" fixture
  request messagepack '"untrusted"' msgpack '"mail"' 1 "$golden/mail_1.msgpack" fixture
  request msgpack_light null msgpack '"metrics"' 1 "$golden/metrics_1.msgpack" fixture
  request protobuf_net null protobuf '"order"' 100 "$golden/order_100.protobuf" fixture
  request newtonsoft_json null json '"user"' 100 "$golden/user_1.json" fixture
  request zeroformatter null zeroformatter '"user"' 1 "$tmp/garbage.bin" fixture
  # The full decode reads every value: a lying string length fails in Deserialize's reads.
  request zeroformatter null zeroformatter '"user"' 1 "$tmp/lie.zeroformatter" fixture
  # 10,000 nested maps: the default options read them (Mono's stack holds), UntrustedData stops at its depth limit.
  request messagepack null msgpack '"user"' 1 "$tmp/deep.msgpack" fixture
  request messagepack '"untrusted"' msgpack '"user"' 1 "$tmp/deep.msgpack" fixture
  # A dataset the Mono suite does not model: the driver must not send it.
  request protobuf_net null protobuf '"filetree"' 1 "$golden/filetree_1.protobuf" fixture
  request protobuf_net null protobuf '"user"' 1 "$tmp/garbage.bin" fixture
} | "$worker" >"$tmp/replies" 2>"$tmp/stderr"
code=$?
[[ $code == 2 ]] || fail "an unmodelled dataset exited $code, not 2"
grep -q "no fixture for dataset=filetree" "$tmp/stderr" || fail "no message for the unmodelled dataset: $(cat "$tmp/stderr")"

expect_replies accepted_equal accepted_equal accepted_equal accepted_equal accepted_equal accepted_different \
  clean_error clean_error clean_error clean_error
[[ ${replies[5]} == *'payload.records: expected 100 items, got 1'* ]] || fail "no differing field: ${replies[5]}"
[[ ${replies[9]} == *'MessagePackSerializationException'* ]] || fail "no depth limit: ${replies[9]}"

echo '{"lib": "protobuf_net"' | expect_exit_2 "a malformed request line"
request newtonsoft_json null json null null "$tmp/garbage.bin" accept | expect_exit_2 "a dataset-less input to a typed decoder"
expect_exit_2 "a bad argument" --bogus </dev/null
echo "mono robustness worker: ok"
