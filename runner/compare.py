"""`runner compare RUN_A RUN_B`: did anything change between two runs?

Per case measured in both runs: each median with its 95% confidence interval,
the relative change of B against A, and a Mann-Whitney U test on the raw
samples. A case is called slower or faster only when the test is significant
and the change is at least the minimum effect; below 4 samples a side it is
not judged. Runs of different machine classes are refused unless --force.

Minimum effect: 5%, raised per language to the run-to-run noise the repeatability benchmark
measured on the runs' machine (results/published/repeatability.json beside the store: an
upper 95% confidence bound on what 95% of a language's cases move less than between two
back-to-back runs of the same code, pooled over the report's latest pairs, so that an A/A
compare's false alarms stay under 5% in the next pair, not only on average). A smaller move
cannot be told from that noise with one run a side. It is raised again, for these two runs,
to how far the host itself moved under the language's suite while they ran: each of its two
calibration workloads' slowest reading over its fastest, start and end of both runs, the
larger of the two (in noisy phases of this shared machine a fixed CPU loop moved 5-35% and a
1 MiB copy 8-75% over a pair of runs; judged with 5%, up to 26% of a language's cases were
called changed between two runs of the same code).

Host drift: on a shared machine a whole run can go a few percent faster or slower than
the one before (the same cases, back to back), which makes nearly every case "changed" once intervals are
a few percent wide. So each language's cases are compared as ratios to the language's
median case: B's samples are divided by the median over the language's cases of
median B / median A, the drift, which is printed first. That needs at least 20 cases of
at least 3 libraries in both runs (fewer, and one library's real change would be the
median); otherwise, calibration: each suite times two fixed workloads (a 1 MiB memcpy, a
CPU loop) at its start and end, and when a language's figures differ between the runs by
more than 5% (another machine, or a loaded one: always flagged) its cases are compared as
ratios to its memcpy (or, without one, its CPU loop). A change that hits every library of
a language alike (a new runtime, a faster machine) shows as the drift, not per case;
--absolute compares raw times.
"""

import argparse
import json
import math
import statistics
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from runner import repeatability
from runner.caseid import CaseIdentity
from runner.checks import Samples
from runner.ingest import calibration_json
from runner.paths import UsageError, results_root, store_path
from runner.stats import Comparison, Summary, Verdict, compare_all, format_ns
from runner.store import Run, Store, StoreError


@dataclass(frozen=True)
class CaseComparison:
    identity: CaseIdentity
    result: Comparison | None  # None: the case is in one run only
    only_in: str = ""  # "A" or "B" when result is None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "run_a", metavar="RUN_A", help="baseline run: id, unique id prefix, latest or previous"
    )
    parser.add_argument("run_b", metavar="RUN_B", help="run compared with the baseline")
    parser.add_argument("--alpha", type=float, default=ALPHA, help=f"significance level (default {ALPHA:g})")
    parser.add_argument(
        "--min-effect",
        type=float,
        help=f"smallest change of the median, in %%, worth reporting, every language (default "
        f"{MIN_EFFECT * 100:g}, raised per language to the repeatability benchmark's run-to-run noise)",
    )
    parser.add_argument("--lang", action="append", help="only this language (repeatable)")
    parser.add_argument("--force", action="store_true", help="compare runs of different machine classes")
    parser.add_argument("--json", action="store_true", help="one JSON object per case instead of a table")
    parser.add_argument("--fail-on-slower", action="store_true", help="exit 1 if any case got slower")
    parser.add_argument(
        "--absolute",
        action="store_true",
        help="compare absolute times: no division by the language's drift or calibration",
    )


# The defaults. A case is called changed only when its median moved by at least
# MIN_EFFECT: one run per side cannot tell a smaller move from the run-to-run noise of
# this shared machine. Between two back-to-back runs of the same code a small minimum
# effect called many cases changed: each run's samples agree with each other more closely
# than two runs agree (the samples of one run share its processes and its hour). For
# Python and .NET even 5% is under that run-to-run noise, so the repeatability benchmark's
# report records the noise per language, and compare raises the minimum effect to it for
# runs of the report's machine (MinEffect).
ALPHA, MIN_EFFECT = 0.05, 0.05


@dataclass(frozen=True)
class MinEffect:
    """The smallest change of a median called a change: `default`, raised for a language to
    what, with 95% confidence, 95% of its cases move less than between two runs of the same
    code on this machine, by the repeatability benchmark (`noise`, from `source`)."""

    default: float
    noise: Mapping[str, float] = field(default_factory=dict)
    source: str = ""
    host: Mapping[str, float] = field(default_factory=dict)  # lang -> host_movement's figure

    def of(self, lang: str) -> float:
        return max(repeatability.min_effect(self.default, self.noise, lang), self.host.get(lang, 0.0))

    def describe(self) -> str:
        return (
            f"minimum effect {self.default:.1%}"
            + repeatability.raised(self.default, self.noise, self.source)
            + repeatability.raised_by_host(self.default, self.noise, self.host)
        )

    def with_host(self, shifts: Iterable["CalibrationShift"]) -> "MinEffect":
        """This minimum effect, raised to how far the host moved in the two runs of `shifts`."""
        return replace(self, host=host_movement(shifts))


def measured_min_effect(report: Path, run: Run) -> MinEffect:
    """The default minimum effects for runs of `run`'s machine: raised by the repeatability
    report at `report` when it was measured on that machine."""
    try:
        noise = repeatability.noise(report)
    except ValueError as error:
        raise UsageError(str(error)) from error
    if noise is None or noise.machine != run.fingerprint:
        return MinEffect(MIN_EFFECT)
    return MinEffect(MIN_EFFECT, noise.moved_95, noise.describe())


# Calibrations differing by more than this make absolute times incomparable.
CALIBRATION_TOLERANCE = 0.05
# The workloads a language's times are divided by when they are, in order of preference.
REFERENCE_WORKLOADS = (calibration_json.MEMCPY, calibration_json.CPU_LOOP)


@dataclass(frozen=True)
class CalibrationShift:
    """One language's calibration workload in both runs (median of its start and end figures)."""

    lang: str
    workload: str
    a_ns: float
    b_ns: float
    moved: float = math.nan  # slowest / fastest - 1 over every reading of both runs

    @property
    def change(self) -> float:
        return self.b_ns / self.a_ns - 1

    @property
    def flagged(self) -> bool:
        return abs(self.change) > CALIBRATION_TOLERANCE

    def describe(self) -> str:
        figures = f"{format_ns(self.a_ns)} -> {format_ns(self.b_ns)}"
        return f"{self.lang} {self.workload}: {figures} ({self.change:+.1%})"


def calibration_shifts(store: Store, a: Run, b: Run) -> list[CalibrationShift]:
    """Every (language, workload) both runs calibrated, A against B."""
    first, second = store.calibrations(a.id), store.calibrations(b.id)
    return [
        CalibrationShift(
            *key,
            statistics.median(first[key]),
            statistics.median(second[key]),
            max(first[key] + second[key]) / min(first[key] + second[key]) - 1,
        )
        for key in sorted(first.keys() & second.keys())
    ]


def host_movement(shifts: Iterable[CalibrationShift]) -> dict[str, float]:
    """lang -> how far the host moved under its suite in the two runs: the larger of its
    calibration workloads' movement (a CPU loop, a 1 MiB copy: the host's CPU and its memory
    are disturbed apart, and a case can depend on either)."""
    found: dict[str, float] = {}
    for shift in shifts:
        if not math.isnan(shift.moved):
            found[shift.lang] = max(found.get(shift.lang, 0.0), shift.moved)
    return found


def rescaling(shifts: Iterable[CalibrationShift]) -> dict[str, CalibrationShift]:
    """lang -> the workload its B samples are scaled by: for each language with a flagged
    calibration, its first reference workload both runs have."""
    found: dict[str, CalibrationShift] = {}
    by_lang: dict[str, dict[str, CalibrationShift]] = {}
    for shift in shifts:
        by_lang.setdefault(shift.lang, {})[shift.workload] = shift
    for lang, workloads in by_lang.items():
        if any(s.flagged for s in workloads.values()):
            reference = next((workloads[w] for w in REFERENCE_WORKLOADS if w in workloads), None)
            if reference is not None:
                found[lang] = reference
    return found


# A language's drift is taken over at least this many cases of at least this many libraries.
DRIFT_MIN_CASES, DRIFT_MIN_LIBS = 20, 3


@dataclass(frozen=True)
class Drift:
    """One language's host drift between the runs: its median case's ratio B / A."""

    lang: str
    cases: int
    ratio: float

    def describe(self) -> str:
        return (
            f"{self.lang}: B ran a median {self.ratio - 1:+.1%} against A over {self.cases} cases "
            f"(host drift); compared as ratios to that (B's samples / {self.ratio:.3f})"
        )


def drifts(samples_a: Samples, samples_b: Samples) -> dict[str, Drift]:
    """lang -> its drift, for each language with enough cases and libraries in both runs."""
    ratios: dict[str, list[float]] = {}
    libs: dict[str, set[str]] = {}
    for identity in samples_a.keys() & samples_b.keys():
        a, b = samples_a[identity], samples_b[identity]
        if a and b:
            ratios.setdefault(identity.lang, []).append(statistics.median(b) / statistics.median(a))
            libs.setdefault(identity.lang, set()).add(identity.lib)
    return {
        lang: Drift(lang, len(found), statistics.median(found))
        for lang, found in ratios.items()
        if len(found) >= DRIFT_MIN_CASES and len(libs[lang]) >= DRIFT_MIN_LIBS
    }


@dataclass(frozen=True)
class Normalization:
    """How each language's B samples are scaled before the test, and what the reader is told."""

    scale: dict[str, float]
    notes: list[str]
    drifts: dict[str, Drift]  # the languages divided by their drift


def normalization(
    shifts: list[CalibrationShift], samples_a: Samples, samples_b: Samples, absolute: bool = False
) -> Normalization:
    """Per language: divided by its drift when it has one, else by its calibration workload
    (calibration_shifts) when that moved more than 5%; nothing with absolute. Calibrations
    that moved are always noted."""
    found = {} if absolute else drifts(samples_a, samples_b)
    references = {} if absolute else rescaling(s for s in shifts if s.lang not in found)
    scale = {lang: 1 / d.ratio for lang, d in found.items()}
    scale |= {lang: s.a_ns / s.b_ns for lang, s in references.items()}
    notes = [d.describe() for _, d in sorted(found.items())]
    return Normalization(scale, notes + calibration_notes(shifts, references, set(found)), found)


def compare_runs(
    samples_a: Samples,
    samples_b: Samples,
    alpha: float,
    min_effect: MinEffect | float,
    langs: Iterable[str] | None = None,
    scale: Mapping[str, float] | None = None,
) -> list[CaseComparison]:
    """B against A per case; scale: lang -> factor B's samples are multiplied by (ratios to
    the language's drift or a calibration workload instead of absolute times)."""
    effect = min_effect if isinstance(min_effect, MinEffect) else MinEffect(min_effect)
    wanted = set(langs or ())
    factors = scale or {}
    samples_b = {i: [v * factors.get(i.lang, 1.0) for v in values] for i, values in samples_b.items()}
    cases = [i for i in sorted(samples_a.keys() | samples_b.keys()) if not wanted or i.lang in wanted]
    judged: dict[CaseIdentity, Comparison] = {}
    for lang in sorted({i.lang for i in cases}):
        both = [i for i in cases if i.lang == lang and i in samples_a and i in samples_b]
        pairs = [(samples_a[i], samples_b[i]) for i in both]
        judged |= zip(both, compare_all(pairs, alpha, effect.of(lang)), strict=True)
    return [
        CaseComparison(i, judged[i])
        if i in judged
        else CaseComparison(i, None, "A" if i in samples_a else "B")
        for i in cases
    ]


def _same_machine(a: Run, b: Run) -> bool:
    """Same machine class; runs stored before classes existed compare by fingerprint."""
    if a.machine_class and b.machine_class:
        return a.machine_class == b.machine_class
    return a.fingerprint == b.fingerprint


def _machine(run: Run) -> str:
    return f"{run.machine_class or 'machine ' + run.fingerprint}"


def check_same_machine(a: Run, b: Run, force: bool) -> None:
    if not _same_machine(a, b) and not force:
        raise StoreError(
            f"runs {a.id} and {b.id} were measured on different machine classes "
            f"({_machine(a)} vs {_machine(b)}); pass --force to compare anyway"
        )


def summary_cell(summary: Summary) -> str:
    """ "1.2 us [1.1 us, 1.3 us] n=10": a median with its 95% CI and sample count."""
    interval = (
        "[-]"
        if math.isnan(summary.ci_low)
        else f"[{format_ns(summary.ci_low)}, {format_ns(summary.ci_high)}]"
    )
    return f"{format_ns(summary.median)} {interval} n={summary.n}"


def _table_row(row: CaseComparison) -> list[str]:
    head = [row.identity.lang, row.identity.case_id]
    if row.result is None:
        return [*head, "", "", "", "", f"only in {row.only_in}"]
    r = row.result
    p_value = "-" if math.isnan(r.p_value) else f"{r.p_value:.3g}"
    return [*head, summary_cell(r.a), summary_cell(r.b), f"{r.change:+.1%}", p_value, r.verdict.value]


def render_table(rows: list[CaseComparison], a: Run, b: Run, alpha: float, min_effect: MinEffect) -> str:
    lines = [
        f"A {a.id}  profile {a.profile}  git {a.git_commit[:12]}  machine {a.fingerprint}"
        f"  class {a.machine_class or 'unknown'}",
        f"B {b.id}  profile {b.profile}  git {b.git_commit[:12]}  machine {b.fingerprint}"
        f"  class {b.machine_class or 'unknown'}",
        f"medians per operation with 95% CI; Mann-Whitney U two-sided, alpha {alpha:g}, "
        f"{min_effect.describe()}",
        "",
    ]
    table = [["lang", "case", "A median [95% CI]", "B median [95% CI]", "change", "p", "verdict"]]
    table += [_table_row(row) for row in rows]
    widths = [max(len(cells[i]) for cells in table) for i in range(len(table[0]))]
    lines += [
        "  ".join(cell.ljust(width) for cell, width in zip(cells, widths, strict=True)).rstrip()
        for cells in table
    ]
    return "\n".join([*lines, "", tally(rows)])


def tally(rows: list[CaseComparison]) -> str:
    counts = {
        verdict: sum(1 for r in rows if r.result and r.result.verdict is verdict) for verdict in Verdict
    }
    only = {side: sum(1 for r in rows if r.only_in == side) for side in ("A", "B")}
    judged = ", ".join(f"{counts[v]} {v.value}" for v in Verdict)
    return f"{len(rows)} cases: {judged}; {only['A']} only in A, {only['B']} only in B"


def as_json(row: CaseComparison) -> str:
    record: dict[str, object] = {"lang": row.identity.lang, "case": row.identity.case_id}
    if row.result is None:
        record["only_in"] = row.only_in
    else:
        r = row.result
        for side, summary in (("a", r.a), ("b", r.b)):
            record |= {
                f"{side}_n": summary.n,
                f"{side}_median_ns": summary.median,
                f"{side}_ci_low_ns": summary.ci_low,
                f"{side}_ci_high_ns": summary.ci_high,
            }
        record |= {"change": r.change, "p_value": r.p_value, "verdict": r.verdict.value}
    # NaN is not JSON: an undefined figure is null.
    return json.dumps({k: None if isinstance(v, float) and math.isnan(v) else v for k, v in record.items()})


def calibration_notes(
    shifts: list[CalibrationShift], references: Mapping[str, CalibrationShift], drifted: set[str]
) -> list[str]:
    """What the table's reader must know first: calibrations that moved, and how each such
    language was compared (drifted: compared as ratios to its drift, said elsewhere)."""
    notes = [
        f"CALIBRATION DIFFERS by more than {CALIBRATION_TOLERANCE:.0%}: {s.describe()}"
        for s in shifts
        if s.flagged
    ]
    for lang, reference in sorted(references.items()):
        factor = reference.a_ns / reference.b_ns
        notes.append(f"{lang}: compared as ratios to {reference.workload} (B's samples x {factor:.3f})")
    flagged = {s.lang for s in shifts if s.flagged}
    notes += [
        f"{lang}: compared in absolute times (no reference workload)"
        for lang in sorted(flagged - set(references) - drifted)
    ]
    return notes


def results_folder(store: Store, args: argparse.Namespace) -> Path:
    """The results folder beside a SQLite store; for a server's store, --results or the workspace's."""
    return store.path.parent if store.path is not None else results_root(args.results)


def main(args: argparse.Namespace) -> int:
    with Store.open(store_path(args.store, args.results)) as store:
        a, b = store.resolve_run(args.run_a), store.resolve_run(args.run_b)
        check_same_machine(a, b, args.force)
        shifts = calibration_shifts(store, a, b)
        report = results_folder(store, args) / "published" / repeatability.NAME
        min_effect = (
            MinEffect(args.min_effect / 100)
            if args.min_effect is not None
            else measured_min_effect(report, a).with_host(shifts)
        )
        samples_a, samples_b = store.measured(a.id), store.measured(b.id)
        normalized = normalization(shifts, samples_a, samples_b, args.absolute)
        rows = compare_runs(samples_a, samples_b, args.alpha, min_effect, args.lang, normalized.scale)
    notes = [*normalized.notes, ""] if normalized.notes else []
    if args.json:
        print("\n".join(as_json(row) for row in rows))
    else:
        if not _same_machine(a, b):
            print(
                f"WARNING: different machine classes ({_machine(a)} vs {_machine(b)}), compared with --force"
            )
        print("\n".join([*notes, render_table(rows, a, b, args.alpha, min_effect)]))
    slower = any(r.result and r.result.verdict is Verdict.SLOWER for r in rows)
    return 1 if args.fail_on_slower and slower else 0
