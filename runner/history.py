"""`runner history`: each case's series across commits, on one machine class.

For every case the filters select, one line per complete run of that machine class,
oldest first: the run's date, git commit and id, and the case's median with its 95%
confidence interval and sample count. Runs of other classes are never mixed in; the
class shown is --class, else the latest run's, and the output opens by naming it.

Change points: PELT on the series' medians (runner/changepoints.py, Killick, Fearnhead and
Eckley 2012); a step is marked (`<< step +12.0% (noise ±3.1%)` on the first run after it)
only when it exceeds the series' own run-to-run noise, and at least the language's noise
that the repeatability benchmark measured on this machine.

Calibration: each suite times two fixed workloads at its start and end. A run whose
workload moved from the class's typical figure (the median over its runs) by more than
the class's recorded noise (3 robust standard deviations of those runs' figures, at least
`runner compare`'s 5% calibration tolerance; judged from 3 runs of the class on) is flagged
on its lines (`[calibration moved: ...]`) and listed under the class: its numbers were
measured on a machine that ran faster or slower than usual.
"""

import argparse
import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from runner import changepoints, repeatability
from runner.caseid import CaseIdentity, CaseIdError, parse_case_id
from runner.compare import CALIBRATION_TOLERANCE, measured_min_effect, results_folder, summary_cell
from runner.paths import UsageError, store_path
from runner.stats import Summary, median_ci
from runner.store import Store
from runner.store_reads import HistoryPoint, class_calibrations, history_points

# A class's calibration noise is judged from this many runs on (with two, each is as far
# from their median as the other).
MIN_CALIBRATED_RUNS = 3
# How many robust standard deviations from its class's median a calibration may move.
CALIBRATION_SIGMAS = 3.0
# The MAD of normal values is this share of their standard deviation.
_MAD_NORMAL = 0.6744898


def add_arguments(parser: argparse.ArgumentParser) -> None:
    for name in ("lang", "library", "dataset", "op"):
        parser.add_argument(f"--{name}", help=f"only cases of this {name}")
    parser.add_argument("--case", help="only this case id (dataset=.../size=.../op=.../format=.../lib=...)")
    parser.add_argument("--class", dest="machine_class", help="machine class id (default: the latest run's)")
    parser.add_argument("--profile", help="only runs of this profile")


@dataclass(frozen=True)
class CalibrationMove:
    """A run's calibration workload, away from its class's median by more than the class's noise."""

    lang: str
    workload: str
    change: float  # a share: +0.12 is 12% slower than the class's median
    noise: float  # the class's recorded noise, a share

    def describe(self) -> str:
        return f"{self.lang} {self.workload} {self.change:+.1%} (class noise ±{self.noise:.1%})"


def calibration_moves(
    by_run: Mapping[str, Mapping[tuple[str, str], Sequence[float]]],
) -> dict[str, list[CalibrationMove]]:
    """run id -> its calibration workloads that moved beyond the class's recorded noise.
    by_run: every run of one class -> (lang, workload) -> its figures in ns (start and end)."""
    per_workload: dict[tuple[str, str], dict[str, float]] = {}
    for run_id, workloads in by_run.items():
        for key, figures in workloads.items():
            per_workload.setdefault(key, {})[run_id] = math.log(statistics.median(figures))
    moves: dict[str, list[CalibrationMove]] = {}
    for (lang, workload), runs in sorted(per_workload.items()):
        if len(runs) < MIN_CALIBRATED_RUNS:
            continue
        center = statistics.median(runs.values())
        sigma = statistics.median(abs(v - center) for v in runs.values()) / _MAD_NORMAL
        noise = max(math.expm1(CALIBRATION_SIGMAS * sigma), CALIBRATION_TOLERANCE)
        for run_id, value in runs.items():
            if abs(value - center) > math.log1p(noise):
                moves.setdefault(run_id, []).append(
                    CalibrationMove(lang, workload, math.expm1(value - center), noise)
                )
    return moves


@dataclass(frozen=True)
class Series:
    """One case across the runs of a class, oldest first, with its change points."""

    identity: CaseIdentity
    points: list[HistoryPoint]
    summaries: list[Summary]
    steps: list[changepoints.Step]  # every change point PELT found, marked or not

    @property
    def marked(self) -> dict[int, changepoints.Step]:
        """index of the first point after a marked step -> the step."""
        return {step.at: step for step in self.steps if step.marked}


def series_of(points: Sequence[HistoryPoint], noise: Mapping[str, float]) -> list[Series]:
    """The points grouped by case (sorted by case), each with its change points; noise:
    lang -> its run-to-run noise (a share), the smallest step marked."""
    found: dict[CaseIdentity, dict[str, HistoryPoint]] = {}
    for point in points:
        found.setdefault(point.identity, {})[point.run_id] = point
    made = []
    for identity, runs in sorted(found.items(), key=lambda item: str(item[0])):
        summaries = [median_ci(p.samples) for p in runs.values()]
        medians = [s.median for s in summaries]
        timed = all(m > 0 for m in medians)
        steps = (
            changepoints.steps(
                medians,
                [s.ci_low for s in summaries],
                [s.ci_high for s in summaries],
                noise.get(identity.lang, 0.0),
            )
            if timed
            else []
        )
        made.append(Series(identity, list(runs.values()), summaries, steps))
    return made


def _line(
    point: HistoryPoint, summary: Summary, step: changepoints.Step | None, moved: list[CalibrationMove]
) -> str:
    where = f"{point.started_at[:10]}  git {point.git_commit[:12]:<12}  {point.run_id}"
    marks = [f"<< step {step.describe()}"] if step else []
    mine = [m.describe() for m in moved if m.lang == point.identity.lang]
    marks += [f"[calibration moved: {'; '.join(mine)}]"] if mine else []
    return "  ".join([f"  {where}", summary_cell(summary), *marks])


def render(
    machine_class: str,
    facts: dict[str, object],
    series: Sequence[Series],
    moves: Mapping[str, list[CalibrationMove]],
) -> str:
    lines = [f"machine class {machine_class}: " + ", ".join(f"{k} {v}" for k, v in facts.items())]
    shown = {p.run_id for s in series for p in s.points}
    lines += [
        f"calibration moved beyond the class's noise in run {run_id}: "
        + "; ".join(m.describe() for m in found)
        for run_id, found in moves.items()
        if run_id in shown
    ]
    for one in series:
        lines += ["", str(one.identity)]
        marked = one.marked
        lines += [
            _line(point, summary, marked.get(index), moves.get(point.run_id, []))
            for index, (point, summary) in enumerate(zip(one.points, one.summaries, strict=True))
        ]
    steps = sum(len(s.marked) for s in series)
    return "\n".join(
        [*lines, "", f"{len(series)} case(s), {len(shown)} run(s), {steps} step(s) above the noise"]
    )


def language_noise(store: Store, args: argparse.Namespace, machine_class: str) -> dict[str, float]:
    """lang -> the run-to-run noise the repeatability benchmark measured on this class's
    latest machine ({} without a report of that machine, or without a results folder)."""
    runs = [r for r in store.runs() if r.machine_class == machine_class]
    try:
        report = results_folder(store, args) / "published" / repeatability.NAME
    except UsageError:  # a server's store outside `bazel run` and without --results: no report
        return {}
    return dict(measured_min_effect(report, runs[-1]).noise) if runs else {}


def case_filters(case_id: str | None) -> dict[str, str | int | None]:
    """The case columns a case id names (every one but the language); none without one."""
    if case_id is None:
        return {}
    try:
        case = parse_case_id(case_id, "")
    except CaseIdError as error:
        raise UsageError(str(error)) from error
    return {
        "lib": case.lib,
        "format": case.format,
        "op": case.op,
        "dataset": case.dataset,
        "size": case.size,
        "variant": case.variant,
    }


def main(args: argparse.Namespace) -> int:
    with Store.open(store_path(args.store, args.results)) as store:
        kind = args.machine_class or store.resolve_run("latest").machine_class
        if kind is None:
            raise UsageError("the latest run predates machine classes: name one with --class")
        filters = {"lang": args.lang, "lib": args.library, "dataset": args.dataset, "op": args.op}
        points = history_points(store, kind, filters | case_filters(args.case), args.profile)
        facts = store.class_facts(kind)
        moves = calibration_moves(class_calibrations(store, kind))
        noise = language_noise(store, args, kind)
    if not points:
        raise UsageError(f"no measured case of machine class {kind} matches these filters")
    print(render(kind, facts, series_of(points, noise), moves))
    return 0
