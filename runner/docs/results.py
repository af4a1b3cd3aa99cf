"""The snapshot's cases as the pages see them: each with its median and 95% CI, grouped
the ways the pages group them, and the memcpy floor beside each."""

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property

from runner.docs.snapshot import Case, Snapshot
from runner.stats import Summary, summarize

# The C++ suite's physical floor: a memcpy of the protobuf payload's bytes.
MEMCPY_LIB = "memcpy"
MEMCPY_OP = "memcpy"
LANGS = ("python", "dotnet", "cpp")
LANG_NAMES = {"python": "Python", "dotnet": "C# (.NET)", "cpp": "C++"}
SIZES = (1, 100, 1000)
SYNTHETIC = ("user", "order", "filetree", "game", "mail", "metrics")
FORMAT_NAMES = {
    "protobuf": "Protocol Buffers",
    "flatbuffers": "FlatBuffers",
    "msgpack": "MessagePack",
    "json": "JSON",
    "capnp": "Cap'n Proto",
    "thrift_binary": "Thrift (binary protocol)",
    "thrift_compact": "Thrift (compact protocol)",
}
# The page order of operations; a suite's own extras follow in name order.
OPS = ("encode", "decode", "roundtrip", "access_full", "access_lazy")
# Cases whose operation does less Python-side work than their peers' under the same name:
# they are marked (CAVEAT_MARK) wherever they are listed, with this note beside them.
CAVEAT_MARK = "\u2020"
CAVEATS = {
    ("python", "protobuf", "upb", "decode"): (
        "protobuf upb decode returns C-backed messages whose Python objects are made lazily, "
        "on first access; other Python decoders build every object (compare access_full)."
    ),
    ("python", "pycapnp", "", "encode"): (
        "pycapnp encode serializes a C++ message built beforehand; other Python encoders "
        "convert Python objects while encoding."
    ),
}


@dataclass(frozen=True)
class Result:
    case: Case
    summary: Summary

    @property
    def median(self) -> float:
        return self.summary.median

    @property
    def label(self) -> str:
        """The library as a reader names it: `msgspec (struct)`."""
        return self.case.lib + (f" ({self.case.variant})" if self.case.variant else "")

    @property
    def caveat(self) -> str | None:
        case = self.case
        return CAVEATS.get((case.lang, case.lib, case.variant, case.op))

    @property
    def marked_label(self) -> str:
        """The label with the caveat mark when its work is not its peers'."""
        return self.label + (f" {CAVEAT_MARK}" if self.caveat else "")

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
            return None if math.isnan(self.median) else self.median
        return self.case.metrics.get(name)


def op_order(ops: Iterable[str]) -> list[str]:
    known = [op for op in OPS if op in set(ops)]
    return known + sorted(set(ops) - set(OPS))


class Results:
    def __init__(self, snapshot: Snapshot) -> None:
        self.snapshot = snapshot
        self.all = [Result(c, summarize(c.samples_ns)) for c in snapshot.cases]

    @cached_property
    def floor(self) -> dict[tuple[str, int], float]:
        """(dataset, size) -> memcpy median, ns."""
        return {
            (r.case.dataset, r.case.size): r.median
            for r in self.all
            if r.case.lib == MEMCPY_LIB and r.case.op == MEMCPY_OP and r.median > 0
        }

    @cached_property
    def libraries(self) -> list[str]:
        """Every library name, sorted: the order that fixes each one's chart colour."""
        return sorted({r.case.lib for r in self.all})

    def memcpy_multiple(self, result: Result) -> float | None:
        floor = self.floor.get((result.case.dataset, result.case.size))
        return result.median / floor if floor and not math.isnan(result.median) else None

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
    return sorted(results, key=lambda r: (math.inf if math.isnan(r.median) else r.median, r.full_label))


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


def fmt_ci(summary: Summary) -> str:
    if math.isnan(summary.ci_low):
        return f"n={summary.n}, too few for a 95% CI"
    return f"{fmt_time(summary.ci_low)} {DASH} {fmt_time(summary.ci_high)}"
