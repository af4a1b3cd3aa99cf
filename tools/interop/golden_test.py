"""Decodes every golden vector with one language's interop binary.

    golden_test --lang cpp --binary PATH

Each file tools/interop/golden/<dataset>_<size>.<format> was written by
the reference encoder from the canonical fixture; the binary must decode it to
values equal to the fixture (or say the format is not applicable to it). Ends
with the plain line `golden <lang>: N passed, N not applicable, N failed`.
"""

import argparse
import sys
from collections import Counter
from pathlib import Path

from schemas.interop.protocol import Case, run_step

GOLDEN = Path("tools/interop/golden")


def golden_cases() -> list[tuple[Case, Path]]:
    """Every golden file in the runfiles tree (the working directory) with its case."""
    cases = []
    for path in sorted(GOLDEN.iterdir()):
        stem, fmt = path.name.rsplit(".", 1)
        dataset, size = stem.rsplit("_", 1)
        cases.append((Case(fmt, dataset, int(size)), path))
    if not cases:
        sys.exit(f"no golden vectors under {GOLDEN.resolve()}")
    return cases


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lang", required=True)
    parser.add_argument("--binary", required=True, type=Path)
    opts = parser.parse_args(argv)
    command = [str(opts.binary.resolve())]
    counts = Counter[str]()
    for case, path in golden_cases():
        outcome = run_step(command, "decode", case, path)
        counts[outcome.status] += 1
        label = f"{case.format}/{case.dataset}/{case.size}"
        status = "FAIL" if outcome.status == "failed" else outcome.status
        print(f"{status} {label} {outcome.message}".rstrip())
    print(
        f"golden {opts.lang}: {counts['ok']} passed, {counts['not_applicable']} not applicable,"
        f" {counts['failed']} failed"
    )
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
