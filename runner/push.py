"""`runner push RUN... --to URL`: copies finished runs from this store into a team store.

Each run goes whole, in one transaction: its suites, native files, results with every
raw sample, metrics, self-check flags, calibrations, the cross-language steps' rows and
its machine. A run the team store already holds with the same contents is left as it
is; one it holds under the same id with other contents is refused.
"""

import argparse
import sys
import time

from runner.paths import UsageError, store_path
from runner.store import Store, StoreError
from runner.store_copy import read_run, write_run


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("runs", nargs="+", metavar="RUN", help="run id, unique prefix, latest or previous")
    parser.add_argument(
        "--to", required=True, metavar="URL", help="the team store: postgresql://... or sqlite:///path"
    )


def push_run(source: Store, target: Store, ref: str) -> str:
    """Pushes one run; returns what happened, as the line to print."""
    run = source.resolve_run(ref)
    if run.status != "complete":
        raise UsageError(f"run {run.id} is not finished (status {run.status}); only finished runs are pushed")
    start = time.perf_counter()
    rows = read_run(source, run.id)
    if not write_run(target, rows):
        return f"{run.id}: already in {target.where}, identical; nothing changed"
    counts = source.counts(run.id)
    return (
        f"{run.id}: pushed to {target.where}: {counts['measured']} cases measured,"
        f" {len(rows.tables['samples'])} samples in {time.perf_counter() - start:.1f} s"
    )


def main(args: argparse.Namespace) -> int:
    refused = 0
    with (
        Store.open(store_path(args.store, args.results)) as source,
        Store.open(store_path(args.to, None)) as target,
    ):
        for ref in args.runs:
            try:
                print(push_run(source, target, ref))
            except (UsageError, StoreError) as error:
                print(f"runner push: error: {error}", file=sys.stderr)
                refused += 1
    return 1 if refused else 0
