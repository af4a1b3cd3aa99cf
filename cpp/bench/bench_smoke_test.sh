#!/bin/bash
# Starts the bench binary as the runner does, as a child of another Bazel
# binary (RUNFILES_DIR set, another working directory), on one dataset for a
# moment per case in two rounds, and checks the Google Benchmark JSON, the
# case catalog, the calibration and --cases.
set -euo pipefail

bench="$PWD/$1"
out="$TEST_TMPDIR/out"
cd "$TEST_TMPDIR"
if ! "$bench" --out "$out" --dataset user --benchmark_min_time=0.0001 \
    --rounds 2 --seed 5 --payloads "$out/payloads" 2>stderr.txt; then
  cat stderr.txt
  exit 1
fi

json="$out/cpp.json"
catalog="$out/cpp-cases.json"
measured=$(grep -c '"status": "measured"' "$catalog")
rows=$(grep -c '"run_type": "iteration"' "$json")
if [[ "$rows" != $((measured * 2)) ]]; then
  echo "want $((measured * 2)) per-round rows in $json, got $rows" >&2
  exit 1
fi
# Each row is one round's sample: repetition_index 0 or 1, half each.
for round in 0 1; do
  n=$(grep -c "\"repetition_index\": $round," "$json")
  if [[ "$n" != "$measured" ]]; then
    echo "want $measured rows of round $round, got $n" >&2
    exit 1
  fi
done
# Round 0's worker counts allocations; round 1's times the cases it checked (--verified).
counted=$(grep -c '"allocs_per_op":' "$json")
if [[ "$counted" != "$measured" ]]; then
  echo "want allocation counts on round 0's $measured rows only, got $counted" >&2
  exit 1
fi
grep -q '"serbench.round_seed": "5"' "$json"
# The run facts every suite records under the same names (runner/ingest/cases_json.py).
for fact in clock isolation; do
  grep -q "^ *\"$fact\": \"" "$json" || { echo "$json's context lacks $fact" >&2; exit 1; }
done
grep -q '"lazy_ops": {' "$catalog"
calibration="$out/cpp-calibration.json"
for workload in memcpy_1mib cpu_loop; do
  for when in start end; do
    grep -A2 "\"when\": \"$when\"" "$calibration" | grep -q "$workload" || {
      echo "$calibration lacks $when $workload" >&2
      exit 1
    }
  done
done
# One context entry per (lib, variant), though nlohmann's schema-less variant has three formats.
if grep -q "Failed to add custom context" stderr.txt; then
  grep "Failed to add custom context" stderr.txt >&2
  exit 1
fi
grep -q '"lib.nlohmann.schemaless.version"' "$json"
if [[ -e "$out/parts" ]]; then
  echo "the workers' folder $out/parts was left behind" >&2
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
# One worker process per round, each counting its own samples.
if [[ $(grep -c "progress: $measured/$measured " stderr.txt) != 2 ]]; then
  echo "want two workers' progress up to $measured/$measured" >&2
  exit 1
fi
# --payloads: one file per measured encode case, named by its id with '/' as ','.
encodes=$(grep -A2 '"id": "dataset=user/size=[0-9]*/op=encode/' "$catalog" | grep -c '"status": "measured"')
if [[ $(ls "$out/payloads" | wc -l) != "$encodes" || "$encodes" == 0 ]]; then
  echo "want $encodes payload files in $out/payloads, got $(ls "$out/payloads" | wc -l)" >&2
  exit 1
fi
test -s "$out/payloads/dataset=user,size=100,op=encode,format=protobuf,lib=protobuf,variant=arena.bin"

# A real document (the smallest): its protobuf cases run and are named.
doc_out="$TEST_TMPDIR/doc"
if ! "$bench" --out "$doc_out" --dataset google_message1_proto3 --library protobuf \
    --benchmark_min_time=0.0001 --rounds 2 2>doc_stderr.txt; then
  cat doc_stderr.txt
  exit 1
fi
grep -q '"name": "dataset=google_message1_proto3/size=1/op=decode/format=protobuf/lib=protobuf/variant=arena"' \
  "$doc_out/cpp.json"
grep -q '"status": "not_applicable"' "$doc_out/cpp-cases.json"

# --cases: only the listed cases are measured and catalogued, from the
# datasets they name.
cases_out="$TEST_TMPDIR/cases"
printf '%s\n' 'dataset=user/size=1/op=decode/format=protobuf/lib=protobuf' \
  'dataset=mail/size=1/op=encode/format=capnp/lib=capnp' > cases.txt
if ! "$bench" --out "$cases_out" --cases cases.txt --benchmark_min_time=0.0001 \
    --rounds 2 2>cases_stderr.txt; then
  cat cases_stderr.txt
  exit 1
fi
if [[ $(grep -c '"run_type": "iteration"' "$cases_out/cpp.json") != 4 ]] ||
  [[ $(grep -c '"id": ' "$cases_out/cpp-cases.json") != 2 ]]; then
  echo "--cases measured other cases" >&2
  exit 1
fi
grep -q 'dataset=mail/size=1/op=encode/format=capnp/lib=capnp' "$cases_out/cpp.json"

# The standard profile: a round is one run of each case, reported under the
# case's own id in the JSON and the progress lines (Google Benchmark's
# "/repeats:N" suffix, shown in its console table, dropped).
std_out="$TEST_TMPDIR/standard"
if ! "$bench" --out "$std_out" --profile standard --dataset user --library protobuf \
    --rounds 1 2>std_stderr.txt; then
  cat std_stderr.txt
  exit 1
fi
python3 - "$std_out" <<'EOF'
import collections, json, sys
out = sys.argv[1]
cases = json.load(open(f"{out}/cpp-cases.json"))["cases"]
rows = json.load(open(f"{out}/cpp.json"))["benchmarks"]
runs = collections.Counter(r["run_name"] for r in rows if r["run_type"] == "iteration")
measured = [c["id"] for c in cases if c["status"] == "measured"]
wrong = {i: runs[i] for i in measured if runs[i] != 1}
if not measured or wrong:
    sys.exit(f"want one run of each of the {len(measured)} measured cases: {wrong}")
EOF
if grep -q 'repeats:' "$std_out/cpp.json" || grep '^progress: ' std_stderr.txt | grep -q 'repeats:'; then
  echo "a case name kept Google Benchmark's repeats suffix" >&2
  exit 1
fi
