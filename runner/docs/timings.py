"""One (dataset, op) of a page: per size, a chart and tables, full work ranked together and
lazy work (LAZY_MARK) in a group of its own; and a scaling chart of the full work.

Tables are built as columns and rows here (the template only lays them out), so a column
no row of a table has a value for is left out and every row fits the content column.
"""

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from runner.docs import svg
from runner.docs.page import Chart
from runner.docs.results import (
    CONDITION_SUFFIXES,
    DASH,
    LAZY_MARK,
    NO_CI,
    TIMES,
    Result,
    Results,
    by_speed,
    fmt_bytes,
    fmt_ratio,
    fmt_spread,
    fmt_time,
    group,
    spread,
)
from runner.stats import counted

Label = Callable[[Result], str]
Colour = Callable[[Result], str]
# A self-check flag of the runner as a reader reads it beside its case.
FLAG_NAMES = {
    "roundtrip_mismatch": "round trip ≠ sum",
    "scaling": "scaling",
    "unstable": "unstable",
    "remeasured": "re-measured",
}


@dataclass
class Table:
    title: str
    columns: list[str]
    rows: list[list[str]]
    notes: list[str] = field(default_factory=list)

    @property
    def align(self) -> list[str]:
        """The first column left, numbers right, the self-checks (words) left: a left cell
        may wrap, which keeps a row with several flags inside the content column."""
        numbers = ["--:"] * (len(self.columns) - 1)
        return ["---"] + ([*numbers[:-1], "---"] if self.columns[-1] == "self-checks" else numbers)


@dataclass
class SizeView:
    title: str
    chart: str
    tables: list[Table]
    shown: bool = False  # the size the page opens on; the others are collapsed


# The size a page opens on (a typical API payload; the others are a click away), when
# the page has it; otherwise its largest.
SHOWN_SIZE = 100


def shown_size(found: Sequence[Result]) -> int:
    sizes = {r.case.size for r in found}
    return SHOWN_SIZE if SHOWN_SIZE in sizes else max(sizes, default=SHOWN_SIZE)


@dataclass
class Block:
    dataset: str
    op: str
    sizes: list[SizeView]
    scaling: str | None
    scaling_note: str


def _flags(result: Result) -> str:
    flags = [flag for flag, _ in result.case.flags]
    # "unstable" says it was re-measured (its detail tells): the cell names it once.
    shown = [f for f in flags if not (f == "remeasured" and "unstable" in flags)]
    return ", ".join(FLAG_NAMES.get(flag, flag) for flag in shown)


def _table(results: Results, title: str, found: Sequence[Result], label: Label, first: str) -> Table:
    """Fastest first, with the multiple of the fastest; columns without any value dropped."""
    ranked = by_speed(found)
    fastest = ranked[0].time if ranked else math.nan
    columns = [
        first,
        "time",
        "median ± 95% CI",
        f"{TIMES} fastest",
        f"{TIMES} memcpy",
        "wire size",
        "allocated / op",
        "peak heap / op",
        "self-checks",
    ]
    rows = [
        [
            label(r),
            fmt_time(r.time),
            fmt_spread(r.summary),
            fmt_ratio(r.time / fastest),
            fmt_ratio(results.memcpy_multiple(r)),
            fmt_bytes(r.case.metrics.get("wire_bytes")),
            fmt_bytes(r.case.metrics.get("alloc_bytes_per_op")),
            fmt_bytes(r.case.metrics.get("peak_heap_bytes")),
            _flags(r) or DASH,
        ]
        for r in ranked
    ]
    kept = [i for i in range(len(columns)) if i < 4 or any(row[i] != DASH for row in rows)]
    notes = [
        f"{label(r)}: {FLAG_NAMES.get(flag, flag)}: {detail}"
        for r in ranked
        for flag, detail in r.case.flags
        if detail
    ]
    notes += [NO_CI] if any(spread(r.summary) is None for r in ranked) else []
    return Table(title, [columns[i] for i in kept], [[row[i] for i in kept] for row in rows], notes)


def _bars(found: Sequence[Result], label: Label, colour: Colour) -> tuple[svg.Bar, ...]:
    ranked = [r for r in by_speed(found) if not math.isnan(r.time)]
    fastest = ranked[0].time if ranked else math.nan
    return tuple(
        svg.Bar(
            label(r),
            r.time,
            r.summary.ci_low,
            r.summary.ci_high,
            colour(r),
            f"  {fmt_ratio(r.time / fastest)}",
        )
        for r in ranked
    )


def _size_view(
    results: Results, found: Sequence[Result], base: str, label: Label, colour: Colour, depth: str, first: str
) -> tuple[SizeView, Chart]:
    case = found[0].case
    full, lazy = [r for r in found if not r.lazy], [r for r in found if r.lazy]
    title = f"{case.dataset} · {case.op} · {counted(case.size, 'record')}"
    groups = [
        svg.Group("", _bars(full, label, colour)),
        svg.Group(f"Lazy work {LAZY_MARK}: a view over the bytes, ranked apart", _bars(lazy, label, colour)),
    ]
    floor = results.floor.get((case.dataset, case.size))
    path = f"{base}-{case.size}.svg"
    chart = Chart(path, lambda: svg.bar_chart(title, groups, floor, results.provenance))
    tables = [_table(results, counted(case.size, "record"), full, label, first)] if full else []
    if lazy:
        table = _table(results, f"{counted(case.size, 'record')}, lazy {LAZY_MARK}", lazy, label, first)
        table.notes = sorted({f"{label(r)}: {r.lazy}" for r in lazy}) + table.notes
        tables.append(table)
    return SizeView(counted(case.size, "record"), f"{depth}{path}", tables), chart


def _identity(result: Result) -> tuple[str, str, str, str]:
    return (result.case.lang, result.case.lib, result.case.format, result.case.variant)


def _series(found: Sequence[Result], label: Label, colour: Colour) -> tuple[list[svg.Series], str]:
    """One line per library (its fastest variant at the largest size): at most
    svg.MAX_SERIES lines, the fastest ones; the note says what was left to the tables.
    A line whose colour an earlier one has (one language's libraries on a format page) is
    dashed."""
    largest = max((r.case.size for r in found), default=0)
    best: dict[tuple[str, str, str], Result] = {}
    for r in by_speed(
        x for x in found if x.case.size == largest and not x.case.variant.endswith(CONDITION_SUFFIXES)
    ):
        best.setdefault(_identity(r)[:3], r)
    lines: list[svg.Series] = []
    for r in best.values():
        points = tuple(
            sorted(
                (x.case.size, x.time)
                for x in found
                if _identity(x) == _identity(r) and not math.isnan(x.time)
            )
        )
        if len(points) >= 2 and len(lines) < svg.MAX_SERIES:
            dashed = any(line.colour == colour(r) for line in lines)
            lines.append(svg.Series(label(r), colour(r), dashed, points))
    variants = len({_identity(r) for r in found}) - len(best)
    notes = []
    if variants > 0:
        notes.append(
            f"one line per library, its fastest variant at {largest:,} records ({variants} other "
            "variants are in the tables)"
        )
    if len(best) > svg.MAX_SERIES:
        notes.append(
            f"the {svg.MAX_SERIES} fastest libraries at {largest:,} records (the other "
            f"{len(best) - svg.MAX_SERIES} are in the tables)"
        )
    return lines, "; ".join(notes)


def block(
    results: Results,
    found: Sequence[Result],
    base: str,
    label: Label,
    colour: Colour,
    depth: str,
    first: str,
    scaling_chart: bool = True,
) -> tuple[Block, list[Chart]]:
    """The (dataset, op) of found: a chart and tables per size, and the scaling chart."""
    case = found[0].case
    views, made = [], []
    shown = shown_size(found)
    for (size,), members in group(found, lambda r: (r.case.size,)).items():
        view, chart = _size_view(results, members, base, label, colour, depth, first)
        view.shown = size == shown
        views.append(view)
        made.append(chart)
    views.sort(key=lambda v: int(v.title.split()[0].replace(",", "")))
    series, note = _series([r for r in found if not r.lazy], label, colour) if scaling_chart else ([], "")
    scaling = None
    if series:
        title = f"{case.dataset} · {case.op}: time against payload size"
        path = f"{base}-scaling.svg"
        made.append(Chart(path, lambda: svg.line_chart(title, series, results.provenance)))
        scaling = f"{depth}{path}"
    return Block(case.dataset, case.op, views, scaling, note), made
