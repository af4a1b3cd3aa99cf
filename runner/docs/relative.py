"""Each library entry relative to the best, over a set of comparisons: the landing page's
per-language table (every verdict comparison) and a dataset page's summary (one).

A cell is the geometric mean, over the comparisons the entry was measured on, of its time
(or size) over the comparison's best; the count is shown when it is not all of them. Lazy
work (LAZY_MARK) is never set against full work: on one comparison its cell gives its time,
on several it says "lazy". Throughput is the entry's own payload (its encode case's
`wire_bytes`) over its time (the fastest round), in MB/s (10^6 bytes a second).
"""

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from runner.docs.answer import Comparisons, Entry
from runner.docs.results import DASH, LAZY_MARK, TIMES, Result, fmt_time, significant
from runner.ingest.payloads import ZLIB_METRIC, ZSTD_METRIC

TIME_OPS = ("encode", "decode", "roundtrip")
SIZES = {"wire": "wire_bytes", "zlib": ZLIB_METRIC, "zstd": ZSTD_METRIC}
# (row key, column title) in page order.
COLUMNS = (
    ("encode", "encode"),
    ("decode", "decode"),
    ("roundtrip", "round trip"),
    ("wire", "wire size"),
    ("zlib", "zlib"),
    ("zstd", "zstd"),
)
_STAND_IN = "python"  # the object models' own format: no bytes, no serializer

Table = Mapping[tuple[str, int], Mapping[Entry, Result]]
Sizes = Mapping[tuple[Entry, str, int], float]


def _geomean(values: Sequence[float]) -> float:
    return math.exp(sum(math.log(v) for v in values) / len(values))


@dataclass(frozen=True)
class Cell:
    relative: float  # geometric mean of entry / best
    count: int  # comparisons it covers
    of: int  # comparisons there are
    throughput: float | None = None  # MB/s, geometric mean

    def text(self) -> str:
        shown = f"{significant(self.relative)}{TIMES}"
        if self.throughput is not None:
            shown += f"<br><small>{significant(self.throughput)} MB/s</small>"
        return shown + (f" ({self.count}/{self.of})" if self.count < self.of else "")


@dataclass(frozen=True)
class Relative:
    """The table: one row per entry (ordered), one Cell per column key it has."""

    entries: list[Entry]
    labels: dict[Entry, str]
    columns: dict[str, dict[Entry, Cell]]
    lazy: dict[tuple[Entry, str], float]  # (entry, op) -> lazy median (one comparison) or nan
    best: dict[str, float]  # column key -> the best value, when there is one comparison

    def text(self, entry: Entry, column: str) -> str:
        if (entry, column) in self.lazy:
            shown = self.lazy[(entry, column)]
            return f"{LAZY_MARK} {'lazy' if math.isnan(shown) else fmt_time(shown)}"
        cell = self.columns[column].get(entry)
        return DASH if cell is None else cell.text()


def _relative(table: Table, value: Callable[[Entry, Result], float | None]) -> dict[Entry, list[float]]:
    """entry -> its value over the comparison's baseline, for each comparison it has. The
    baseline is the smallest value among the entries of every comparison, so an entry
    measured on part of them is set against the same baseline as the rest."""
    known = [
        {e: v for e, r in at.items() if (v := value(e, r)) is not None and v > 0} for at in table.values()
    ]
    everywhere = set.intersection(*(set(k) for k in known)) if known else set()
    found: dict[Entry, list[float]] = {}
    for values in known:
        base = min((v for e, v in values.items() if e in everywhere), default=None) or min(
            values.values(), default=0
        )
        for entry, v in values.items():
            found.setdefault(entry, []).append(v / base)
    return found


def _best(table: Table, value: Callable[[Entry, Result], float | None]) -> float:
    """The smallest value of a one-comparison table (nan otherwise)."""
    if len(table) != 1:
        return math.nan
    values = [v for at in table.values() for e, r in at.items() if (v := value(e, r)) is not None and v > 0]
    return min(values, default=math.nan)


def _encodes(data: Comparisons) -> dict[tuple[str, int], dict[Entry, Result]]:
    """Every encode case, full and lazy (a size is a size either way)."""
    found: dict[tuple[str, int], dict[Entry, Result]] = {}
    for lazy in (False, True):
        for key, at in data.of("encode", lazy).items():
            found.setdefault(key, {}).update(at)
    return found


def _sizes(encodes: Table, metric: str) -> dict[tuple[Entry, str, int], float]:
    """(entry, dataset, size) -> the metric of its encode payload."""
    return {
        (entry, dataset, size): r.case.metrics[metric]
        for (dataset, size), at in encodes.items()
        for entry, r in at.items()
        if metric in r.case.metrics
    }


def _throughput(table: Table, wire: Sizes, entry: Entry) -> float | None:
    rates = [
        wire[(entry, *key)] / at[entry].time * 1e3
        for key, at in table.items()
        if entry in at and (entry, *key) in wire and at[entry].time > 0
    ]
    return _geomean(rates) if rates else None


def _cells(
    table: Table, value: Callable[[Entry, Result], float | None], wire: Sizes | None
) -> dict[Entry, Cell]:
    return {
        e: Cell(_geomean(v), len(v), len(table), _throughput(table, wire, e) if wire is not None else None)
        for e, v in _relative(table, value).items()
    }


def _size_of(sizes: Sizes) -> Callable[[Entry, Result], float | None]:
    return lambda entry, result: sizes.get((entry, result.case.dataset, result.case.size))


def _time(entry: Entry, result: Result) -> float:
    return result.time


def _full(table: Table) -> dict[tuple[str, int], dict[Entry, Result]]:
    """table without the object models' stand-ins (no bytes, no serializer)."""
    return {key: {e: r for e, r in at.items() if e[2] != _STAND_IN} for key, at in table.items()}


def _lazy(data: Comparisons) -> dict[tuple[Entry, str], float]:
    found: dict[tuple[Entry, str], float] = {}
    for op in TIME_OPS:
        table = data.of(op, True)
        for at in table.values():
            for e, r in at.items():
                found[(e, op)] = r.time if len(table) == 1 else math.nan
    return found


def _order(columns: Mapping[str, Mapping[Entry, Cell]], entries: Iterable[Entry]) -> list[Entry]:
    """Entries with the full set of comparisons by round trip, then encode, then decode,
    fastest first (a missing op last); the others after them, by name."""

    def key(entry: Entry) -> tuple[tuple[float, ...], Entry]:
        ranks = []
        for op in ("roundtrip", "encode", "decode"):
            cell = columns[op].get(entry)
            ranks.append(cell.relative if cell and cell.count == cell.of else math.inf)
        return (tuple(ranks), entry)

    return sorted(entries, key=key)


def relative(data: Comparisons, label: Callable[[Result], str]) -> Relative:
    """data's entries relative to the best of each comparison, labelled by label."""
    encodes = _encodes(data)
    wire = _sizes(encodes, "wire_bytes")
    columns = {op: _cells(_full(data.of(op)), _time, wire) for op in TIME_OPS}
    best = {op: _best(_full(data.of(op)), _time) for op in TIME_OPS}
    for name, metric in SIZES.items():
        size_of = _size_of(_sizes(encodes, metric))
        columns[name] = _cells(_full(encodes), size_of, None)
        best[name] = _best(_full(encodes), size_of)
    labels = {
        e: label(r)
        for op in TIME_OPS
        for lazy_op in (False, True)
        for at in _full(data.of(op, lazy_op)).values()
        for e, r in at.items()
    }
    return Relative(_order(columns, labels), labels, columns, _lazy(data), best)
