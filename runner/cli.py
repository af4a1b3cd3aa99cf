"""`runner`: the command line of the benchmark runner.

runner all      run every suite, ingest, summarize  (bazel run //runner:all)
runner ingest   ingest results/raw/<run id>/ folders already on disk
runner compare  did anything change between two runs?  (bazel run //runner:compare -- A B)
runner export   the store as CSV, JSON lines or Parquet  (bazel run //runner:export -- --out F)
runner runs     list the runs in the store
runner push     copy finished runs into a team store  (runner push latest --to postgresql://...)
runner history  each case's series across commits, on one machine class
"""

import argparse
import datetime
import json
import sys
from pathlib import Path

from runner import all as all_command
from runner import compare, export, history, push
from runner.ingest.load import record_suite
from runner.ingest.native import IngestError
from runner.machine import runtime_metadata, this_machine
from runner.paths import UsageError, add_store_arguments, store_path, user_path
from runner.run import SuiteResult
from runner.store import Run, Store, StoreError, format_counts
from runner.suites import STEPS, SUITES


def _start_time(run_id: str) -> str | None:
    """A run id is its UTC start time (runner/all.py), so a re-ingested run keeps its place."""
    try:
        start = datetime.datetime.strptime(run_id[:16], "%Y%m%dT%H%M%SZ").replace(tzinfo=datetime.UTC)
    except ValueError:
        return None
    return start.isoformat(timespec="seconds")


def _manifest_run(store: Store, run_dir: Path) -> Run:
    """The run a raw folder belongs to, created from its manifest.json if the store lacks it."""
    manifest_path = run_dir / "manifest.json"
    try:
        manifest = json.loads(manifest_path.read_text())
        run_id = str(manifest["run_id"])
    except (OSError, ValueError, KeyError) as error:
        raise UsageError(f"{manifest_path}: not a run manifest ({error})") from error
    known = store.run(run_id)
    if known is not None:
        return known
    present = sorted(s.lang for s in SUITES if (run_dir / s.lang).is_dir())
    chosen = manifest.get("selection") or {"langs": present, "library": None, "dataset": None}
    # The manifest does not describe the machine: ingesting is assumed to happen where the run did.
    store.create_run(
        run_id,
        str(manifest.get("profile", "unknown")),
        chosen,
        str(manifest.get("git_commit", "unknown")),
        this_machine(),
        runtime_metadata(),
        started_at=_start_time(run_id),
        if_absent=True,
    )
    created = store.run(run_id)
    assert created is not None
    return created


def _ingest_dir(store: Store, run_dir: Path) -> bool:
    """Ingests one raw run folder; False if any file was refused."""
    run = _manifest_run(store, run_dir)
    recorded = {s["lang"]: s for s in json.loads((run_dir / "manifest.json").read_text()).get("suites", [])}
    clean = True
    for suite in (*SUITES, *STEPS):
        if not (run_dir / suite.lang).is_dir():
            continue
        entry = recorded.get(suite.lang, {})
        # How the process ended; manifests from before process_* existed only have the final word.
        process = SuiteResult(
            suite.lang,
            str(entry.get("process_status", entry.get("status", "ok"))),
            float(entry.get("seconds", 0.0)),
            str(entry.get("process_reason", entry.get("reason", ""))),
        )
        result = record_suite(store, run.id, suite, run_dir / suite.lang, process)
        clean = clean and result.reason == process.reason
        print(f"{run.id} {suite.lang}: {result.status}" + (f" ({result.reason})" if result.reason else ""))
    store.finish_run(run.id)
    return clean


def ingest_main(args: argparse.Namespace) -> int:
    with Store.open(store_path(args.store, args.results)) as store:
        results = [_ingest_dir(store, user_path(path)) for path in args.run_dirs]
    return 0 if all(results) else 1


def runs_main(args: argparse.Namespace) -> int:
    with Store.open(store_path(args.store, args.results)) as store:
        for run in store.runs():
            print(
                f"{run.id}  {run.status:<8}  {run.profile:<5}  git {run.git_commit[:12]:<12}  "
                f"machine {run.fingerprint}  class {run.machine_class or 'unknown'}  "
                f"{format_counts(store.counts(run.id))}"
            )
    return 0


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(
        prog="runner", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = root.add_subparsers(dest="command", required=True)
    run_all = commands.add_parser(
        "all",
        help="run every suite and ingest",
        description=all_command.__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    all_command.add_arguments(run_all)
    run_all.set_defaults(handler=all_command.main)
    ingest = commands.add_parser("ingest", help="ingest raw run folders")
    ingest.add_argument(
        "run_dirs",
        nargs="+",
        type=Path,
        metavar="RUN_DIR",
        help="a results/raw/<run id> folder (with manifest.json)",
    )
    add_store_arguments(ingest)
    ingest.set_defaults(handler=ingest_main)
    for name, module in (("compare", compare), ("export", export), ("history", history), ("push", push)):
        sub = commands.add_parser(
            name,
            help=(module.__doc__ or "").splitlines()[0],
            description=module.__doc__,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        module.add_arguments(sub)
        add_store_arguments(sub)
        sub.set_defaults(handler=module.main)
    runs = commands.add_parser("runs", help="list the runs in the store")
    add_store_arguments(runs)
    runs.set_defaults(handler=runs_main)
    return root


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    try:
        return int(args.handler(args))
    except (UsageError, StoreError, IngestError) as error:
        print(f"runner {args.command}: error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
