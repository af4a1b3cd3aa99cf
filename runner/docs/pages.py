"""What each generated page shows: the data behind every template and every chart.

Pages are built from Results only; templates (runner/docs/templates/) lay them out.
The page set is fixed (mkdocs.yml's nav names it): a language or format with no
data still gets its page, saying it was not measured in this run.
"""

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from runner.docs import charts, interop, robustness
from runner.docs.claims import AGREE, REFUTE, ClaimResult, Verdict
from runner.docs.page import Chart, Page
from runner.docs.results import (
    DASH,
    FORMAT_NAMES,
    LANG_NAMES,
    LANGS,
    LAZY_MARK,
    MEMCPY_LIB,
    SYNTHETIC,
    Result,
    Results,
    by_speed,
    fmt_bytes,
    fmt_ci,
    fmt_ratio,
    fmt_time,
    group,
    op_order,
)
from runner.docs.snapshot import Unmeasured

# One page per synthetic dataset; every other dataset (the real documents) shares REAL.
REAL = "real"
DATASET_PAGES = (*SYNTHETIC, REAL)
# The formats measured in more than one language, each with a cross-language page.
FORMATS = ("protobuf", "flatbuffers", "msgpack", "json", "thrift_binary", "thrift_compact")
LANG_COLOURS = {"python": charts.PALETTE[0], "dotnet": charts.PALETTE[1], "cpp": charts.PALETTE[2]}
DATASET_TITLES = {
    "user": "user: flat records",
    "order": "order: nested e-commerce orders",
    "filetree": "filetree: recursive tree with a tagged union",
    "game": "game: the FlatBuffers monster",
    "mail": "mail: string-heavy, about 10 KB a record",
    "metrics": "metrics: numeric arrays",
    REAL: "real documents",
}


def page_of(dataset: str) -> str:
    return dataset if dataset in SYNTHETIC else REAL


# Tables and charts of one group of results -----------------------------------------


def _row(results: Results, result: Result, label: str) -> dict[str, str]:
    case = result.case
    return {
        "label": label,
        "format": case.format,
        "version": case.lib_version or DASH,
        "median": fmt_time(result.median),
        "ci": fmt_ci(result.summary),
        "memcpy": fmt_ratio(results.memcpy_multiple(result)),
        "wire": fmt_bytes(case.metrics.get("wire_bytes")),
        "alloc": fmt_bytes(case.metrics.get("alloc_bytes_per_op")),
        "peak": fmt_bytes(case.metrics.get("peak_heap_bytes")),
        "n": str(result.summary.n),
    }


def _label_order(found: Sequence[Result], label: Callable[[Result], str]) -> list[str]:
    """Labels fastest first at the largest size each has, so the top bar is the winner."""
    best: dict[str, tuple[int, float]] = {}
    for result in found:
        median = math.inf if math.isnan(result.median) else result.median
        key = (-result.case.size, median)
        best[label(result)] = min(best.get(label(result), key), key)
    return sorted(best, key=lambda name: (*best[name], name))


def _panels(results: Results, found: Sequence[Result], label: Callable[[Result], str],
            colour: Callable[[Result], str]) -> list[charts.Panel]:
    panels = []
    for (size,), members in group(found, lambda r: (r.case.size,)).items():
        bars = tuple(
            charts.Bar(label(r), r.median, r.summary.ci_low, r.summary.ci_high, colour(r))
            for r in members
            if not math.isnan(r.median)
        )
        noun = "record" if size == 1 else "records"
        floor = results.floor.get((members[0].case.dataset, int(str(size))))
        panels.append(charts.Panel(f"{int(str(size)):,} {noun}", bars, floor))
    return sorted(panels, key=lambda p: int(p.title.split()[0].replace(",", "")))


def _series(found: Sequence[Result], label: Callable[[Result], str],
            colour: Callable[[Result], str]) -> list[charts.Series]:
    lines = []
    for (name,), members in group(found, lambda r: (label(r),)).items():
        points = tuple(sorted((r.case.size, r.median) for r in members if not math.isnan(r.median)))
        if len(points) >= 2:
            lines.append(charts.Series(str(name), colour(members[0]), points))
    return lines


def _by_dataset_op(found: Sequence[Result]) -> list[tuple[str, str, list[Result]]]:
    """Groups of one dataset and op, in page order: datasets as listed, ops as OPS."""
    ops = op_order({r.case.op for r in found})
    groups = [
        (str(d), str(o), m) for (d, o), m in group(found, lambda r: (r.case.dataset, r.case.op)).items()
    ]
    return sorted(groups, key=lambda g: (DATASET_PAGES.index(page_of(g[0])), g[0], ops.index(g[1])))


@dataclass
class Block:
    """One (dataset, op) on a page: its charts and a table per size, full ops and lazy ones
    (LAZY_MARK) apart: a lazy result is never ranked with full ones."""

    dataset: str
    op: str
    chart: str | None  # the full ops
    lazy_chart: str | None  # the lazy ops, their own group
    scaling: str | None
    tables: list[tuple[str, list[dict[str, str]]]]
    lazy_notes: list[str]


def _tables(results: Results, found: Sequence[Result], label: Callable[[Result], str],
            suffix: str) -> list[tuple[str, list[dict[str, str]]]]:
    return [
        (
            f"{size:,} record{'s' if size != 1 else ''}{suffix}",
            [_row(results, r, label(r)) for r in by_speed(members)],
        )
        for (size,), members in group(found, lambda r: (r.case.size,)).items()
        if isinstance(size, int)
    ]


def _bars(results: Results, found: Sequence[Result], path: str, label: Callable[[Result], str],
          colour: Callable[[Result], str]) -> Chart | None:
    if not found:
        return None
    order = _label_order(found, label)
    panels = _panels(results, found, label, colour)
    return Chart(path, lambda: charts.bar_chart(panels, order))


def _block(results: Results, found: Sequence[Result], base: str, label: Callable[[Result], str],
           colour: Callable[[Result], str], depth: str,
           scaling_chart: bool = True) -> tuple[Block, list[Chart]]:
    dataset, op = found[0].case.dataset, found[0].case.op
    full, lazy = [r for r in found if not r.lazy], [r for r in found if r.lazy]
    bars = _bars(results, full, f"{base}.svg", label, colour)
    lazy_bars = _bars(results, lazy, f"{base}-lazy.svg", label, colour)
    series = _series(full, label, colour) if scaling_chart else []
    scaling = Chart(f"{base}-scaling.svg", lambda: charts.scaling_chart(series)) if series else None
    made = [chart for chart in (bars, lazy_bars, scaling) if chart]
    tables = _tables(results, full, label, "") + _tables(results, lazy, label, f", lazy {LAZY_MARK}")
    notes = sorted({f"{r.label}: {r.lazy}" for r in lazy})
    def link(chart: Chart | None) -> str | None:
        return f"{depth}{chart.path}" if chart else None

    return Block(dataset, op, link(bars), link(lazy_bars), link(scaling), tables, notes), made


# Language pages -------------------------------------------------------------------


def _lib_label(found: Sequence[Result]) -> Callable[[Result], str]:
    mixed = len({r.case.format for r in found}) > 1
    return (lambda r: f"{r.marked_label} · {r.case.format}") if mixed else (lambda r: r.marked_label)


def _unmeasured_rows(entries: Iterable[Unmeasured]) -> list[dict[str, str]]:
    rows = []
    for u in entries:
        what = "/".join(
            f"{k}={v}" for k, v in (("lib", u.lib), ("format", u.format), ("op", u.op),
                                     ("dataset", u.dataset), ("size", u.size), ("variant", u.variant))
            if v not in (None, "")
        )
        rows.append(
            {"what": what or "whole suite", "outcome": u.outcome.replace("_", " "), "reason": u.reason}
        )
    return sorted(rows, key=lambda r: (r["outcome"], r["what"]))


def _metric_rows(found: Iterable[Result]) -> list[dict[str, str]]:
    """Cases that are a measurement without timings (installed size, peak memory)."""
    return [
        {"label": r.full_label, "dataset": r.case.dataset, "op": r.case.op, "metric": name,
         "value": fmt_bytes(value), "version": r.case.lib_version or DASH}
        for r in sorted(found, key=lambda r: (r.case.op, r.full_label))
        for name, value in sorted(r.case.metrics.items())
    ]


def language_pages(results: Results, lib_colours: dict[str, str]) -> list[Page]:
    pages = []
    for lang in LANGS:
        found = [r for r in results.measured() if r.case.lang == lang]
        pages.append(_language_index(results, lang, found))
        for name in DATASET_PAGES:
            members = [r for r in found if page_of(r.case.dataset) == name]
            pages.append(_language_dataset(results, lang, name, members, lib_colours))
    return pages


NOT_REPORTED = "n/r"


def _capabilities(found: Sequence[Result]) -> tuple[list[str], list[dict[str, Any]]]:
    """One row per library entry the suite described (metric-only helper cases describe no
    capabilities and get none): each capability as ✓/✗, NOT_REPORTED where the suite gave
    none for it, and the entry's lazy ops with their reasons."""
    described = [r for r in found if r.case.capabilities is not None]
    names = sorted({k for r in described for k in (r.case.capabilities or {})})
    rows: dict[tuple[str, str, str], dict[str, Any]] = {}
    lazy: dict[tuple[str, str, str], dict[str, str]] = {}
    for r in described:
        key = (r.case.lib, r.case.variant, r.case.format)
        caps = r.case.capabilities or {}
        rows[key] = {
            "lib": r.case.lib,
            "variant": r.case.variant or DASH,
            "format": r.case.format,
            "version": r.case.lib_version or DASH,
            "flags": ["✓" if caps.get(n) else ("✗" if n in caps else NOT_REPORTED) for n in names],
        }
        if r.lazy:
            lazy.setdefault(key, {})[r.case.op] = r.lazy
    for key, row in rows.items():
        ops = lazy.get(key, {})
        row["lazy"] = "; ".join(f"{op}: {why}" for op, why in sorted(ops.items())) or "none: every op is full"
    return names, [rows[k] for k in sorted(rows)]


def _language_index(results: Results, lang: str, found: Sequence[Result]) -> Page:
    snapshot = results.snapshot
    names, capabilities = _capabilities(found)
    suite = next((s for s in snapshot.suites if s.lang == lang), None)
    counts = {
        name: len({r.case.key for r in found if page_of(r.case.dataset) == name}) for name in DATASET_PAGES
    }
    return Page(
        f"{lang}/index.md",
        "language.md.j2",
        {
            "lang": lang,
            "lang_name": LANG_NAMES[lang],
            "suite": suite,
            "settings": sorted(snapshot.metadata.get(lang, {}).items()),
            "capability_names": names,
            "capabilities": capabilities,
            "pages": [(name, DATASET_TITLES[name], counts[name]) for name in DATASET_PAGES],
            "unmeasured": _unmeasured_rows(
                u for u in snapshot.unmeasured if u.lang == lang and u.dataset is None
            ),
        },
    )


def _language_dataset(results: Results, lang: str, name: str, found: Sequence[Result],
                      lib_colours: dict[str, str]) -> Page:
    page = Page(f"{lang}/{name}.md", "dataset.md.j2", {})
    blocks = []
    for dataset, op, members in _by_dataset_op([r for r in found if r.timed]):
        label = _lib_label(members)
        block, made = _block(
            results, members, f"charts/{lang}/{dataset}-{op}", label,
            lambda r: lib_colours[r.case.lib], "../",
        )
        blocks.append(block)
        page.charts += made
    page.context = {
        "lang": lang,
        "lang_name": LANG_NAMES[lang],
        "title": DATASET_TITLES[name],
        "page": name,
        "blocks": blocks,
        "metric_only": _metric_rows(r for r in found if not r.timed),
        "unmeasured": _unmeasured_rows(
            u
            for u in results.snapshot.unmeasured
            if u.lang == lang and u.dataset is not None and page_of(u.dataset) == name
        ),
    }
    return page


# Format pages ---------------------------------------------------------------------


def _lang_label(result: Result) -> str:
    return f"{LANG_NAMES[result.case.lang]} · {result.marked_label}"


def _listed(names: list[str]) -> str:
    """["a", "b", "c"] -> "a, b and c"."""
    return " and ".join(filter(None, [", ".join(names[:-1]), names[-1] if names else ""]))


def format_pages(results: Results) -> list[Page]:
    pages = [_format_index(results)]
    for fmt in FORMATS:
        found = [r for r in results.measured() if r.case.format == fmt and r.timed]
        page = Page(f"formats/{fmt}.md", "format.md.j2", {})
        blocks = []
        for dataset, op, members in _by_dataset_op(found):
            block, made = _block(
                results, members, f"charts/formats/{fmt}-{dataset}-{op}", _lang_label,
                lambda r: LANG_COLOURS.get(r.case.lang, "#999999"), "../",
                # Each library's growth with size is on its language's page already.
                scaling_chart=False,
            )
            blocks.append(block)
            page.charts += made
        langs = sorted({r.case.lang for r in found}, key=LANGS.index)
        page.context = {
            "format": fmt,
            "format_name": FORMAT_NAMES[fmt],
            "blocks": blocks,
            "lang_names": _listed([LANG_NAMES[lang] for lang in langs]) or "no language yet",
        }
        pages.append(page)
    return pages


def _format_index(results: Results) -> Page:
    matrix = []
    for fmt in FORMATS:
        cells = []
        for lang in LANGS:
            libs = sorted({r.label for r in results.all if r.case.format == fmt and r.case.lang == lang})
            cells.append(", ".join(libs) or DASH)
        matrix.append({"format": fmt, "name": FORMAT_NAMES[fmt], "cells": cells})
    floors = sorted((d, s, fmt_time(ns)) for (d, s), ns in results.floor.items())
    return Page(
        "formats/index.md",
        "formats.md.j2",
        {"matrix": matrix, "langs": [LANG_NAMES[lang] for lang in LANGS], "floors": floors},
    )


# Claims, methodology, landing (interop.py and robustness.py make their own pages) ---


def claims_page(claims: Sequence[ClaimResult]) -> Page:
    counts = {v.value: sum(c.verdict is v for c in claims) for v in Verdict}
    return Page(
        "claims.md",
        "claims.md.j2",
        {"claims": claims, "counts": counts, "agree": AGREE, "refute": REFUTE},
    )


def methodology_page(results: Results) -> Page:
    snapshot = results.snapshot
    settings = [
        (LANG_NAMES.get(scope, scope), sorted(values.items()))
        for scope, values in sorted(snapshot.metadata.items())
    ]
    return Page("methodology.md", "methodology.md.j2", {"settings": settings})


def landing_page(results: Results) -> Page:
    snapshot = results.snapshot
    per_lang = {lang: len([r for r in results.measured() if r.case.lang == lang]) for lang in LANGS}
    outcomes: dict[str, int] = {}
    for u in snapshot.unmeasured:
        outcomes[u.outcome] = outcomes.get(u.outcome, 0) + 1
    return Page(
        "index.md",
        "index.md.j2",
        {
            "per_lang": [(LANG_NAMES[lang], per_lang[lang]) for lang in LANGS],
            "outcomes": sorted(outcomes.items()),
            "libraries": len({(r.case.lang, r.case.lib) for r in results.measured()}),
            "runtimes": sorted(snapshot.metadata.get("run", {}).items()),
            "glance": _at_a_glance(results),
        },
    )


GLANCE_DATASET, GLANCE_SIZE = "order", 100


def _at_a_glance(results: Results) -> list[dict[str, Any]]:
    """The three fastest full ops per language and op on one mid-sized dataset (lazy ones
    are never ranked with them): the landing's summary."""
    found = [
        r for r in results.where(
            lambda c: c.dataset == GLANCE_DATASET and c.size == GLANCE_SIZE and c.lib != MEMCPY_LIB
            and c.op in ("encode", "decode")
        )
        if not r.lazy
    ]
    rows = []
    for (lang, op), members in group(found, lambda r: (r.case.lang, r.case.op)).items():
        best = by_speed(members)[:3]
        rows.append({
            "lang": LANG_NAMES.get(str(lang), str(lang)),
            "op": str(op),
            "best": ", ".join(f"{r.label} · {r.case.format} {fmt_time(r.median)}" for r in best),
        })
    return rows


def all_pages(results: Results, claims: Sequence[ClaimResult]) -> list[Page]:
    lib_colours = charts.colours(results.libraries)
    return [
        landing_page(results),
        *language_pages(results, lib_colours),
        *format_pages(results),
        interop.page(results.snapshot),
        robustness.page(results.snapshot),
        claims_page(claims),
        methodology_page(results),
    ]
