# Sourced by the worker protocol tests (//dotnet/robustness:worker_test,
# //dotnet/mono/robustness:worker_test): writing requests, checking replies and exit 2.
# The test sets `worker` (the worker's path) and `tmp` before it calls them.

fail() { echo "FAIL: $*" >&2; exit 1; }

# request LIB VARIANT FORMAT DATASET SIZE PATH EXPECT (null-able fields as JSON): one request line.
request() {
  printf '{"lib": "%s", "variant": %s, "format": "%s", "dataset": %s, "size": %s, "path": "%s", "expect": "%s"}\n' "$@"
}

# expect_replies OUTCOME...: $tmp/replies holds one well-formed reply per OUTCOME, in order;
# the replies are then in the array `replies`.
expect_replies() {
  local expected=("$@") i
  mapfile -t replies <"$tmp/replies"
  [[ ${#replies[@]} == "${#expected[@]}" ]] || fail "${#replies[@]} replies, not ${#expected[@]}: $(cat "$tmp/replies")"
  for i in "${!expected[@]}"; do
    [[ ${replies[$i]} =~ ^\{\"outcome\":\"${expected[$i]}\",\"detail\":\".*\",\"ns\":[0-9]+\}$ ]] \
      || fail "reply $i is not ${expected[$i]}: ${replies[$i]}"
  done
}

# expect_exit_2 WHAT ARG...: the worker, run with ARGs on the caller's stdin, exits 2.
expect_exit_2() {
  local what=$1
  shift
  "$worker" "$@" >/dev/null 2>&1
  [[ $? == 2 ]] || fail "$what did not exit 2"
}
