#!/bin/bash
# Starts the bench binary as the runner does, as a child of another Bazel
# binary (RUNFILES_DIR set, another working directory), on one dataset for a
# moment per case, and checks the Google Benchmark JSON and the case catalog.
set -euo pipefail

bench="$PWD/$1"
out="$TEST_TMPDIR/out"
cd "$TEST_TMPDIR"
if ! "$bench" --out "$out" --dataset user --benchmark_min_time=0.0001 \
    --benchmark_repetitions=2 2>stderr.txt; then
  cat stderr.txt
  exit 1
fi

json="$out/cpp.json"
catalog="$out/cpp-cases.json"
measured=$(grep -c '"status": "measured"' "$catalog")
rows=$(grep -c '"run_type": "iteration"' "$json")
if [[ "$rows" != $((measured * 2)) ]]; then
  echo "want $((measured * 2)) per-repetition rows in $json, got $rows" >&2
  exit 1
fi
if grep -q '"status": "refused"' "$catalog"; then
  grep -B1 -A1 '"status": "refused"' "$catalog" >&2
  exit 1
fi
grep -q '"name": "dataset=user/size=100/op=decode/format=protobuf/lib=protobuf/variant=arena"' "$json"
grep -q '"name": "dataset=user/size=1000/op=memcpy/format=raw/lib=memcpy"' "$json"
grep -q '"lib.protobuf.version": "3.21.12"' "$json"
grep -q '"alloc_bytes_per_op": ' "$json"
grep -q '"peak_heap_bytes": ' "$json"
# No memory manager: libbenchmark 1.7.1 fills its fields from freed memory.
if grep -q '"max_bytes_used": ' "$json"; then
  echo "$json has Google Benchmark memory-manager fields" >&2
  exit 1
fi
grep -q "progress: $measured/$measured " stderr.txt

# A real document (the smallest): its protobuf cases run and are named.
doc_out="$TEST_TMPDIR/doc"
if ! "$bench" --out "$doc_out" --dataset google_message1_proto3 --library protobuf \
    --benchmark_min_time=0.0001 --benchmark_repetitions=2 2>doc_stderr.txt; then
  cat doc_stderr.txt
  exit 1
fi
grep -q '"name": "dataset=google_message1_proto3/size=1/op=decode/format=protobuf/lib=protobuf/variant=arena"' \
  "$doc_out/cpp.json"
grep -q '"status": "not_applicable"' "$doc_out/cpp-cases.json"
