"""The snapshot's cases as the pages see them: each with its time (its fastest round) and
its median with the 95% CI, grouped
the ways the pages group them, and the memcpy floor beside each."""

import math
import statistics
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

from runner import stats
from runner.caseid import MEMCPY_LIB, MEMCPY_OP
from runner.docs.page import Provenance
from runner.docs.snapshot import Case, Snapshot
from runner.stats import Summary, median_ci
from schemas.catalog import catalog

LANGS = catalog.LANGUAGES
LANG_NAMES = {lang.name: lang.title for lang in catalog.load().languages}
SYNTHETIC = catalog.SYNTHETIC_DATASETS
FORMAT_NAMES = {f.name: f.title for f in catalog.load().formats}
# The page order of operations (the catalog's); a suite's own extras follow in name order.
OPS = catalog.OPS
# Variants that are a measurement condition (the Python suite's GC-off twins), not a way
# to use the library: never an answer or a library's line on a scaling chart.
CONDITION_SUFFIXES = ("_gcoff",)
# Lazy work: an op whose result is a view over the bytes (or, for an encode, bytes already
# laid out) rather than fully built language objects. It is never ranked with full ops:
# every page lists it in a group of its own, marked LAZY_MARK, with its reason.
LAZY_MARK = "\u2020"
# The fallback for snapshots from before the store recorded each case's lazy reason
# (cases.lazy_reason, from the suites' lazy_ops): (lang, lib, variant or None for every
# variant, op) -> reason. A snapshot that classifies its cases is never looked up here.
_PYCAPNP = "pycapnp wraps a C++ Cap'n Proto message: "
LAZY_FALLBACK: dict[tuple[str, str, str | None, str], str] = {
    ("python", "pyarrow", None, "decode"): (
        "pyarrow IPC decode maps the buffer as Arrow columns; no Python object is built"
    ),
    ("python", "pyarrow", None, "roundtrip"): "its decode half maps Arrow columns in place (lazy)",
    ("python", "protobuf", "upb", "decode"): (
        "protobuf upb decode returns C-backed messages; their Python objects are made on first access"
    ),
    ("python", "protobuf", "upb", "roundtrip"): "its decode half is upb's lazy decode",
    ("python", "pycapnp", None, "decode"): _PYCAPNP + "decode returns a reader over the bytes",
    ("python", "pycapnp", None, "encode"): _PYCAPNP + "encode returns the bytes of a prebuilt message",
    ("python", "pycapnp", None, "roundtrip"): _PYCAPNP + "lazy encode then lazy decode",
}
# Ops lazy by their definition, whatever a suite declared.
LAZY_OPS = {"access_lazy": "reads the named fields in place, without decoding"}


def lazy_reason(case: Case, classified: bool) -> str:
    """Why the case's op is lazy ("" when it is a full op). classified: the snapshot carries
    the store's classification; otherwise LAZY_FALLBACK decides."""
    if case.op in LAZY_OPS:
        return case.lazy_reason or LAZY_OPS[case.op]
    if classified:
        return case.lazy_reason or ""
    return LAZY_FALLBACK.get((case.lang, case.lib, case.variant, case.op)) or LAZY_FALLBACK.get(
        (case.lang, case.lib, None, case.op), ""
    )


@dataclass(frozen=True)
class Result:
    case: Case
    summary: Summary
    lazy: str = ""  # why the op is lazy; "" for a full op (lazy_reason)

    @property
    def time(self) -> float:
        """The figure the case is shown and ranked by: its fastest round (stats.Summary)."""
        return self.summary.fastest

    @property
    def label(self) -> str:
        """The library as a reader names it: `msgspec (struct)`."""
        return self.case.lib + (f" ({self.case.variant})" if self.case.variant else "")

    @property
    def marked_label(self) -> str:
        """The label with the lazy mark when its op is lazy."""
        return self.label + (f" {LAZY_MARK}" if self.lazy else "")

    @property
    def timed(self) -> bool:
        """False for a metric-only case (installed size, peak memory): nothing to chart."""
        return self.summary.n > 0

    @property
    def full_label(self) -> str:
        """The label with the format, for groups that mix formats."""
        return f"{self.label} · {self.case.format}"

    def metric(self, name: str) -> float | None:
        if name == "time":
            return None if math.isnan(self.time) else self.time
        return self.case.metrics.get(name)


# Ratios ---------------------------------------------------------------------------


@dataclass(frozen=True)
class RatioCI:
    """a / b with its 95% CI; method says how the interval was made."""

    ratio: float
    lo: float  # NaN when there is no interval
    hi: float
    n: int
    method: str

    @property
    def has_ci(self) -> bool:
        return not (math.isnan(self.lo) or math.isnan(self.hi))


PAIRED = "paired rounds"
FROM_MEDIANS = "from the two medians' CIs (no rounds in this run)"


def per_round(results: Sequence["Result"]) -> dict[int, float]:
    """round -> the sum over results of each one's median sample in that round: a side
    of a comparison that adds ops (encode + decode) pairs round by round. Empty when any
    result has no rounds."""
    rounds: list[dict[int, list[float]]] = []
    for result in results:
        found: dict[int, list[float]] = {}
        for value, index in zip(result.case.samples_ns, result.case.rounds, strict=False):
            if index is not None:
                found.setdefault(index, []).append(value)
        if not found:
            return {}
        rounds.append(found)
    shared = set.intersection(*(set(r) for r in rounds)) if rounds else set()
    return {i: sum(statistics.median(r[i]) for r in rounds) for i in sorted(shared)}


def paired_ratio(a: Mapping[int, float], b: Mapping[int, float]) -> RatioCI | None:
    """runner.stats.paired_ratio (the median of the per-round ratios, its exact
    order-statistic CI; None below stats.MIN_ROUNDS shared rounds), labelled PAIRED."""
    found = stats.paired_ratio(a, b)
    return None if found is None else RatioCI(found.ratio, found.lo, found.hi, found.n, PAIRED)


def ratio_of(slow: Sequence["Result"], fast: Sequence["Result"]) -> RatioCI:
    """Time of `slow` over time of `fast` (each a sum of results): paired by round when
    both sides have at least stats.MIN_ROUNDS shared rounds, else from the medians and
    their CIs (the interval [slow low / fast high, slow high / fast low], NaN when a side
    has no CI)."""
    paired = paired_ratio(per_round(slow), per_round(fast))
    if paired is not None:
        return paired
    medians = [sum(r.summary.median for r in side) for side in (slow, fast)]
    low = [sum(r.summary.ci_low for r in side) for side in (slow, fast)]
    high = [sum(r.summary.ci_high for r in side) for side in (slow, fast)]
    n = min((r.summary.n for r in (*slow, *fast)), default=0)
    return RatioCI(medians[0] / medians[1], low[0] / high[1], high[0] / low[1], n, FROM_MEDIANS)


def listed(names: Sequence[str]) -> str:
    """["a", "b", "c"] -> "a, b and c"."""
    return " and ".join(filter(None, [", ".join(names[:-1]), names[-1] if names else ""]))


def op_order(ops: Iterable[str]) -> list[str]:
    known = [op for op in OPS if op in set(ops)]
    return known + sorted(set(ops) - set(OPS))


class Results:
    def __init__(self, snapshot: Snapshot) -> None:
        self.snapshot = snapshot
        # One case with a lazy_reason (even "") means the run classified every case.
        self.classified = any(c.lazy_reason is not None for c in snapshot.cases)
        self.all = [
            Result(c, median_ci(c.samples_ns), lazy_reason(c, self.classified)) for c in snapshot.cases
        ]
        # (lang, lib) -> the library's home page, as its adapter declares it.
        self.homes = {(library.lang, library.lib): library.home for library in snapshot.libraries}

    @cached_property
    def provenance(self) -> Provenance:
        run, machine = self.snapshot.run, self.snapshot.machine
        return Provenance(run.id, run.profile, f"{machine.cpu_model}, {machine.cores} cores", run.git_commit)

    @cached_property
    def floor(self) -> dict[tuple[str, int], float]:
        """(dataset, size) -> memcpy's time, ns."""
        return {
            (r.case.dataset, r.case.size): r.time
            for r in self.all
            if r.case.lib == MEMCPY_LIB and r.case.op == MEMCPY_OP and r.time > 0
        }

    @cached_property
    def langs(self) -> list[str]:
        """The catalog's languages this run measured or tried, in catalog order: a language
        the run left out gets no column and no pages."""
        found = {c.lang for c in self.snapshot.cases} | {u.lang for u in self.snapshot.unmeasured}
        return [lang for lang in LANGS if lang in found]

    @cached_property
    def libraries(self) -> list[str]:
        """Every library name, sorted: the order that fixes each one's chart colour."""
        return sorted({r.case.lib for r in self.all})

    def memcpy_multiple(self, result: Result) -> float | None:
        floor = self.floor.get((result.case.dataset, result.case.size))
        return result.time / floor if floor and not math.isnan(result.time) else None

    def where(self, keep: Callable[[Case], bool]) -> list[Result]:
        return [r for r in self.all if keep(r.case)]

    def measured(self) -> list[Result]:
        """Every library case: the memcpy floor is shown beside them, never among them."""
        return self.where(lambda c: c.lib != MEMCPY_LIB)

    def select(self, selector: dict[str, object]) -> list[Result]:
        """Cases whose identity matches every given field (a claim's selector)."""
        return self.where(lambda c: all(getattr(c, k) == v for k, v in selector.items()))


def group(
    results: Iterable[Result], key: Callable[[Result], tuple[object, ...]]
) -> dict[tuple[object, ...], list[Result]]:
    found: dict[tuple[object, ...], list[Result]] = {}
    for result in results:
        found.setdefault(key(result), []).append(result)
    return dict(sorted(found.items(), key=lambda item: tuple(map(str, item[0]))))


def by_speed(results: Iterable[Result]) -> list[Result]:
    """Fastest first; ties by label so the order never depends on the input's."""
    return sorted(results, key=lambda r: (math.inf if math.isnan(r.time) else r.time, r.full_label))


# Formatting: fixed precision, so the same data always gives the same text. -------

DASH = "\u2013"  # an en dash: no value
TIMES = "\u00d7"  # the multiplication sign of "4.2x"

_TIME_UNITS = ((1e9, "s"), (1e6, "ms"), (1e3, "µs"), (1.0, "ns"))
_BYTE_UNITS = ((2**30, "GiB"), (2**20, "MiB"), (2**10, "KiB"))


def time_unit(ns: float) -> tuple[float, str]:
    """(divisor, unit) that shows ns as a number of at least 1."""
    return next(((scale, unit) for scale, unit in _TIME_UNITS if ns >= scale), (1.0, "ns"))


def significant(value: float) -> str:
    """Three significant digits, thousands separated: 1,234 / 12.3 / 0.123."""
    if value == 0 or math.isnan(value):
        return "0" if value == 0 else DASH
    digits = max(0, 2 - math.floor(math.log10(abs(value))))
    return f"{value:,.{digits}f}"


def fmt_time(ns: float | None) -> str:
    if ns is None or math.isnan(ns):
        return DASH
    scale, unit = time_unit(ns)
    return f"{significant(ns / scale)} {unit}"


def fmt_bytes(value: float | None) -> str:
    if value is None:
        return DASH
    for scale, unit in _BYTE_UNITS:
        if value >= scale:
            return f"{significant(value / scale)} {unit}"
    return f"{value:,.0f} B"


def fmt_ratio(value: float | None) -> str:
    return DASH if value is None or math.isnan(value) else f"{significant(value)}{TIMES}"


def fmt_ratio_ci(found: RatioCI) -> str:
    """The ratio and its interval in brackets, or the ratio and why there is no interval."""
    if not found.has_ci:
        return f"{fmt_ratio(found.ratio)} (no 95% CI: n={found.n})"
    return f"{fmt_ratio(found.ratio)} [{significant(found.lo)}, {significant(found.hi)}]"


def spread(summary: Summary) -> float | None:
    """The 95% CI as a share of the median: its wider side (None without a CI)."""
    if math.isnan(summary.ci_low) or not summary.median:
        return None
    return max(summary.ci_high - summary.median, summary.median - summary.ci_low) / summary.median


NO_CI = "(n=…): fewer than 6 samples, too few for a 95% confidence interval"


def fmt_spread(summary: Summary) -> str:
    """`1.23 ms ± 4%`: the median and its 95% CI on one line; `1.23 ms (n=3)` when too
    few samples give no CI (NO_CI says so under the table)."""
    share = spread(summary)
    if share is None:
        return f"{fmt_time(summary.median)} (n={summary.n})"
    shown = f"{share:.0%}" if share >= 0.01 else "<1%"
    return f"{fmt_time(summary.median)} ± {shown}"


def fmt_ci(summary: Summary) -> str:
    if math.isnan(summary.ci_low):
        return f"n={summary.n}, too few for a 95% CI"
    return f"{fmt_time(summary.ci_low)} {DASH} {fmt_time(summary.ci_high)}"
