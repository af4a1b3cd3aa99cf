#!/bin/bash
# Starts the bench binary as the runner does, as a child of another Bazel
# binary (RUNFILES_DIR set, another working directory), for a moment per case,
# and checks the Google Benchmark JSON it writes.
set -euo pipefail

bench="$PWD/$1"
out="$TEST_TMPDIR/out"
cd "$TEST_TMPDIR"
if ! "$bench" --out "$out" --benchmark_min_time=0.001 2>stderr.txt; then
  cat stderr.txt
  exit 1
fi

json="$out/cpp.json"
# 2 libraries x 3 ops x 3 repetitions (quick profile), one row each.
rows=$(grep -c '"run_type": "iteration"' "$json")
if [[ "$rows" != 18 ]]; then
  echo "want 18 per-repetition rows in $json, got $rows" >&2
  exit 1
fi
grep -q '"name": "dataset=user/size=3/op=decode/format=flatbuffers/lib=flatbuffers"' "$json"
grep -q '"lib.protobuf.version": "3.21.12"' "$json"
grep -q '"wire_bytes": ' "$json"
