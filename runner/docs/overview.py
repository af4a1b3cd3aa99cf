"""One compact table per language under the landing page's answer: every library entry
across the verdict comparisons (answer.VERDICT_SIZES of every synthetic dataset), its
encode, decode and round trip time relative to the fastest full work of each comparison,
with its throughput, and its wire size plain and compressed relative to the smallest.

Each figure is a geometric mean over the comparisons the entry was measured on (the count
is shown when it is not all of them). Lazy work (†) is never set against full work: its
cells say so instead of a ratio. Throughput is the entry's own payload (its encode case's
`wire_bytes`) over the median time, in MB/s (10^6 bytes a second).
"""

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from runner.docs import robustness
from runner.docs.answer import (
    DATASET,
    SIZE,
    USES,
    VERDICT_SIZES,
    Comparisons,
    Entry,
    Use,
    Verdict,
    format_title,
    headline,
    noise_of,
    verdicts,
)
from runner.docs.results import (
    DASH,
    LANG_NAMES,
    LANGS,
    LAZY_MARK,
    TIMES,
    Result,
    Results,
    listed,
    significant,
)
from runner.ingest.payloads import ZLIB_METRIC, ZSTD_METRIC

TIME_OPS = ("encode", "decode", "roundtrip")
SIZES = {"wire": "wire_bytes", "zlib": ZLIB_METRIC, "zstd": ZSTD_METRIC}
_STAND_IN = "python"  # the object models' own format: no bytes, no serializer


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


Table = Mapping[tuple[str, int], Mapping[Entry, Result]]
Sizes = Mapping[tuple[Entry, str, int], float]


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
        wire[(entry, *key)] / at[entry].median * 1e3
        for key, at in table.items()
        if entry in at and (entry, *key) in wire and at[entry].median > 0
    ]
    return _geomean(rates) if rates else None


def _cells(
    table: Table, value: Callable[[Entry, Result], float | None], wire: Sizes | None
) -> dict[Entry, Cell]:
    return {
        e: Cell(_geomean(v), len(v), len(table), _throughput(table, wire, e) if wire is not None else None)
        for e, v in _relative(table, value).items()
    }


def rows(results: Results, lang: str) -> list[dict[str, str]]:
    """The language's table: one row per entry, fastest round trip first."""
    data = Comparisons(results, lang)
    encodes = _encodes(data)
    wire = _sizes(encodes, "wire_bytes")
    columns = {op: _cells(_full(data.of(op)), lambda e, r: r.median, wire) for op in TIME_OPS}
    for name, metric in SIZES.items():
        sizes = _sizes(encodes, metric)
        columns[name] = _cells(_full(encodes), _size_of(sizes), None)
    lazy = {(e, op) for op in TIME_OPS for at in data.of(op, True).values() for e in at}
    labels = {
        e: f"{r.label} · {format_title(r.case.format)}"
        for op in TIME_OPS
        for lazy_op in (False, True)
        for at in _full(data.of(op, lazy_op)).values()
        for e, r in at.items()
    }
    return [
        {"library": labels[e], **{col: _text(columns[col].get(e), (e, col) in lazy) for col in columns}}
        for e in _order(columns["roundtrip"], labels)
    ]


def _size_of(sizes: Sizes) -> Callable[[Entry, Result], float | None]:
    return lambda entry, result: sizes.get((entry, result.case.dataset, result.case.size))


def _full(table: Table) -> dict[tuple[str, int], dict[Entry, Result]]:
    """table without the object models' stand-ins (no bytes, no serializer)."""
    return {key: {e: r for e, r in at.items() if e[2] != _STAND_IN} for key, at in table.items()}


def _text(cell: Cell | None, lazy: bool) -> str:
    if lazy:
        return f"{LAZY_MARK} lazy"
    return DASH if cell is None else cell.text()


def _order(roundtrip: Mapping[Entry, Cell], entries: Iterable[Entry]) -> list[Entry]:
    """Round trips over every comparison first, fastest first; then the others by name."""

    def key(entry: Entry) -> tuple[int, float, Entry]:
        cell = roundtrip.get(entry)
        return (0, cell.relative, entry) if cell and cell.count == cell.of else (1, 0.0, entry)

    return sorted(entries, key=key)


# (row key, column title) in page order.
COLUMNS = (
    ("encode", "encode"),
    ("decode", "decode"),
    ("roundtrip", "round trip"),
    ("wire", "wire size"),
    ("zlib", "zlib"),
    ("zstd", "zstd"),
)


def context(results: Results, noise: Mapping[str, float], source: str) -> dict[str, object]:
    """The landing page's answer: the matrix of verdicts, then per language its verdicts,
    its table and its headline chart. noise: each language's run-to-run noise, measured by
    `source` (empty: the default minimum effect)."""
    found = verdicts(results, noise)
    per_lang = [
        {
            "name": LANG_NAMES[lang],
            "chart": headline(lang),
            "verdicts": [v.row() for v in found if v.lang == lang],
            "notes": [note for v in found if v.lang == lang for note in v.notes()],
            "table": rows(results, lang),
        }
        for lang in LANGS
        if any(v.lang == lang for v in found)
    ]
    return {
        "matrix": [
            {"use": use.name, "cells": [_cell(results, found, use, lang) for lang in LANGS]} for use in USES
        ],
        "langs": [LANG_NAMES[lang] for lang in LANGS],
        "uses": [(u.name, u.what) for u in USES],
        "answers": per_lang,
        "columns": COLUMNS,
        "comparisons": f"every synthetic dataset at {_sizes_text()} records",
        "noise": {LANG_NAMES[lang]: f"{noise_of(lang, noise):.1%}" for lang in LANGS},
        "noise_source": source,
        "answer_dataset": DATASET,
        "answer_size": f"{SIZE:,}",
    }


def _sizes_text() -> str:
    return listed([f"{size:,}" for size in VERDICT_SIZES])


def _cell(results: Results, found: Sequence[Verdict], use: Use, lang: str) -> str:
    verdict = next((v for v in found if v.use is use and v.lang == lang), None)
    return DASH if verdict is None else f"{verdict.cell()}<br>{_safety(results, verdict)}"


def _safety(results: Results, verdict: Verdict) -> str:
    """How each library the verdict names fared on malformed input, linked to its table."""
    named = verdict.tied if len(verdict.tied) > 1 else [verdict.best]
    link = f"robustness.md#{robustness.anchor(verdict.lang)}"
    lines = [
        f"{lib}: {robustness.verdict(results.snapshot.robustness, verdict.lang, lib, fmt)}"
        for lib, _, fmt in named
    ]
    return f"<small>[bad input]({link}): {'; '.join(lines)}</small>"
