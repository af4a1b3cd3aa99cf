"""`bazel run //runner/docs:publish -- RUN_ID`: make a run of the store the published results.

Writes the run as results/published/snapshot.jsonl.gz (the committed input of the
docs, see runner/docs/snapshot.py) and regenerates docs/ from it. RUN_ID is a run id,
a unique prefix of one, or `latest`; `bazel run //runner -- runs` lists them.
"""

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from runner.docs import generate, snapshot
from runner.docs.store_snapshot import read_run
from runner.paths import UsageError, add_store_arguments, store_path
from runner.store import StoreError


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="publish", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("run", metavar="RUN_ID")
    add_store_arguments(parser)
    parser.add_argument("--snapshot", type=Path, default=generate.PUBLISHED)
    parser.add_argument("--out", type=Path, default=generate.DOCS, help="docs folder (default: docs/)")
    args = parser.parse_args(argv)
    try:
        data = read_run(store_path(args.store, args.results), args.run)
    except (UsageError, StoreError, ValueError) as error:
        print(f"publish: error: {error}", file=sys.stderr)
        return 2
    target = generate.workspace_path(args.snapshot)
    snapshot.write(data, target)
    print(f"publish: run {data.run.id} ({data.run.profile} profile, {len(data.cases)} cases) -> {target}")
    return generate.main(["--snapshot", str(target), "--out", str(args.out)])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
