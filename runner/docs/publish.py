"""`bazel run //runner/docs:publish -- RUN_ID`: make a run of the store the published results.

Writes the run as results/published/snapshot.jsonl.gz (the committed input of the
docs, see runner/docs/snapshot.py) and, when a machine class has more than one run (in the
store, or in the report published before), the history report beside it
(runner/docs/history.py), and regenerates docs/ from them. RUN_ID is a run id,
a unique prefix of one, or `latest`; `bazel run //runner -- runs` lists them.
"""

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from runner.docs import generate, history, snapshot
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
    target = generate.workspace_path(args.snapshot)
    try:
        location = store_path(args.store, args.results)
        data = read_run(location, args.run)
        snapshot.write(data, target)
        classes = history.publish(location, data, target.parent)
    except (UsageError, StoreError, ValueError) as error:
        print(f"publish: error: {error}", file=sys.stderr)
        return 2
    print(f"publish: run {data.run.id} ({data.run.profile} profile, {len(data.cases)} cases) -> {target}")
    print(f"publish: history: {classes} machine class(es) charted ({history.NAME})")
    return generate.main(["--snapshot", str(target), "--out", str(args.out)])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
