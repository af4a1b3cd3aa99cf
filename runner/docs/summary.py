"""A dataset page's summary: one table that sums the page up at the size it opens on,
before any chart. One row per library entry; encode, decode and round trip as multiples
of the fastest full result of that op, wire size as a multiple of the smallest (each
column's best in its header), measurement conditions (the GC-off twins) left to the
charts; lazy work (LAZY_MARK) is given as its time, never ranked
with full work; rows by round trip, then encode, then decode.
"""

import math
from collections.abc import Callable, Sequence

from runner.docs.results import (
    CONDITION_SUFFIXES,
    DASH,
    LAZY_MARK,
    TIMES,
    Result,
    fmt_bytes,
    fmt_ratio,
    fmt_time,
)
from runner.docs.timings import Table

OPS = (("encode", "encode"), ("decode", "decode"), ("roundtrip", "round trip"))


def _best(values: Sequence[float]) -> float:
    return min((v for v in values if v > 0 and not math.isnan(v)), default=math.nan)


def _cell(result: Result | None, best: float) -> str:
    if result is None or math.isnan(result.median):
        return DASH
    return f"{LAZY_MARK} {fmt_time(result.median)}" if result.lazy else fmt_ratio(result.median / best)


def _rank(ops: dict[str, Result]) -> tuple[float, ...]:
    """Round trip, then encode, then decode: full work only, a missing op last."""
    return tuple(
        ops[op].median if op in ops and not ops[op].lazy else math.inf
        for op in ("roundtrip", "encode", "decode")
    )


def _header(name: str, best: float, shown: str) -> str:
    return name if math.isnan(best) else f"{name} (1{TIMES} = {shown})"


def table(found: Sequence[Result], label: Callable[[Result], str], title: str) -> Table | None:
    """The summary of found (one dataset and size), None when nothing in it is timed."""
    # A measurement condition (the GC-off twins) is no way to use a library: charts only.
    timed = [
        r
        for r in found
        if r.timed and r.case.op in dict(OPS) and not r.case.variant.endswith(CONDITION_SUFFIXES)
    ]
    if not timed:
        return None
    entries: dict[str, dict[str, Result]] = {}
    for r in timed:
        entries.setdefault(label(r), {})[r.case.op] = r
    best = {op: _best([r.median for r in timed if r.case.op == op and not r.lazy]) for op, _ in OPS}
    wire = {
        name: ops["encode"].case.metrics.get("wire_bytes") for name, ops in entries.items() if "encode" in ops
    }
    smallest = _best([w for w in wire.values() if w is not None])
    rows = [
        [
            name,
            *(_cell(ops.get(op), best[op]) for op, _ in OPS),
            fmt_ratio((wire.get(name) or math.nan) / smallest),
        ]
        for name, ops in sorted(entries.items(), key=lambda item: (*_rank(item[1]), item[0]))
    ]
    columns = [
        "library",
        *(_header(name, best[op], fmt_time(best[op])) for op, name in OPS),
        _header("wire size", smallest, fmt_bytes(smallest)),
    ]
    kept = [i for i in range(len(columns)) if i == 0 or any(row[i] != DASH for row in rows)]
    lazy = any(r.lazy for r in timed)
    notes = [f"{LAZY_MARK} lazy work, given as its time: never ranked with full work"] if lazy else []
    return Table(title, [columns[i] for i in kept], [[row[i] for i in kept] for row in rows], notes)
