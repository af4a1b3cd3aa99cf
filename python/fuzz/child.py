"""One decoder's fuzz loop, in a child process of all.py so a crash kills only it.

    child.py LIB VARIANT FORMAT --seeds DIR --work DIR --seconds N
    child.py LIB VARIANT FORMAT --replay FILE [--dataset DATASET]

Before each decode the input goes to WORK/current.bin and its dataset to
WORK/current.json, so the parent knows what a crash or hang was fed. A hang ends
the process through faulthandler's watchdog (exit 1, "Timeout" on stderr), which
fires even while a C extension holds the GIL. Memory blow-ups (MemoryError under
the parent's RLIMIT_AS) go to WORK/findings.jsonl; the loop goes on. At the end
WORK/stats.json holds the runs and the distinct errors seen.
"""

import argparse
import faulthandler
import json
import sys
import tempfile
import time
from pathlib import Path

from fuzz.inputs import Seed, strategy
from hypothesis import HealthCheck, given, settings
from robustness.decoders import DECODERS, Decoder, Request, handle

from runner.crosslang.robustness.fuzzing import TIMEOUT_S

# Examples per hypothesis run; the loop starts runs until the time is up.
_BATCH = 500


def _decode(decoder: Decoder, dataset: str | None, path: Path) -> dict[str, object]:
    expect = "fixture" if dataset else "reject"
    faulthandler.dump_traceback_later(TIMEOUT_S, exit=True)
    try:
        return handle(Request(decoder, dataset, 1 if dataset else None, path, expect))
    finally:
        faulthandler.cancel_dump_traceback_later()


def _load_seeds(folder: Path) -> list[Seed]:
    index = json.loads((folder / "seeds.json").read_text(encoding="utf-8"))
    return [(entry["dataset"], (folder / entry["file"]).read_bytes()) for entry in index]


def fuzz(decoder: Decoder, seeds: list[Seed], work: Path, seconds: float) -> None:
    current, current_meta = work / "current.bin", work / "current.json"
    deadline = time.monotonic() + seconds
    runs, errors = 0, set()
    findings = (work / "findings.jsonl").open("a", encoding="utf-8")

    @settings(
        max_examples=_BATCH, deadline=None, database=None, suppress_health_check=list(HealthCheck)
    )
    @given(strategy(decoder.library.format, decoder.schemaless, seeds))
    def one(seed: Seed) -> None:
        nonlocal runs
        if time.monotonic() > deadline:
            return
        dataset, data = seed
        current.write_bytes(data)
        current_meta.write_text(json.dumps({"dataset": dataset}), encoding="utf-8")
        reply = _decode(decoder, dataset, current)
        runs += 1
        if reply["outcome"] == "clean_error":
            errors.add(str(reply["detail"]).split(":", 1)[0])
        if reply["outcome"] == "memory_blowup":
            findings.write(json.dumps({"kind": "memory_blowup", "detail": reply["detail"],
                                       "dataset": dataset, "data": data.hex()}) + "\n")  # fmt: skip
            findings.flush()

    while time.monotonic() < deadline:
        one()
    previous = (
        json.loads((work / "stats.json").read_text()) if (work / "stats.json").exists() else {}
    )
    stats = {
        "runs": runs + previous.get("runs", 0),
        "errors": sorted(errors | set(previous.get("errors", []))),
    }
    (work / "stats.json").write_text(json.dumps(stats), encoding="utf-8")


def replay(decoder: Decoder, data: bytes, dataset: str | None) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "input.bin"
        path.write_bytes(data)
        return str(_decode(decoder, dataset, path)["outcome"])


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("lib")
    parser.add_argument("variant")
    parser.add_argument("format")
    parser.add_argument("--seeds", type=Path)
    parser.add_argument("--work", type=Path)
    parser.add_argument("--seconds", type=float)
    parser.add_argument("--replay", type=Path)
    parser.add_argument("--dataset")
    args = parser.parse_args()
    faulthandler.enable()  # a fatal signal prints the Python stack: the finding's frames
    decoder = DECODERS[(args.lib, None if args.variant == "-" else args.variant, args.format)]
    if args.replay:
        print(replay(decoder, args.replay.read_bytes(), args.dataset))
        return 0
    fuzz(decoder, _load_seeds(args.seeds), args.work, args.seconds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
