"""A dataset page's summary: one table that sums the page up at the size it opens on,
before any chart: runner.docs.relative over that one comparison, each column's best in
its header; measurement conditions (the GC-off twins) are left to the charts.
"""

import math
from collections.abc import Callable, Sequence

from runner.docs.answer import Comparisons
from runner.docs.relative import COLUMNS, TIME_OPS, relative
from runner.docs.results import DASH, LAZY_MARK, TIMES, Result, fmt_bytes, fmt_time
from runner.docs.timings import Table


def _header(name: str, key: str, best: float) -> str:
    if math.isnan(best):
        return name
    return f"{name} (1{TIMES} = {fmt_time(best) if key in TIME_OPS else fmt_bytes(best)})"


def table(found: Sequence[Result], label: Callable[[Result], str], title: str) -> Table | None:
    """The summary of found (one language, dataset and size), None when nothing is timed."""
    if not found:
        return None
    made = relative(Comparisons(found, found[0].case.lang), label)
    if not made.entries:
        return None
    rows = [[made.labels[e], *(made.text(e, key) for key, _ in COLUMNS)] for e in made.entries]
    columns = ["library", *(_header(name, key, made.best[key]) for key, name in COLUMNS)]
    kept = [i for i in range(len(columns)) if i == 0 or any(row[i] != DASH for row in rows)]
    notes = [f"{LAZY_MARK} lazy work, given as its time: never ranked with full work"] if made.lazy else []
    return Table(title, [columns[i] for i in kept], [[row[i] for i in kept] for row in rows], notes)
