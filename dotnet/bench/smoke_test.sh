#!/usr/bin/env bash
# Runs the bench binary as the runner will: from another target's runfiles tree, with the
# repository's CLI (dry profile, one dataset), and checks the files it promises to write.
set -euo pipefail
bench="$TEST_SRCDIR/serbench/dotnet/bench/bench"
out="$TEST_TMPDIR/out"
fail() { echo "FAIL: $*" >&2; exit 1; }

for bad in "--profile slow" "--library nope" "--dataset nope" "--rounds 0 --profile standard" "--rounds 3 --profile full"; do
  code=0; "$bench" --out "$out" $bad 2>/dev/null || code=$?
  [[ $code == 2 ]] || fail "$bad exited $code, not 2"
done

"$bench" --profile dry --dataset user --out "$out" --payloads "$out/payloads" 2>"$TEST_TMPDIR/stderr"
# Counted from the catalog, not spelled here: a new library changes them.
cases="$out/dotnet-cases.json"
measured=$(grep -c '"status": "measured"' "$cases")
(( measured > 100 )) || fail "only $measured measured cases in $cases"
grep -q "^progress: $measured/$measured dataset=user/" "$TEST_TMPDIR/stderr" || fail "no progress lines"

reports=("$out"/results/*-report-full.json)
[[ $(cat "${reports[@]}" | grep -c '"MethodTitle"') == "$measured" ]] || fail "not every measured case is in a report"
for title in op=encode/format=memorypack/lib=memorypack \
             op=decode/format=msgpack/lib=messagepack/variant=lz4 \
             op=roundtrip/format=protobuf/lib=protobuf_net \
             op=decode/format=protobuf/lib=protobuf \
             op=access_lazy/format=flatbuffers/lib=flatbuffers \
             op=access_full/format=flatbuffers/lib=flatbuffers \
             op=encode/format=json/lib=system_text_json/variant=source_gen \
             op=decode/format=json/lib=system_text_json/variant=schemaless \
             op=decode/format=json/lib=newtonsoft_json \
             op=encode/format=thrift_binary/lib=thrift \
             op=decode/format=thrift_compact/lib=thrift/variant=compact \
             op=decode/format=msgpack/lib=msgpack_light \
             op=convert/format=protobuf/lib=protobuf \
             op=convert/format=flatbuffers/lib=flatbuffers \
             op=convert/format=thrift_binary/lib=thrift \
             op=convert/format=thrift_compact/lib=thrift/variant=compact; do
  grep -q "\"MethodTitle\": *\"$title\"" "${reports[@]}" || fail "no $title case"
done
grep -q '"BytesAllocatedPerOperation"' "${reports[@]}" || fail "no allocation figures"

# Long dataset names reach the report whole (the runner rebuilds case ids from them).
"$bench" --profile dry --library protobuf --dataset google_message1_proto2 --out "$out/long" 2>/dev/null
grep -q '"Parameters": *"Dataset=google_message1_proto2&Size=1"' "$out"/long/results/*-report-full.json \
  || fail "google_message1_proto2 is not named in full"

grep -q '"access_lazy": "reads the named fields in place' "$cases" || fail "no lazy_ops reason for access_lazy"
grep -q '"id": "dataset=google_message1_proto2/size=1/op=convert/format=protobuf/lib=protobuf"' "$out/long/dotnet-cases.json" \
  || fail "google_message convert is not catalogued"
grep -A2 '"id": "dataset=user/size=1000/op=decode/format=zeroformatter/lib=zeroformatter"' "$cases" \
  | grep -q '"reason": "ZeroFormatterSerializer.Serialize threw System.BadImageFormatException: Bad IL format."' \
  || fail "no ZeroFormatter attempt in $cases"
# --payloads: one file per measured encode case, as long as the case's wire_bytes.
payload_sizes=$(python3 -c '
import json, sys, pathlib
cases = json.load(open(sys.argv[1]))["cases"]
want = {c["id"].replace("/", ",") + ".bin": c["wire_bytes"] for c in cases if c["status"] == "measured" and "/op=encode/" in c["id"]}
got = {p.name: p.stat().st_size for p in pathlib.Path(sys.argv[2]).iterdir()}
print("ok" if got == want and want else f"want {want}, got {got}")' "$cases" "$out/payloads")
[[ $payload_sizes == ok ]] || fail "payloads: $payload_sizes"
# The standard profile on two datasets, in its nine rounds: one child process per dataset,
# alive through the rounds, a report per dataset in each round folder.
printf '%s\n' dataset=user/size=1/op=encode/format=memorypack/lib=memorypack \
  dataset=google_message1_proto3/size=1/op=decode/format=protobuf/lib=protobuf >"$TEST_TMPDIR/cases.txt"
"$bench" --profile standard --cases "$TEST_TMPDIR/cases.txt" --seed 7 --out "$out/standard" 2>"$TEST_TMPDIR/standard.err" \
  || fail "standard profile: $(tail -5 "$TEST_TMPDIR/standard.err")"
for r in 0 1 2 3 4 5 6 7 8; do
  grep -q '"MethodTitle": *"op=encode/format=memorypack/lib=memorypack"' "$out/standard/results/round-$r/user-report-full.json" \
    || fail "no round $r user report"
  grep -q '"MethodTitle": *"op=decode/format=protobuf/lib=protobuf"' "$out/standard/results/round-$r/google_message1_proto3-report-full.json" \
    || fail "no round $r google_message1_proto3 report"
done
[[ ! -e $out/standard/results/round-9 && ! -e $out/standard/work ]] || fail "more than 9 rounds, or work files left"
# The quick profile with --rounds (runner mine): two rounds in one process, a report per
# round folder as the standard profile writes them.
"$bench" --profile quick --rounds 2 --cases "$TEST_TMPDIR/cases.txt" --out "$out/quick" 2>"$TEST_TMPDIR/quick.err" \
  || fail "quick profile in rounds: $(tail -5 "$TEST_TMPDIR/quick.err")"
for r in 0 1; do
  [[ $(cat "$out"/quick/results/round-$r/*-report-full.json | grep -c '"MethodTitle"') == 2 ]] || fail "no quick round $r reports"
done
[[ ! -e $out/quick/results/round-2 && ! -e $out/quick/work ]] && grep -q "^progress: 4/4 dataset=" "$TEST_TMPDIR/quick.err" \
  || fail "quick rounds: $(grep progress "$TEST_TMPDIR/quick.err")"
grep -q "^progress: 18/18 dataset=" "$TEST_TMPDIR/standard.err" || fail "no standard progress lines"
# Every child warms up before the first round: nothing is timed beside a warm-up.
last_warm=$(grep -n "pre-warm" "$TEST_TMPDIR/standard.err" | tail -1 | cut -d: -f1)
first_timed=$(grep -n "^progress: " "$TEST_TMPDIR/standard.err" | head -1 | cut -d: -f1)
(( last_warm < first_timed )) || fail "a child warmed up after round 0 began: $(cat "$TEST_TMPDIR/standard.err")"
[[ $(grep -c '"id"' "$out/standard/dotnet-cases.json") == 2 ]] || fail "--cases did not narrow the catalog"
grep -q '"isolation": "1 child process per dataset, alive through the rounds' "$out/standard/dotnet-cases.json" \
  || fail "the standard catalog does not record which processes took the rounds"
[[ $(grep -c '"status": "measured"' "$out/standard/dotnet-cases.json") == 2 ]] \
  && ! grep -q '"reason": "BenchmarkDotNet timed it' "$out/standard/dotnet-cases.json" \
  || fail "not every case measured in all 9 rounds: $(cat "$out/standard/dotnet-cases.json")"
# Each child pre-warms its dataset, then warms each case up until a warm-up iteration (>= 50 ms)
# compiles nothing; the catalog carries, per case, its warm-up in its child. Each round times
# one measured iteration per case, of the count the child's warm-up gave (its last
# iteration's time per call), aimed at 50 ms of CPU time, no pilot: the test checks that the
# median round lands within a wide band (a loaded host's phases move single rounds, and have
# moved a whole child's rounds 3x from its warm-up's rate).
for dataset in user google_message1_proto3; do
  [[ $(grep -c "^dotnet bench: $dataset: pre-warm \(quiet\|capped\) after [0-9]* ms" "$TEST_TMPDIR/standard.err") == 1 ]] \
    || fail "not one pre-warm, in the dataset's child, for $dataset: $(grep pre-warm "$TEST_TMPDIR/standard.err")"
done
warmups=$(python3 -c '
import json, pathlib, statistics, sys
cases = json.load(open(sys.argv[1]))["cases"]
def bad_warmup(w):
    return not w or w["processes"] != 1 or not 0 <= w["quiet_processes"] <= 1 \
        or not 1 <= w["median_iterations"] <= w["max_iterations"] <= 300 \
        or not 50 * w["median_iterations"] <= w["median_ms"] <= w["max_ms"] or w["max_ms"] < 50 * w["max_iterations"]
bad = [c for c in cases if bad_warmup(c.get("jit_warmup"))]
iterations, aimed, pilots = {}, {}, 0
for f in pathlib.Path(sys.argv[2]).glob("round-*/*-report-full.json"):
    for b in json.load(open(f))["Benchmarks"]:
        workload = [m for m in b["Measurements"] if m["IterationMode"] == "Workload"]
        results = [(m["Operations"], m["Nanoseconds"]) for m in workload if m["IterationStage"] == "Result"]
        pilots += sum(m["IterationStage"] == "Pilot" for m in workload)
        iterations.setdefault(b["MethodTitle"], []).extend(ops for ops, _ in results)
        aimed.setdefault(b["MethodTitle"], []).extend(ns for ops, ns in results if ops > 1)
sampled = all(len(ops) == 9 and len(set(ops)) == 1 for ops in iterations.values())
on_target = all(not ns or 10e6 <= statistics.median(ns) <= 250e6 for ns in aimed.values())
print("ok" if len(cases) == 2 and not bad and len(iterations) == 2 and sampled and on_target and pilots == 0
      else f"bad: {bad or cases}, operations per round: {iterations}, ns per measured iteration (median aimed at 50 ms): {aimed}, pilot iterations: {pilots}")' "$out/standard/dotnet-cases.json" "$out/standard/results")
[[ $warmups == ok ]] || fail "jit_warmup or iterations: $warmups"
[[ $(grep -o '"when":"[a-z]*","workload":"[a-z_0-9]*"' "$out/standard/dotnet-calibration.json" | sort -u | wc -l) == 4 ]] \
  || fail "calibration: $(cat "$out/standard/dotnet-calibration.json")"
# Fewer rounds (the runner's re-measure asks for five): as many round folders, one child.
head -1 "$TEST_TMPDIR/cases.txt" >"$TEST_TMPDIR/one.txt"
"$bench" --profile standard --rounds 2 --cases "$TEST_TMPDIR/one.txt" --out "$out/short" 2>"$TEST_TMPDIR/short.err" \
  || fail "standard profile in two rounds: $(tail -5 "$TEST_TMPDIR/short.err")"
[[ $(grep -c "pre-warm" "$TEST_TMPDIR/short.err") == 1 && -e $out/short/results/round-1 ]] \
  && grep -q '"isolation": "1 child process per dataset, alive through the rounds' "$out/short/dotnet-cases.json" \
  || fail "two rounds: $(cat "$TEST_TMPDIR/short.err")"
# Rounds with nothing to time (no case of the document applies to the library): the catalog only.
printf '{"a": 1}' >"$TEST_TMPDIR/doc.json"
"$bench" --profile quick --rounds 2 --library protobuf --document "$TEST_TMPDIR/doc.json" --out "$out/none" \
  2>"$TEST_TMPDIR/none.err" || fail "rounds with nothing to time: $(tail -3 "$TEST_TMPDIR/none.err")"
grep -q '"status": "not_applicable"' "$out/none/dotnet-cases.json" && [[ ! -e $out/none/results ]] \
  || fail "rounds with nothing to time: $(cat "$out/none/dotnet-cases.json")"
# Every profile but full times only the decode of packages; its other ops are not measured.
"$bench" --profile dry --library system_text_json --dataset packages --out "$out/packages" 2>/dev/null \
  || fail "packages in the dry profile"
decode_only=$(python3 -c '
import json, sys
cases = {c["id"].split("/")[2]: (c["status"], c.get("reason") or "") for c in json.load(open(sys.argv[1]))["cases"]
         if c["id"].endswith("/variant=schemaless")}
want = {"op=decode": ("measured", ""), "op=encode": ("not_measured", "the dry profile times only decode of packages: run --profile full")}
print("ok" if all(cases.get(k) == v for k, v in want.items()) else cases)' "$out/packages/dotnet-cases.json")
[[ $decode_only == ok ]] || fail "packages decode only: $decode_only"
echo "bench smoke test: ok"
