"""A format page's one comparison per operation and size: what differs between languages.

Each (language, library entry) of the format gets one bar: the geometric mean of its
times (fastest rounds) over the synthetic datasets every language measured for that op and size (its
per-dataset numbers are on its language's dataset pages). An entry missing one of those
datasets is named under the table, never ranked on fewer. Lazy work is a group apart. A
size only one language measured is left to that language's pages.
"""

import math
from collections.abc import Callable, Sequence

from runner.docs import svg
from runner.docs.page import Chart, Provenance
from runner.docs.results import (
    CONDITION_SUFFIXES,
    FORMAT_NAMES,
    LAZY_MARK,
    SYNTHETIC,
    TIMES,
    Result,
    fmt_ratio,
    fmt_time,
    group,
    listed,
)
from runner.docs.timings import Block, SizeView, Table, shown_size
from runner.stats import counted

Label = Callable[[Result], str]
MEASURE = "time per operation, geometric mean over datasets"


def _geomean(values: Sequence[float]) -> float:
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else math.nan


def _entries(found: Sequence[Result], label: Label) -> dict[str, dict[str, Result]]:
    """label -> dataset -> result, over the synthetic datasets."""
    entries: dict[str, dict[str, Result]] = {}
    for r in found:
        # A measurement condition (the GC-off twins) is no way to use a library.
        if r.case.dataset in SYNTHETIC and r.time > 0 and not r.case.variant.endswith(CONDITION_SUFFIXES):
            entries.setdefault(label(r), {})[r.case.dataset] = r
    return entries


def _common(found: Sequence[Result]) -> list[str]:
    """The synthetic datasets every language of found measured."""
    langs = {r.case.lang for r in found}
    return [d for d in SYNTHETIC if {r.case.lang for r in found if r.case.dataset == d} == langs]


def _ranked(
    entries: dict[str, dict[str, Result]], datasets: Sequence[str]
) -> list[tuple[str, float, Result]]:
    """(label, geometric mean, one of its results) of every entry on all datasets, fastest first."""
    means = [
        (name, _geomean([runs[d].time for d in datasets]), runs[datasets[0]])
        for name, runs in entries.items()
        if datasets and all(d in runs for d in datasets)
    ]
    return sorted(means, key=lambda m: (m[1], m[0]))


def _bars(
    ranked: Sequence[tuple[str, float, Result]], colour: Callable[[Result], str]
) -> tuple[svg.Bar, ...]:
    fastest = ranked[0][1] if ranked else math.nan
    return tuple(
        svg.Bar(name, mean, math.nan, math.nan, colour(r), f"  {fmt_ratio(mean / fastest)}")
        for name, mean, r in ranked
    )


def _table(title: str, ranked: Sequence[tuple[str, float, Result]], notes: list[str]) -> Table:
    fastest = ranked[0][1] if ranked else math.nan
    rows = [[name, fmt_time(mean), fmt_ratio(mean / fastest)] for name, mean, _ in ranked]
    return Table(title, ["language · library", "geometric mean", f"{TIMES} fastest"], rows, notes)


def _view(
    found: Sequence[Result], path: str, label: Label, colour: Callable[[Result], str], provenance: Provenance
) -> tuple[SizeView, Chart]:
    case = found[0].case
    datasets = _common(found)
    records = counted(case.size, "record")
    full, lazy = ([r for r in found if bool(r.lazy) is want] for want in (False, True))
    groups, tables = [], []
    for members, heading in (
        (full, ""),
        (lazy, f"Lazy work {LAZY_MARK}: a view over the bytes, ranked apart"),
    ):
        entries = _entries(members, label)
        ranked = _ranked(entries, datasets)
        missing = sorted(set(entries) - {name for name, _, _ in ranked})
        notes = [f"not on every dataset, so not ranked: {listed(missing)}"] if missing else []
        groups.append(svg.Group(heading, _bars(ranked, colour)))
        if ranked:
            tables.append(_table(f"{records}{', lazy ' + LAZY_MARK if heading else ''}", ranked, notes))
    title = f"{FORMAT_NAMES[case.format]} · {case.op} · {records}: over {', '.join(datasets)}"
    chart = Chart(path, lambda: svg.bar_chart(title, groups, None, provenance, MEASURE))
    return SizeView(records, path, tables), chart


def block(
    found: Sequence[Result],
    name: str,
    base: str,
    label: Label,
    colour: Callable[[Result], str],
    depth: str,
    provenance: Provenance,
) -> tuple[Block, list[Chart]]:
    """The op of found (one format, called name): per size, a chart and a table across
    languages."""
    views, made = [], []
    shown = shown_size(found)
    for (size,), members in group(found, lambda r: (r.case.size,)).items():
        if len({r.case.lang for r in members}) < 2:
            continue  # a size one language adds for itself (a claim's) has nothing to compare
        view, chart = _view(members, f"{base}-{size}.svg", label, colour, provenance)
        view.chart, view.shown = f"{depth}{view.chart}", size == shown
        views.append(view)
        made.append(chart)
    views.sort(key=lambda v: int(v.title.split()[0].replace(",", "")))
    return Block(name, found[0].case.op, views, None, ""), made
