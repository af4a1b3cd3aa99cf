"""`bazel run //runner:repeatability`: does a run repeat itself? (a benchmark, not a test)

Takes a fixed subset of each language's cases (`--per-lang`, default 120, drawn with a
fixed seed from the cases a run measured, `--from`: by default the published snapshot's
run, the one the docs show, or a run of the store), measures it twice back to back
through the suites (`--cases FILE`, the `standard` profile unless `--profile`), each time
as a run of the store made exactly as `runner all` makes one (re-measure and self-checks
included), and reports per language:

- the share of cases whose times (the fastest round, the figure the docs show) agree within
  ±5% and within ±10% (cases of at least 1 µs in the first run: below that, timer
  resolution dominates), and within ±5% once the language's drift (its median case's ratio
  of times B / A) is divided out; and, for the record, the share whose medians agree within
  ±5%;
- that ±5% share split by the calls a sample timed (in the first run): the cases whose every
  sample timed one call (a call slow enough to be timed once a sample, which a phase of the
  host's load can cover whole) and the others (whose samples average over many calls);
- that ±5% share split by the size of the case's payload (its wire bytes, in the first run):
  under 16 KiB, under 256 KiB, and larger. The larger a case's data, the more of its work
  runs out of the core's own caches, in the cache and memory the host's other tenants share,
  whose load on them moves from minute to minute;
- the ±5% share the cases' times would have had if both runs had drawn their rounds from one
  pool, the two runs' rounds of the case together (`one_pool`: at the runs' rounds, and at
  two and three times as many): what the round-to-round noise alone allows. Below the
  target even there, more rounds are what the times need; at it while the actual share
  falls short, the runs differ as wholes (their processes or the host's phases
  moved every round of a case), which no number of rounds within a run averages out;
- how far the cases' medians moved: 95% of the cases of at least 1 µs moved less than
  `moved_95` (the host drift `runner compare` finds, on medians, divided out); with 95%
  confidence, 95% of the cases move less than `moved_95_bound` (a distribution-free upper
  bound on that percentile), the run-to-run noise `runner compare` (which judges medians)
  raises its minimum effect to, so that its false alarms stay under 5% in the next pair and
  not only on average; and their times less than `time_moved_95` (the times' drift divided
  out);
- how far the ratio of two cases' times moved when both time the same work (the same
  dataset, size and op: two libraries, or two variants, on one comparison): 95% of those
  ratios moved less than `ratio_moved_95`. The docs call two libraries tied within it: they
  judge a lead by such ratios, and a ratio moves by both cases' own noise (more than one
  case's time, when each moves on its own) less what moves both alike (less, when the
  runtime's or the host's phase moves them together);
- how far the host itself moved: each of the language's calibrations (fixed workloads its
  suite times with its own clock at the start and end of each run: a CPU loop, a 1 MiB
  copy), its slowest reading over its fastest, minus one, over both runs (`cpu_loop_moved`,
  `memcpy_moved`). Past 5%, the host moved by more than the target's tolerance, and a low
  share says more about the host than about the harness;
- the share of cases an A/A `runner compare` of the two runs (its defaults: drift divided
  out, the minimum effect raised to the noise of the report this one replaces, so the
  figure is out of sample, and to how far the host moved in these two runs, the larger of
  the two calibrations' movement) flags as changed (slower or faster), of those it could
  judge.

The noise the other commands use is pooled: the report keeps each case's movements of its
latest WINDOW pairs drawn from the same run on the same machine (`window`, the new pair
last; the pairs of a report at `--out` drawn from another run or measured on another
machine are not carried), and `pooled` gives `moved_95_bound`, `time_moved_95` and
`ratio_moved_95` over all their cases (the last over the pairs that kept ratios). One pair's
figures swing with the host's phase, so the last pair alone would set the next one's noise
too low after a quiet pair and far too high after a noisy one. Each pair of the window also
keeps its languages' shares of times within ±5% and their one-pool shares (`agreement`),
printed and shown pair by pair: the target asks for two consecutive pairs.

Both run ids go with the figures, printed and written to `--out` (default
results/published/repeatability.json, beside the published snapshot: regenerating the docs,
`bazel run //runner/docs:generate`, puts them on the methodology page). The
targets on this machine: >= 90% of cases within ±5%, A/A flags <= 5%.
"""

import argparse
import bisect
import itertools
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from scipy import stats  # type: ignore[import-untyped]  # scipy ships no type information

from runner import all as run_all
from runner.caseid import CaseIdentity
from runner.compare import (
    ALPHA,
    CaseComparison,
    Drift,
    MinEffect,
    calibration_shifts,
    compare_runs,
    measured_min_effect,
    normalization,
)
from runner.docs import snapshot
from runner.ingest import calibration_json
from runner.machine import runtime_metadata, this_machine
from runner.paths import UsageError, add_store_arguments, results_root, runfile, store_path, user_path
from runner.repeatability import (
    NAME,
    listed_pairs,
    pair_shares,
    pairs_of_runs,
    payload_shares,
    percent,
    pool_shares,
    ratio,
    read,
)
from runner.stats import Summary, Verdict, median_ci
from runner.store import Store, StoreError
from runner.suites import SUITES, Invocation, Suite
from schemas.catalog import catalog

PUBLISHED = "published"  # --from: the cases of the published snapshot's run
PER_LANG = 120  # cases measured per language (the targets need at least 100)
SEED = 14
MIN_NS = 1000.0  # cases faster than this are left out of the agreement shares
TOLERANCES = (0.05, 0.10)
# The payload sizes the ±5% share is split at (bytes): a core's L1 and L2 caches hold the
# smaller cases' work, the largest run in the cache and memory other tenants share.
PAYLOAD_BOUNDS = (16 * 1024, 256 * 1024)
PAYLOAD_BINS = ("< 16 KiB", "< 256 KiB", ">= 256 KiB")
MOVED_SHARE = 0.95  # moved_95: the change this share of cases stayed within
# moved_95_bound: the change this share of cases stays within, with this confidence.
BOUND_CONFIDENCE = 0.95
# one_pool: the rounds each run draws, as multiples of the rounds the runs took.
ONE_POOL_MULTIPLES = (1, 2, 3)
# The pairs of runs whose movements the noise figures pool: the latest and those before it,
# drawn from the same run on the same machine.
WINDOW = 3
MOVEMENTS = ("moved", "time_moved", "ratio_moved")  # the per-case fields kept in the window
ADDED_LATER = ("ratio_moved",)  # movements a window pair of an older report may lack


@dataclass(frozen=True)
class Repeatability:
    """One language's figures over two runs of the same cases."""

    lang: str
    cases: int  # measured in both runs
    timed: int  # of those, at least MIN_NS in the first run: the agreement shares' base
    within_5pct: float  # times (fastest rounds) within ±5%
    within_10pct: float
    drift: float  # time B / time A at the language's median case (NaN: too few to tell)
    within_5pct_of_drift: float  # times within ±5% once the drift is divided out
    median_within_5pct: float  # medians within ±5%
    moved_95: float  # 95% of the cases >= MIN_NS moved their medians less than this (drift out)
    # An upper 95% confidence bound on that: the noise `runner compare` raises its minimum
    # effect to, so that its false alarms stay under 5% in the next pair, not just on average.
    moved_95_bound: float
    time_moved_95: float  # and their times less than this (the times' drift out): the ties' noise
    judged: int  # cases the A/A compare could judge (enough samples)
    changed: float  # share of the judged cases it called slower or faster
    # The calibrations' slowest / fastest - 1 over both runs (NaN: none): computation, memory.
    cpu_loop_moved: float = math.nan
    memcpy_moved: float = math.nan
    # The timed cases split by the calls a sample timed (the first run's): one call, or several.
    single_call: int = 0
    single_call_within_5pct: float = math.nan
    several_calls_within_5pct: float = math.nan
    # The timed cases by payload size (PAYLOAD_BINS; cases without a payload left out):
    # (bin, cases, share within ±5%).
    by_payload: tuple[tuple[str, int, float], ...] = ()
    # Each timed case's movement, sorted: its median's (moved_95's) and its time's
    # (time_moved_95's). The report keeps them in its window of pairs, not with the figures.
    moved: tuple[float, ...] = ()
    time_moved: tuple[float, ...] = ()
    # Each two timed cases of one comparison: how far the ratio of their times moved, sorted.
    ratio_moved: tuple[float, ...] = ()
    ratio_moved_95: float = math.nan  # 95% of them moved less than this: the ties' noise
    # (rounds drawn per run, share of times within ±5%) had both runs drawn their rounds from
    # the two runs' rounds of the case pooled, for each of ONE_POOL_MULTIPLES (see the module).
    one_pool: tuple[tuple[int, float], ...] = ()


def choose(measured: Iterable[CaseIdentity], per_lang: int, seed: int) -> dict[str, list[CaseIdentity]]:
    """A fixed subset of each language's cases: the same seed and cases give the same subset."""
    by_lang: dict[str, list[CaseIdentity]] = {}
    for identity in sorted(measured):
        by_lang.setdefault(identity.lang, []).append(identity)
    return {
        lang: sorted(random.Random(f"{seed}/{lang}").sample(cases, min(per_lang, len(cases))))
        for lang, cases in by_lang.items()
    }


def _share(count: int, total: int) -> float:
    return count / total if total else float("nan")


def _agreeing(pairs: Sequence[tuple[float, float]], tolerance: float, scale: float = 1.0) -> int:
    """How many (A, B) pairs agree within tolerance of A once B is divided by scale."""
    return sum(1 for a, b in pairs if _agree(a, b / scale, tolerance))


def _agree(a: float, b: float, tolerance: float) -> bool:
    """Whether b lies within tolerance of a."""
    return abs(b - a) <= tolerance * a


def _fastest_of(pool: Sequence[float], draws: int) -> list[tuple[float, float]]:
    """(value, probability) of the fastest of `draws` draws, with replacement, from pool."""
    ordered = sorted(pool)
    n = len(ordered)
    found = []
    for place, value in enumerate(ordered):
        if place and ordered[place - 1] == value:
            continue  # a repeated value's probability went with its first place
        above = n - place  # values at least this one
        beyond = n - bisect.bisect_right(ordered, value)
        found.append((value, (above / n) ** draws - (beyond / n) ** draws))
    return found


def one_pool_agreement(first: Sequence[float], second: Sequence[float], draws: int) -> float:
    """The chance that two runs' fastest rounds agree within ±5% when each draws `draws` rounds,
    with replacement, from the case's rounds of both runs pooled: exact, over the pool's values."""
    fastest = _fastest_of([*first, *second], draws)
    return sum(p * q for a, p in fastest for b, q in fastest if _agree(a, b, TOLERANCES[0]))


def _one_pool(
    rounds: Mapping[CaseIdentity, tuple[Sequence[float], Sequence[float]]],
) -> tuple[tuple[int, float], ...]:
    """The ±5% share of the cases' times were both runs' rounds drawn from one pool (each
    case drawing as many as the fewer of its two runs took, times each multiple), labelled by
    the rounds the most cases drew."""
    if not rounds:
        return ()
    taken = {i: min(len(a), len(b)) for i, (a, b) in rounds.items()}
    usual = statistics.mode(taken.values())
    return tuple(
        (
            usual * multiple,
            statistics.fmean(one_pool_agreement(a, b, taken[i] * multiple) for i, (a, b) in rounds.items()),
        )
        for multiple in ONE_POOL_MULTIPLES
    )


def _quantile(ordered: Sequence[float]) -> float:
    """The change MOVED_SHARE of the cases stayed within."""
    return ordered[math.ceil(MOVED_SHARE * len(ordered)) - 1] if ordered else math.nan


def _upper_bound(ordered: Sequence[float]) -> float:
    """A distribution-free upper confidence bound (BOUND_CONFIDENCE) on the MOVED_SHARE
    quantile: the smallest order statistic x(k) with P(x(k) >= the quantile) = P(Binomial(n,
    MOVED_SHARE) <= k - 1) at least the confidence; the largest value when n is too small
    for it (120 cases give the 119th)."""
    n = len(ordered)
    if not n:
        return math.nan
    k = int(stats.binom.ppf(BOUND_CONFIDENCE, n, MOVED_SHARE)) + 1
    return ordered[min(k, n) - 1]


def repeatability(
    lang: str,
    first: Mapping[CaseIdentity, Sequence[float]],
    second: Mapping[CaseIdentity, Sequence[float]],
    compared: Sequence[CaseComparison],
    drift: Drift | None = None,
    min_ns: float = MIN_NS,
    single: Collection[CaseIdentity] = frozenset(),
    payload: Mapping[CaseIdentity, float] | None = None,
) -> Repeatability:
    """The figures of one language from both runs' samples, their A/A comparison, the
    language's drift between them (compare.normalization's; None: too few cases to tell),
    the cases whose samples each timed one call in the first run (Store.single_call_cases)
    and each case's payload bytes (its wire_bytes metric)."""
    both = [i for i in first if i.lang == lang and i in second]
    summaries = {i: (median_ci(first[i]), median_ci(second[i])) for i in both}
    kept = {i: s for i, s in summaries.items() if s[0].median >= min_ns}
    times = [(a.fastest, b.fastest) for a, b in kept.values()]
    medians = [(a.median, b.median) for a, b in kept.values()]
    one = [(a.fastest, b.fastest) for i, (a, b) in kept.items() if i in single]
    several = [(a.fastest, b.fastest) for i, (a, b) in kept.items() if i not in single]
    within = [_agreeing(times, t) for t in TOLERANCES]
    # The times' own drift: the host's (compare's, on medians) would move the fastest rounds
    # by what other tenants added to the middle of the rounds.
    host = statistics.median(b / a for a, b in times) if drift and times else math.nan
    relative = _agreeing(times, TOLERANCES[0], host)
    median_within = _agreeing(medians, TOLERANCES[0])
    moved = sorted(abs(b / (drift.ratio if drift else 1.0) / a - 1) for a, b in medians)
    time_moved = sorted(abs(b / (host if drift else 1.0) / a - 1) for a, b in times)
    ratio_moved = _ratio_moved({i: (a.fastest, b.fastest) for i, (a, b) in kept.items()})
    judged = [
        c
        for c in compared
        if c.identity.lang == lang and c.result and c.result.verdict is not Verdict.TOO_FEW
    ]
    changed = sum(1 for c in judged if c.result and c.result.verdict in (Verdict.SLOWER, Verdict.FASTER))
    return Repeatability(
        lang,
        len(both),
        len(kept),
        _share(within[0], len(kept)),
        _share(within[1], len(kept)),
        host,
        _share(relative, len(kept)) if drift else math.nan,
        _share(median_within, len(kept)),
        _quantile(moved),
        _upper_bound(moved),
        _quantile(time_moved),
        len(judged),
        _share(changed, len(judged)),
        single_call=len(one),
        single_call_within_5pct=_share(_agreeing(one, TOLERANCES[0]), len(one)),
        several_calls_within_5pct=_share(_agreeing(several, TOLERANCES[0]), len(several)),
        by_payload=_by_payload(kept, payload or {}),
        moved=tuple(moved),
        time_moved=tuple(time_moved),
        ratio_moved=tuple(ratio_moved),
        ratio_moved_95=_quantile(ratio_moved),
        one_pool=_one_pool({i: (first[i], second[i]) for i in kept}),
    )


def _ratio_moved(times: Mapping[CaseIdentity, tuple[float, float]]) -> list[float]:
    """For each two cases of one comparison (the same dataset, size and op), how far the ratio
    of their times (A, B) moved from the first run to the second, sorted. What moves both
    cases alike, as the host's drift, cancels in the ratio."""
    by_comparison: dict[tuple[str, int, str], list[tuple[float, float]]] = {}
    for identity, pair in sorted(times.items()):
        by_comparison.setdefault((identity.dataset, identity.size, identity.op), []).append(pair)
    return sorted(
        abs((b1 / b2) / (a1 / a2) - 1)
        for found in by_comparison.values()
        for (a1, b1), (a2, b2) in itertools.combinations(found, 2)
    )


def _by_payload(
    kept: Mapping[CaseIdentity, tuple[Summary, Summary]], payload: Mapping[CaseIdentity, float]
) -> tuple[tuple[str, int, float], ...]:
    """The share of times within ±5% in each payload bin that holds a case."""
    bins: dict[str, list[tuple[float, float]]] = {}
    for identity, (a, b) in kept.items():
        if identity in payload:
            place = bisect.bisect_right(PAYLOAD_BOUNDS, payload[identity])
            bins.setdefault(PAYLOAD_BINS[place], []).append((a.fastest, b.fastest))
    return tuple(
        (name, len(bins[name]), _share(_agreeing(bins[name], TOLERANCES[0]), len(bins[name])))
        for name in PAYLOAD_BINS
        if name in bins
    )


def _json_number(value: object) -> object:
    return None if isinstance(value, float) and math.isnan(value) else value


def render(figures: Sequence[Repeatability], run_a: str, run_b: str) -> str:
    lines = [
        f"repeatability: runs {run_a} and {run_b} (the same cases, back to back)",
        f"{'lang':<8} {'cases':>5} {'>=1us':>6} {'±5%':>7} {'±10%':>7} {'drift':>6} "
        f"{'±5% of drift':>12} {'median ±5%':>10} {'95% moved <':>11} {'bound <':>7} {'times 95% <':>11} "
        f"{'ratios 95% <':>12} "
        f"{'A/A judged':>10} {'A/A changed':>11} {'cpu moved':>9} {'copy moved':>10} "
        f"{'1 call ±5%':>15} {'more ±5%':>8}  by payload ±5%",
    ]
    lines += [
        f"{f.lang:<8} {f.cases:>5} {f.timed:>6} {percent(f.within_5pct):>7} "
        f"{percent(f.within_10pct):>7} {ratio(f.drift):>6} {percent(f.within_5pct_of_drift):>12} "
        f"{percent(f.median_within_5pct):>10} {percent(f.moved_95):>11} {percent(f.moved_95_bound):>7} "
        f"{percent(f.time_moved_95):>11} {percent(f.ratio_moved_95):>12} "
        f"{f.judged:>10} {percent(f.changed):>11} "
        f"{percent(f.cpu_loop_moved):>9} {percent(f.memcpy_moved):>10} "
        f"{f'{percent(f.single_call_within_5pct)} of {f.single_call}':>15} "
        f"{percent(f.several_calls_within_5pct):>8}  {payload_shares(f.by_payload)}"
        for f in figures
    ]
    lines += [f"{f.lang:<8} times ±5% from one pool of rounds: {pool_shares(f.one_pool)}" for f in figures]
    lines.append("times: each case's fastest round; moved: medians (times 95%: times), drift divided out")
    lines.append("bound: 95% of cases' medians move less than this with 95% confidence (compare's noise)")
    lines.append("ratios: of two cases' times on one comparison (dataset, size, op): the ties' noise")
    lines.append("one pool: had both runs drawn each case's rounds from the two runs' rounds together")
    lines.append("cpu / copy moved: the host's calibrations, slowest reading over fastest, both runs")
    lines.append("1 call / more ±5%: times within ±5% of the cases whose samples timed one call / more")
    lines.append(f"by payload ±5%: times within ±5% by the case's payload size ({' / '.join(PAYLOAD_BINS)})")
    lines.append("targets: >= 90% of cases >= 1 us within ±5%; A/A compare flags <= 5%")
    return "\n".join(lines)


def _measure(
    store: Store,
    root: Path,
    suites: Sequence[Suite],
    chosen: Mapping[str, list[CaseIdentity]],
    args: argparse.Namespace,
) -> str:
    """One run of the chosen cases through every suite, as `runner all` runs a suite; its id."""
    run_id = run_all.new_run_id(store)
    langs = sorted(chosen)
    selection = {"langs": langs, "library": None, "dataset": None, "cases": f"repeatability seed {args.seed}"}
    commit = run_all.git_commit(root.parent)
    store.create_run(run_id, args.profile, selection, commit, this_machine(), runtime_metadata())
    run = store.run(run_id)
    assert run is not None
    run_dir = root / "raw" / run_id
    run_dir.mkdir(parents=True, exist_ok=True)
    timeout = args.timeout or run_all.TIMEOUTS[args.profile]
    for index, suite in enumerate(s for s in suites if s.lang in chosen):
        listed = run_dir / f"{suite.lang}-cases.txt"
        listed.write_text("".join(f"{case.case_id}\n" for case in chosen[suite.lang]))
        call = Invocation(
            runfile(suite.runfile), run_dir / suite.lang, args.profile, tuple(langs), cases=listed
        )
        run_all.run_one(store, run, suite, f"{index + 1}/{len(chosen)}", run_dir, call, timeout)
    store.finish_run(run_id)
    return run_id


def main(argv: Sequence[str], suites: Sequence[Suite] = SUITES) -> int:
    parser = argparse.ArgumentParser(
        prog="repeatability", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--profile", choices=catalog.PROFILES, default=catalog.DEFAULT_PROFILE)
    parser.add_argument(
        "--per-lang", type=int, default=PER_LANG, help=f"cases per language (default {PER_LANG})"
    )
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument(
        "--from",
        dest="source",
        default=PUBLISHED,
        help=f"the run whose cases are drawn from: {PUBLISHED!r} (default: the published snapshot's), "
        "or a run of the store (an id, a unique prefix, or 'latest')",
    )
    parser.add_argument(
        "--lang", action="append", choices=[s.lang for s in suites], help="only this language"
    )
    add_store_arguments(parser)
    parser.add_argument("--timeout", type=float, help="seconds allowed per suite and run")
    parser.add_argument(
        "--out", type=Path, help=f"where the figures go (default: <results>/published/{NAME})"
    )
    parser.add_argument(
        "--recompute",
        action="store_true",
        help="measure nothing: the figures of the report at --out again, and its window's movements, "
        "from the runs the store holds",
    )
    args = parser.parse_args(argv)
    try:
        return _recompute(args) if args.recompute else _run(args, suites)
    except (UsageError, StoreError, snapshot.SnapshotError) as error:
        print(f"repeatability: error: {error}", file=sys.stderr)
        return 2


def _source_cases(store: Store, root: Path, source: str) -> tuple[str, list[CaseIdentity]]:
    """The run to draw cases from (`--from`) and the cases it measured: the published
    snapshot's run (every checkout has it), or a run of the store."""
    if source != PUBLISHED:
        run = store.resolve_run(source)
        return run.id, list(store.measured(run.id))
    path = _published(root) / snapshot.DEFAULT_NAME
    if not path.exists():
        raise UsageError(f"no published snapshot at {path}: pass --from RUN_ID (a run of the store)")
    data = snapshot.read(path)
    cases = [
        CaseIdentity(c.lang, c.lib, c.format, c.op, c.dataset, c.size, c.variant)
        for c in data.cases
        if c.samples_ns
    ]
    return data.run.id, cases


def _run(args: argparse.Namespace, suites: Sequence[Suite]) -> int:
    root = results_root(args.results)
    start = time.monotonic()
    with Store.open(store_path(args.store, args.results)) as store:
        source, measured = _source_cases(store, root, args.source)
        wanted = set(args.lang or [s.lang for s in suites])
        chosen = {
            lang: cases
            for lang, cases in choose(measured, args.per_lang, args.seed).items()
            if lang in wanted
        }
        if not chosen:
            raise UsageError(f"run {source} measured no case of {', '.join(sorted(wanted))}")
        out = _out(args, root)
        previous = _previous(out)  # read before measuring: a broken report stops nothing half-way
        run_a = _measure(store, root, suites, chosen, args)
        run_b = _measure(store, root, suites, chosen, args)
        # The noise of the report this one replaces: the A/A figure is judged out of sample.
        first = store.resolve_run(run_a)
        figures, effect = _figures(store, run_a, run_b, sorted(chosen), measured_min_effect(out, first))
    report = {
        "runs": [run_a, run_b],
        "machine": first.fingerprint,
        "profile": args.profile,
        "drawn_from": source,
        "seed": args.seed,
        "per_lang": args.per_lang,
        "seconds": round(time.monotonic() - start),
    }
    return _report(report, figures, effect, out, _carried(previous, first.fingerprint, source, out))


def _recompute(args: argparse.Namespace) -> int:
    """The figures of the report at --out again, from its two runs in the store (after a
    change to the comparison), with the minimum effects it recorded, and the movements of
    each pair of its window the store holds; its other fields kept."""
    out = _out(args, results_root(args.results))
    if not out.exists():
        raise UsageError(f"no report to recompute at {out}")
    try:
        report = json.loads(out.read_text())
        run_a, run_b = report["runs"]
        langs = [f["lang"] for f in report["languages"]]
        settings = report["compare"]
        effect = MinEffect(
            settings["min_effect"], settings.get("noise") or {}, settings.get("noise_from", "")
        )
    except (ValueError, KeyError, TypeError) as error:
        raise UsageError(f"{out}: not a repeatability report ({error!r})") from error
    with Store.open(store_path(args.store, args.results)) as store:
        figures, effect = _figures(store, run_a, run_b, langs, effect)
        report["machine"] = store.resolve_run(run_a).fingerprint  # reports before it lack it
        window = _refreshed(store, report.get("window", []), langs, effect)
    return _report(report, figures, effect, out, window)


def _refreshed(
    store: Store, window: Sequence[dict[str, Any]], langs: Sequence[str], effect: MinEffect
) -> list[dict[str, Any]]:
    """The window's pairs, each whose two runs the store holds with its movements computed
    again (a movement added since it was measured included); the others as they were."""
    found = []
    for pair in window:
        run_a, run_b = pair["runs"]
        if store.run(run_a) is None or store.run(run_b) is None:
            found.append(pair)
        else:
            found += _window([], pair["runs"], _figures(store, run_a, run_b, langs, effect)[0])
    return found


def _figures(
    store: Store, run_a: str, run_b: str, langs: Sequence[str], effect: MinEffect
) -> tuple[list[Repeatability], MinEffect]:
    """Each language's figures, and the minimum effects the A/A compare judged them with:
    `effect` raised to how far the host moved in these two runs, as `runner compare` raises it."""
    first, second = store.measured(run_a), store.measured(run_b)
    single = store.single_call_cases(run_a)
    payload = store.metric(run_a, "wire_bytes")
    shifts = calibration_shifts(store, store.resolve_run(run_a), store.resolve_run(run_b))
    effect = effect.with_host(shifts)
    normalized = normalization(shifts, first, second)
    compared = compare_runs(first, second, ALPHA, effect, scale=normalized.scale)
    moved = {(s.lang, s.workload): s.moved for s in shifts}
    figures = [
        replace(
            repeatability(
                lang, first, second, compared, normalized.drifts.get(lang), single=single, payload=payload
            ),
            cpu_loop_moved=moved.get((lang, calibration_json.CPU_LOOP), math.nan),
            memcpy_moved=moved.get((lang, calibration_json.MEMCPY), math.nan),
        )
        for lang in langs
    ]
    return figures, effect


def _out(args: argparse.Namespace, root: Path) -> Path:
    return user_path(args.out) if args.out else _published(root) / NAME


def _published(root: Path) -> Path:
    """The results folder's published/: the snapshot the docs show, and this report beside it."""
    return root / "published"


def _previous(out: Path) -> dict[str, Any] | None:
    """The report at out, whose pairs this one may pool with; None without one."""
    try:
        return read(out, _checked)
    except ValueError as error:
        raise UsageError(f"{error}; move it away or pass another --out") from error


def _checked(report: dict[str, Any]) -> dict[str, Any]:
    """The report, once its window holds what pooling reads (KeyError, TypeError otherwise)."""
    for pair in report.get("window", []):
        _run_a, _run_b = pair["runs"]
        for name in MOVEMENTS:
            by_lang = pair.get(name, {}) if name in ADDED_LATER else pair[name]
            if not isinstance(by_lang, dict) or not all(
                isinstance(x, float | int) for moved in by_lang.values() for x in moved
            ):
                raise TypeError(f"{name} of runs {pair['runs']}: not lists of numbers by language")
    return report


def _carried(previous: dict[str, Any] | None, machine: str, source: str, out: Path) -> list[dict[str, Any]]:
    """The previous report's window of pairs, when its runs measured the same cases (drawn from
    the same run) on the same machine; none otherwise (said why)."""
    if previous is None:
        return []
    if previous.get("machine") != machine or previous.get("drawn_from") != source:
        print(
            f"repeatability: the pairs of {out} are not pooled with this one: measured on machine"
            f" {previous.get('machine')} from run {previous.get('drawn_from')},"
            f" this on {machine} from {source}"
        )
        return []
    return list(previous.get("window", []))


def _window(
    carried: Sequence[dict[str, Any]], runs: Sequence[str], figures: Sequence[Repeatability]
) -> list[dict[str, Any]]:
    """The latest WINDOW pairs, oldest first, this one last: each with its cases' movements."""
    entry: dict[str, Any] = {"runs": list(runs)}
    for name in MOVEMENTS:
        entry[name] = {f.lang: [round(x, 6) for x in getattr(f, name)] for f in figures}
    entry["agreement"] = {f.lang: _agreement(f) for f in figures}
    return [*(p for p in carried if p["runs"] != list(runs)), entry][-WINDOW:]


def _agreement(figures: Repeatability) -> dict[str, Any]:
    """What a pair kept of its language's figures beside the movements: the share of times
    within ±5% and the one-pool shares, so that the page can set consecutive pairs side by
    side (the target asks for two)."""
    return {
        "within_5pct": _json_number(figures.within_5pct),
        "one_pool": [[rounds, _json_number(share)] for rounds, share in figures.one_pool],
    }


def _pooled(window: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The noise figures over every case of the window's pairs: one pair's bound swings with the
    host's phase (a quiet pair's is too low for the next noisy one, a noisy pair's far too high
    for a quiet one)."""
    langs = sorted({lang for pair in window for lang in pair["moved"]})
    return {
        "pairs": [pair["runs"] for pair in window],
        "ratio_pairs": [pair["runs"] for pair in window if "ratio_moved" in pair],
        "languages": {lang: _pooled_language(window, lang) for lang in langs},
    }


def _pooled_language(window: Sequence[dict[str, Any]], lang: str) -> dict[str, Any]:
    moved, times, ratios = (
        sorted(x for pair in window for x in pair.get(name, {}).get(lang, [])) for name in MOVEMENTS
    )
    return {
        "cases": len(moved),
        "moved_95_bound": _json_number(_upper_bound(moved)),
        "time_moved_95": _json_number(_quantile(times)),
        "ratios": len(ratios),
        "ratio_moved_95": _json_number(_quantile(ratios)),
    }


def render_pooled(pooled: Mapping[str, Any]) -> str:
    """The pooled noise, one line a language."""
    lines = [f"noise pooled over {pairs_of_runs(len(pooled['pairs']))}: {listed_pairs(pooled['pairs'])}"]
    lines += [
        f"{lang:<8} {f['cases']:>4} cases: medians move less than {percent(f['moved_95_bound'])} "
        f"(95% confidence), times less than {percent(f['time_moved_95'])}; "
        f"{f['ratios']} ratios of one comparison's cases less than {percent(f['ratio_moved_95'])}"
        for lang, f in pooled["languages"].items()
    ]
    return "\n".join(lines)


def render_pairs(window: Sequence[Mapping[str, Any]]) -> str:
    """Each language's share of times within ±5% pair by pair (the one-pool share in
    brackets), over the window's pairs that kept them."""
    langs = sorted({lang for pair in window for lang in pair.get("agreement", {})})
    return "\n".join(
        ["times within ±5% pair by pair, oldest first (from one pool at the runs' rounds):"]
        + [f"{lang:<8} {pair_shares(window, lang)}" for lang in langs]
    )


def _report(
    report: dict[str, Any],
    figures: Sequence[Repeatability],
    effect: MinEffect,
    out: Path,
    carried: Sequence[dict[str, Any]],
) -> int:
    """Prints the figures and writes them with the report's other fields to out, this pair
    pooled with the carried ones."""
    run_a, run_b = report["runs"]
    window = _window(carried, report["runs"], figures)
    pooled = _pooled(window)
    print(render(figures, run_a, run_b))
    print(f"A/A compare: {effect.describe()}")
    print(render_pooled(pooled))
    print(render_pairs(window))
    report |= {
        "compare": {
            "alpha": ALPHA,
            "min_effect": effect.default,
            "noise": dict(effect.noise),
            "noise_from": effect.source,
            "host": dict(effect.host),
        },
        # NaN (no case to take a share of) is not JSON: null.
        "languages": [
            {k: _json_number(v) for k, v in asdict(f).items() if k not in MOVEMENTS} for f in figures
        ],
        "pooled": pooled,
        "window": window,
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=2) + "\n")
    print(f"written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
