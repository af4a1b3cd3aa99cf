"""`runner history`: each case's series across commits, on one machine class.

For every case the filters select, one line per complete run of that machine class,
oldest first: the run's date, git commit and id, and the case's median with its 95%
confidence interval and sample count. Runs of other classes are never mixed in; the
class shown is --class, else the latest run's, and the output opens by naming it.
"""

import argparse
from collections.abc import Sequence

from runner.caseid import CaseIdentity
from runner.compare import summary_cell
from runner.paths import UsageError, store_path
from runner.stats import median_ci
from runner.store import Store
from runner.store_reads import HistoryPoint, history_points


def add_arguments(parser: argparse.ArgumentParser) -> None:
    for name in ("lang", "library", "dataset", "op"):
        parser.add_argument(f"--{name}", help=f"only cases of this {name}")
    parser.add_argument("--case", help="only this case id (dataset=.../size=.../op=.../format=.../lib=...)")
    parser.add_argument("--class", dest="machine_class", help="machine class id (default: the latest run's)")
    parser.add_argument("--profile", help="only runs of this profile")


def _series(points: Sequence[HistoryPoint]) -> dict[CaseIdentity, dict[str, HistoryPoint]]:
    """case -> run id -> its point, runs in the order stored (oldest first)."""
    found: dict[CaseIdentity, dict[str, HistoryPoint]] = {}
    for point in points:
        found.setdefault(point.identity, {})[point.run_id] = point
    return found


def _line(point: HistoryPoint) -> str:
    where = f"{point.started_at[:10]}  git {point.git_commit[:12]:<12}  {point.run_id}"
    return f"  {where}  {summary_cell(median_ci(point.samples))}"


def render(machine_class: str, facts: dict[str, object], points: Sequence[HistoryPoint]) -> str:
    lines = [f"machine class {machine_class}: " + ", ".join(f"{k} {v}" for k, v in facts.items())]
    for identity, runs in sorted(_series(points).items(), key=lambda item: str(item[0])):
        lines += ["", str(identity)]
        lines += [_line(point) for point in runs.values()]
    cases = len(_series(points))
    return "\n".join([*lines, "", f"{cases} case(s), {len({p.run_id for p in points})} run(s)"])


def main(args: argparse.Namespace) -> int:
    with Store.open(store_path(args.store, args.results)) as store:
        kind = args.machine_class or store.resolve_run("latest").machine_class
        if kind is None:
            raise UsageError("the latest run predates machine classes: name one with --class")
        filters = {"lang": args.lang, "lib": args.library, "dataset": args.dataset, "op": args.op}
        points = history_points(store, kind, filters, args.profile)
        facts = store.class_facts(kind)
    if args.case:
        points = [p for p in points if p.identity.case_id == args.case]
    if not points:
        raise UsageError(f"no measured case of machine class {kind} matches these filters")
    print(render(kind, facts, points))
    return 0
