#!/usr/bin/env bash
# roundtrip_test.sh LIB [REFUSED_REGEX]: the Mono suite's dry profile for one library (every
# dataset and size round-trips field by field, every op runs once). Passes when every case of
# a modelled dataset is measured, except the cases matching REFUSED_REGEX, which must be
# refused (a known library fault on Mono, named in README.md), and the suite exits 0 (a
# refusal is a result); fails otherwise, saying which.
set -euo pipefail
lib="$1"
refused="${2:-^$}"
out="$TEST_TMPDIR/out"
bench="$TEST_SRCDIR/serbench/dotnet/mono/bench"
status=0
"$bench" --profile dry --library "$lib" --out "$out" 2>"$TEST_TMPDIR/stderr" || status=$?
grep -v '^progress:' "$TEST_TMPDIR/stderr" >&2 || true
python3 - "$out/mono-cases.json" "$refused" <<'PY'
import json, re, sys
catalog = json.load(open(sys.argv[1], encoding="utf-8"))
cases = catalog["cases"]
if not catalog.get("isolation"):
    sys.exit("the catalog does not say which processes took the samples (isolation)")
expected_refused = re.compile(sys.argv[2])
wrong = []
for case in cases:
    want = "refused" if expected_refused.search(case["id"]) else ("measured", "not_measured")
    if case["status"] not in (want if isinstance(want, tuple) else (want,)):
        wrong.append(f"{case['id']}: {case['status']} (expected {want}) {case['reason']}")
measured = sum(case["status"] == "measured" for case in cases)
print(f"{len(cases)} cases, {measured} measured")
if wrong or measured == 0:
    sys.exit("\n".join(wrong) or "no case measured")
PY
[[ $status == 0 ]] || { echo "the suite exited $status" >&2; exit 1; }
