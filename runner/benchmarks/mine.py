"""`bazel run //runner:bench_mine`: how long `runner mine` takes (a benchmark, not a test).

Generates three inputs in a temporary folder (never committed): a 1 MiB and a 10 MiB JSON
document of mixed records (strings with escapes and non-ASCII text, integers, floats,
booleans, nulls, nested arrays and objects) and a 100-record JSON Lines file, each from a
fixed seed, then measures each with `runner mine` (every language unless `--lang`; `--only`
picks inputs) into a store of its own, and reports the wall time of each input with its cases measured. The
target on this machine: the 1 MiB document in all three languages in at most 5 minutes,
first build excluded. The report is printed and written to `--out` as JSON.
"""

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from runner import mine
from runner.cli import parser as runner_parser
from runner.paths import results_root, user_path
from runner.store import Store, format_counts

SEED = 33
MIB = 2**20
INPUTS = (("1mib", "json", MIB), ("10mib", "json", 10 * MIB), ("100_records", "jsonl", 100))
TARGET_SECONDS = {"1mib": 300.0}
WORDS = ("alpha", "βeta", 'gamma "quoted"', "delta\\path", "東京", "emoji 😀", "tab\there", "")


def record(rng: random.Random, index: int) -> dict[str, Any]:
    """One record of the mix a JSON API returns: text, numbers of every kind, nesting."""
    return {
        "id": index,
        "name": f"{rng.choice(WORDS)} {index}",
        "score": rng.random() * 10 ** rng.randint(-5, 5),
        "count": rng.randint(-(2**40), 2**40),
        "active": rng.random() < 0.5,
        "note": None if rng.random() < 0.3 else rng.choice(WORDS) * rng.randint(1, 8),
        "tags": [rng.choice(WORDS) for _ in range(rng.randint(0, 5))],
        "location": {"lat": rng.uniform(-90, 90), "lon": rng.uniform(-180, 180)},
        "history": [
            {"at": rng.randint(0, 2**31), "value": rng.gauss(0, 100)} for _ in range(rng.randint(0, 4))
        ],
    }


def document(size: int) -> bytes:
    """A JSON document of records of about `size` bytes."""
    rng, total = random.Random(SEED), 0
    records: list[str] = []
    while total < size:
        records.append(json.dumps(record(rng, len(records)), ensure_ascii=False))
        total += len(records[-1].encode()) + 1
    return ('{"records": [' + ",".join(records) + "]}").encode()


def json_lines(count: int) -> bytes:
    rng = random.Random(SEED)
    return "".join(json.dumps(record(rng, i), ensure_ascii=False) + "\n" for i in range(count)).encode()


def make(folder: Path, name: str, kind: str, amount: int) -> Path:
    path = folder / f"{name}.{kind}"
    path.write_bytes(document(amount) if kind == "json" else json_lines(amount))
    return path


def measure(path: Path, results: Path, langs: list[str]) -> dict[str, Any]:
    argv = ["mine", str(path), "--results", str(results), *(a for lang in langs for a in ("--lang", lang))]
    started = time.monotonic()
    code = mine.main(runner_parser().parse_args(argv))
    seconds = time.monotonic() - started
    with Store.open(results / "serbench.sqlite") as store:
        (run,) = store.runs()
        counts = store.counts(run.id)
    return {"bytes": path.stat().st_size, "seconds": round(seconds, 1), "exit": code, "cases": counts}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--lang", action="append", choices=mine.DOCUMENT_LANGS)
    parser.add_argument("--only", choices=[name for name, _, _ in INPUTS], action="append")
    parser.add_argument("--out", type=Path, help="the report (default results/mine/benchmark.json)")
    args = parser.parse_args(argv)
    langs = args.lang or list(mine.DOCUMENT_LANGS)
    report: dict[str, Any] = {"langs": langs, "inputs": {}}
    with tempfile.TemporaryDirectory(prefix="serbench-mine-") as tmp:
        for name, kind, amount in INPUTS:
            if args.only and name not in args.only:
                continue
            found = measure(make(Path(tmp), name, kind, amount), Path(tmp) / f"results-{name}", langs)
            report["inputs"][name] = found
            target = TARGET_SECONDS.get(name)
            verdict = (
                ""
                if target is None
                else f" (target {target:.0f} s: {'met' if found['seconds'] <= target else 'MISSED'})"
            )
            print(
                f"bench_mine: {name}: {found['bytes']:,} bytes in {found['seconds']} s{verdict}; "
                f"cases: {format_counts(found['cases'])}",
                file=sys.stderr,
            )
    out = user_path(args.out) if args.out else results_root(None) / mine.MINE / "benchmark.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
