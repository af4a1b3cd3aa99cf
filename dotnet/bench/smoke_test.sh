#!/usr/bin/env bash
# Runs the bench binary as the runner will: from another target's runfiles tree,
# with the repository's CLI, and checks the files it promises to write.
set -euo pipefail
bench="$TEST_SRCDIR/serbench/dotnet/bench/bench"
out="$TEST_TMPDIR/out"

if "$bench" --profile slow --out "$out" 2>/dev/null; then
  echo "FAIL: --profile slow was accepted" >&2; exit 1
fi

"$bench" --profile quick --out "$out"

report=$(ls "$out"/results/*-report-full.json)
for op in encode decode roundtrip; do
  grep -q "\"MethodTitle\": *\"op=$op/format=protobuf/lib=protobuf\"" "$report" \
    || { echo "FAIL: no op=$op case in $report" >&2; exit 1; }
done
grep -q '"version": "3.25.1"' "$out/dotnet-libraries.json" || { echo "FAIL: dotnet-libraries.json" >&2; exit 1; }
grep -q '"lib": "flatbuffers"' "$out/dotnet-not-measured.json" || { echo "FAIL: dotnet-not-measured.json" >&2; exit 1; }
echo "bench smoke test: ok"
