"""What `runner mine` shows of its run: a table per language in the terminal and a page
with charts (results/mine/<sha256 prefix>/index.md), both from the run's snapshot.

Each table lists the language's library entries fastest first by decode (the op every
library has), with each op's time (its fastest round) and its multiple of that op's fastest entry: a paired
ratio over the rounds with its 95% CI. An entry whose CI reaches down to 1 + the language's
noise (runner/docs/answer.py's rule) ties with the fastest and is marked TIE; one with too
few samples for a CI says so instead. Lazy work (a
view over the bytes) is ranked apart. A library refused by its round-trip check, or that
failed, is listed under the table with its own error, never ranked.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from runner.docs import charts, generate, timings
from runner.docs.answer import noise_of
from runner.docs.datasets import COMPRESSED
from runner.docs.results import (
    DASH,
    LANG_NAMES,
    LAZY_MARK,
    TIMES,
    Result,
    Results,
    by_speed,
    fmt_bytes,
    fmt_ratio_ci,
    fmt_time,
    ratio_of,
)
from runner.docs.snapshot import Snapshot
from runner.mine_input import Document
from runner.records import Unmeasured

OPS = ("decode", "encode", "roundtrip")
TIE = "TIE"
TEMPLATE = "mine.md.j2"


@dataclass(frozen=True)
class Table:
    lang: str
    lazy: bool
    columns: list[str]
    rows: list[list[str]]


def _label(result: Result) -> str:
    return result.full_label + (f" {LAZY_MARK}" if result.lazy else "")


def _cell(result: Result | None, fastest: Result | None, noise: float) -> str:
    """The op's time (its fastest round) and its multiple of the fastest (with the 95% CI and
    the tie mark)."""
    if result is None or fastest is None:
        return DASH
    if result is fastest:
        return f"{fmt_time(result.time)}  fastest"
    ratio = ratio_of([result], [fastest])
    # Without a CI (too few samples) the cell says so; a tie needs an interval to reach 1.
    tied = ratio.has_ci and ratio.lo <= 1 + noise
    return f"{fmt_time(result.time)}  {fmt_ratio_ci(ratio)}" + (f" {TIE}" if tied else "")


def _sizes(encode: Result | None) -> list[str]:
    metrics = encode.case.metrics if encode else {}
    return [fmt_bytes(metrics.get(name)) for name in ("wire_bytes", *(m for _, m in COMPRESSED))]


def _table(lang: str, found: Sequence[Result], lazy: bool) -> Table | None:
    by_entry: dict[str, dict[str, Result]] = {}
    for result in found:
        by_entry.setdefault(_label(result), {})[result.case.op] = result
    if not by_entry:
        return None
    fastest = {op: next(iter(by_speed(r for r in found if r.case.op == op)), None) for op in OPS}
    noise = noise_of(lang, {})

    def order(label: str) -> tuple[float, str]:
        decode = by_entry[label].get("decode")
        return (decode.time if decode and not math.isnan(decode.time) else math.inf, label)

    rows = [
        [
            label,
            *(_cell(by_entry[label].get(op), fastest[op], noise) for op in OPS),
            *_sizes(by_entry[label].get("encode")),
        ]
        for label in sorted(by_entry, key=order)
    ]
    columns = [
        "library · format",
        *(f"{op} ({TIMES} fastest [95% CI])" for op in OPS),
        "size",
        "zlib",
        "zstd",
    ]
    return Table(lang, lazy, columns, rows)


def tables(results: Results, dataset: str) -> list[Table]:
    """Per language with results, its full work and then its lazy work."""
    found = [r for r in results.measured() if r.case.dataset == dataset and r.timed and r.case.op in OPS]
    made = (
        _table(lang, [r for r in found if r.case.lang == lang and bool(r.lazy) == lazy], lazy)
        for lang in sorted({r.case.lang for r in found})
        for lazy in (False, True)
    )
    return [t for t in made if t is not None]


def not_ranked(snapshot: Snapshot, dataset: str) -> list[str]:
    """One line per schema-less library entry not measured on the document (or the ops it
    lacks), with why. A library that applies to no op of a document (a typed one, with no
    schema to map it) is no news, and is left out."""
    tried: set[tuple[str, str | None, str, str | None]]
    tried = {(c.lang, c.lib, c.variant, c.format) for c in snapshot.cases if c.dataset == dataset}
    tried |= {_entry(u) for u in snapshot.unmeasured if u.outcome != NOT_APPLICABLE}
    found: dict[tuple[str, str], list[Unmeasured]] = {}
    for u in snapshot.unmeasured:
        # Ops the document has no use for (access, convert) are no news about the library.
        if u.dataset in (dataset, None) and u.op in (*OPS, None) and _entry(u) in tried:
            name = f"{LANG_NAMES.get(u.lang, u.lang)}: {u.lib or 'the whole suite'}"
            name += (f" ({u.variant})" if u.variant else "") + (f" · {u.format}" if u.format else "")
            why = f"{u.outcome.replace('_', ' ')}: {' '.join(u.reason.split())}"
            found.setdefault((name, why), []).append(u)
    return [
        f"{name}: {why} ({', '.join(sorted({u.op or 'every op' for u in members}))})"
        for (name, why), members in sorted(found.items())
    ]


NOT_APPLICABLE = "not_applicable"


def _entry(u: Unmeasured) -> tuple[str, str | None, str, str | None]:
    return (u.lang, u.lib, u.variant or "", u.format)


def _text_table(table: Table) -> str:
    widths = [max(len(row[i]) for row in [table.columns, *table.rows]) for i in range(len(table.columns))]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in [table.columns, *table.rows]
    ]
    return "\n".join([lines[0], "  ".join("-" * w for w in widths), *lines[1:]])


def _heading(table: Table) -> str:
    lazy = f", lazy work ({LAZY_MARK}: a view over the bytes), ranked apart" if table.lazy else ""
    return f"{LANG_NAMES.get(table.lang, table.lang)}{lazy}"


def terminal(snapshot: Snapshot, document: Document) -> str:
    """Every language's table, then what was not ranked and why."""
    results = Results(snapshot)
    parts = [f"\n{document.source} ({document.kind}), dataset {document.dataset}"]
    for table in tables(results, document.dataset):
        parts += [f"\n{_heading(table)}", _text_table(table)]
    missing = not_ranked(snapshot, document.dataset)
    if missing:
        parts += ["\nnot ranked:", *(f"  {line}" for line in missing)]
    parts.append(
        f"\n{TIE}: within the language's run-to-run noise of the fastest (its 95% CI reaches 1 + noise)"
    )
    return "\n".join(parts)


def write_page(snapshot: Snapshot, document: Document, folder: Path) -> Path:
    """The page (index.md) and its charts in folder; returns the page's path."""
    results = Results(snapshot)
    found = [r for r in results.measured() if r.case.dataset == document.dataset and r.timed]
    colours = charts.variant_colours(sorted({(r.case.lang, r.case.lib, r.case.variant) for r in found}))
    blocks, made = [], []
    for lang in sorted({r.case.lang for r in found}):
        for op in OPS:
            members = [r for r in found if r.case.lang == lang and r.case.op == op]
            if members:
                block, block_charts = timings.block(
                    results,
                    members,
                    f"charts/{lang}-{op}",
                    lambda r: r.full_label,
                    lambda r: colours[(r.case.lang, r.case.lib, r.case.variant)],
                    "",
                    "library",
                    scaling_chart=False,
                )
                blocks.append((LANG_NAMES.get(lang, lang), block))
                made += block_charts
    text = (
        generate.environment()
        .get_template(TEMPLATE)
        .render(
            document=document,
            run=snapshot.run,
            tables=[(_heading(t), t) for t in tables(results, document.dataset)],
            blocks=blocks,
            not_ranked=not_ranked(snapshot, document.dataset),
            tie=TIE,
        )
    )
    folder.mkdir(parents=True, exist_ok=True)
    for chart in made:
        (folder / chart.path).parent.mkdir(parents=True, exist_ok=True)
        (folder / chart.path).write_text(chart.render())
    page = folder / "index.md"
    page.write_text(text)
    return page
