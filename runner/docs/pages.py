"""What each generated page shows: the data behind every template and every chart.

Pages are built from Results only; templates (runner/docs/templates/) lay them out.
Every language and synthetic dataset in the catalog gets its pages (a language or dataset
with no data says it was not measured in this run); the formats measured in two languages
or more get a cross-language page. The site's navigation is made from the pages (`nav`).
"""

import statistics
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from runner.docs import across, charts, counts, interop, overview, robustness, stock, summary, timings
from runner.docs.claims import AGREE, REFUTE, ClaimResult, Verdict
from runner.docs.datasets import ABOUT, COMPRESSED, REAL_ABOUT, schema_excerpt, version_link, wire_sizes
from runner.docs.datasets import title as dataset_title
from runner.docs.page import Page
from runner.docs.results import (
    DASH,
    FORMAT_NAMES,
    LANG_NAMES,
    LANGS,
    LAZY_MARK,
    SYNTHETIC,
    Result,
    Results,
    fmt_bytes,
    fmt_time,
    group,
    listed,
    op_order,
)
from runner.ingest import cases_json
from runner.records import Unmeasured
from runner.repeatability import TIMES, Noise
from runner.stats import counted
from schemas.catalog import catalog

# One page per synthetic dataset; every other dataset (the real documents) shares REAL.
REAL = "real"
DATASET_PAGES = (*SYNTHETIC, REAL)
LANG_COLOURS = {
    "python": charts.PALETTE[0],
    "dotnet": charts.PALETTE[1],
    "cpp": charts.PALETTE[2],
    "mono": charts.PALETTE[3],
}
DATASET_TITLES = {
    **{d.name: f"{d.name}: {d.label}" for d in catalog.load().datasets if d.synthetic},
    REAL: "Real documents",
}


def page_of(dataset: str) -> str:
    return dataset if dataset in SYNTHETIC else REAL


def _by_dataset_op(found: Sequence[Result]) -> list[tuple[str, str, list[Result]]]:
    """Groups of one dataset and op, in page order: datasets as listed, ops as OPS."""
    ops = op_order({r.case.op for r in found})
    groups = [
        (str(d), str(o), m) for (d, o), m in group(found, lambda r: (r.case.dataset, r.case.op)).items()
    ]
    return sorted(groups, key=lambda g: (DATASET_PAGES.index(page_of(g[0])), g[0], ops.index(g[1])))


# Language pages -------------------------------------------------------------------


def _lib_label(found: Sequence[Result]) -> Callable[[Result], str]:
    mixed = len({r.case.format for r in found}) > 1
    return (lambda r: f"{r.marked_label} · {r.case.format}") if mixed else (lambda r: r.marked_label)


def _entry_label(found: Sequence[Result]) -> Callable[[Result], str]:
    """A library entry whatever its op (no lazy mark), with its format when found mixes them."""
    mixed = len({r.case.format for r in found}) > 1
    return (lambda r: r.full_label) if mixed else (lambda r: r.label)


def _listed_values(values: Iterable[object]) -> str:
    found = sorted({v for v in values if v not in (None, "")}, key=lambda v: (str(type(v)), v))
    return ", ".join(f"{v:,}" if isinstance(v, int) else str(v) for v in found)


def _unmeasured_groups(entries: Iterable[Unmeasured]) -> list[dict[str, str]]:
    """Cases not measured, one row per library entry, outcome and reason (the reason
    once), with how many cases and which ops, datasets and sizes they cover."""
    found: dict[tuple[str, str, str, str, str], list[Unmeasured]] = {}
    for u in entries:
        key = (u.lib or "", u.variant or "", u.format or "", u.outcome, " ".join(u.reason.split()))
        found.setdefault(key, []).append(u)
    rows = []
    for (lib, variant, fmt, outcome, reason), members in sorted(found.items()):
        which = "; ".join(
            filter(
                None,
                (
                    _listed_values(u.op for u in members),
                    _listed_values(u.dataset for u in members),
                    _listed_values(u.size for u in members)
                    and f"sizes {_listed_values(u.size for u in members)}",
                ),
            )
        )
        name = (lib or "the whole suite") + (f" ({variant})" if variant else "")
        name += f" · {fmt}" if fmt else ""
        rows.append(
            {
                "library": name,
                "outcome": outcome.replace("_", " "),
                "cases": str(len(members)),
                "which": which or "every case",
                "reason": reason,
            }
        )
    return rows


def _unmeasured_counts(entries: Iterable[Unmeasured]) -> list[tuple[str, int]]:
    counts: dict[str, int] = {}
    for u in entries:
        counts[u.outcome.replace("_", " ")] = counts.get(u.outcome.replace("_", " "), 0) + 1
    return sorted(counts.items())


def _metric_rows(found: Iterable[Result]) -> list[dict[str, str]]:
    """Cases that are a measurement without timings (installed size, peak memory)."""
    return [
        {
            "label": r.full_label,
            "dataset": r.case.dataset,
            "op": r.case.op,
            "metric": name,
            "value": fmt_bytes(value),
            "version": r.case.lib_version or DASH,
        }
        for r in sorted(found, key=lambda r: (r.case.op, r.full_label))
        for name, value in sorted(r.case.metrics.items())
    ]


def language_pages(results: Results, lib_colours: dict[tuple[str, str, str], str]) -> list[Page]:
    pages = []
    for lang in results.langs:
        found = counts.measured_cases(results, lang)
        pages.append(_language_index(results, lang, found))
        for name in DATASET_PAGES:
            members = [r for r in found if page_of(r.case.dataset) == name]
            pages.append(_language_dataset(results, lang, name, members, lib_colours))
    return pages


NOT_REPORTED = "n/r"
# Capability names as column headers, with soft hyphens so a narrow column breaks them.
_SHY = "\u00ad"
CAPABILITY_HEADERS = {
    "codegen": f"code{_SHY}gen",
    "reflection": f"re{_SHY}flec{_SHY}tion",
    "schemaless": f"schema{_SHY}less",
    "validates": f"val{_SHY}i{_SHY}dates",
    "zero_copy": "zero-copy",
}


def _capabilities(
    found: Sequence[Result], homes: dict[tuple[str, str], str]
) -> tuple[list[str], list[dict[str, Any]], list[str]]:
    """(capability names, one row per serializer entry the suite described, the lazy ops'
    reasons): each capability ✓/✗, NOT_REPORTED where the suite gave none for it."""
    # Format "python": the suite's object and install-size cases, not a serializer.
    described = [r for r in found if r.case.capabilities is not None and r.case.format != "python"]
    names = sorted({k for r in described for k in (r.case.capabilities or {})})
    rows: dict[tuple[str, str, str], dict[str, Any]] = {}
    lazy: dict[tuple[str, str, str], dict[str, str]] = {}
    for r in described:
        key = (r.case.lib, r.case.variant, r.case.format)
        caps = r.case.capabilities or {}
        rows[key] = {
            "library": f"{r.label} · {r.case.format}",
            "version": version_link(homes.get((r.case.lang, r.case.lib)), r.case.lib_version),
            "flags": ["✓" if caps.get(n) else ("✗" if n in caps else NOT_REPORTED) for n in names],
        }
        if r.lazy:
            lazy.setdefault(key, {})[r.case.op] = r.lazy
    reasons = []
    for key, row in rows.items():
        ops = lazy.get(key, {})
        row["lazy"] = ", ".join(sorted(ops)) + f" {LAZY_MARK}" if ops else "none"
        reasons += [f"{row['library']}, {op}: {why}" for op, why in sorted(ops.items())]
    return names, [rows[k] for k in sorted(rows)], sorted(reasons)


# What a harness setting means where its name alone misleads.
SETTING_NOTES = {
    "library_build_type": "how Debian built the Google Benchmark library itself (its own checks), "
    "not the code under test, which Bazel compiles optimized (-c opt, -O2)",
}


def _language_index(results: Results, lang: str, found: Sequence[Result]) -> Page:
    snapshot = results.snapshot
    names, capabilities, lazy_reasons = _capabilities(found, results.homes)
    suite = next((s for s in snapshot.suites if s.lang == lang), None)
    per_page = {
        name: len({r.case.key for r in found if page_of(r.case.dataset) == name}) for name in DATASET_PAGES
    }
    unmeasured = [u for u in snapshot.unmeasured if u.lang == lang]
    pages = [
        (
            name,
            DATASET_TITLES[name],
            per_page[name],
            len([u for u in unmeasured if u.dataset is not None and page_of(u.dataset) == name]),
        )
        for name in DATASET_PAGES
    ]
    return Page(
        f"{lang}/index.md",
        "language.md.j2",
        {
            "lang": lang,
            "lang_name": LANG_NAMES[lang],
            "suite": suite,
            "settings": [
                (key, value, SETTING_NOTES.get(key, ""))
                for key, value in sorted(snapshot.metadata.get(lang, {}).items())
            ],
            "capability_names": [CAPABILITY_HEADERS.get(n, n) for n in names],
            "capabilities": capabilities,
            "lazy_reasons": lazy_reasons,
            "pages": pages,
            "unmeasured_counts": _unmeasured_counts(unmeasured),
            "unmeasured": _unmeasured_groups(counts.left_out_entries(results, lang)),
        },
    )


def _description(results: Results, lang: str, name: str, found: Sequence[Result]) -> dict[str, Any]:
    sizes, wire = wire_sizes(found)
    datasets = sorted({r.case.dataset for r in found}) if name == REAL else [name]
    return {
        "about": ABOUT.get(name, REAL_ABOUT),
        "datasets": [(d, dataset_title(d)) for d in datasets],
        "compressed": any(m in r.case.metrics for r in found for _, m in COMPRESSED),
        "schema": schema_excerpt(name) if name != REAL else "",
        "wire_sizes": [f"{s:,}" for s in sizes],
        "wire": wire,
    }


def _summaries(found: Sequence[Result]) -> list[timings.Table]:
    """Per dataset of the page, its summary table at the size the page opens on."""
    tables = []
    for (dataset,), members in group(found, lambda r: (r.case.dataset,)).items():
        size = timings.shown_size(members)
        at_size = [r for r in members if r.case.size == size]
        title = f"{dataset}, {counted(size, 'record')}: each library against the best"
        made = summary.table(at_size, _entry_label(at_size), title)
        tables += [made] if made else []
    return tables


def _language_dataset(
    results: Results,
    lang: str,
    name: str,
    found: Sequence[Result],
    lib_colours: dict[tuple[str, str, str], str],
) -> Page:
    page = Page(f"{lang}/{name}.md", "dataset.md.j2", {})
    blocks = []
    for dataset, op, members in _by_dataset_op([r for r in found if r.timed]):
        made_block, made = timings.block(
            results,
            members,
            f"charts/{lang}/{dataset}-{op}",
            _lib_label(members),
            lambda r: lib_colours[(r.case.lang, r.case.lib, r.case.variant)],
            "../",
            "library",
        )
        blocks.append(made_block)
        page.charts += made
    page.context = {
        "lang": lang,
        "lang_name": LANG_NAMES[lang],
        "title": DATASET_TITLES[name],
        "page": name,
        "blocks": blocks,
        "summaries": _summaries(found),
        **_description(results, lang, name, found),
        "metric_only": _metric_rows(r for r in found if not r.timed),
        "unmeasured": _unmeasured_groups(
            u
            for u in results.snapshot.unmeasured
            if u.lang == lang and u.dataset is not None and page_of(u.dataset) == name
        ),
    }
    return page


# Format pages ---------------------------------------------------------------------


def _lang_label(result: Result) -> str:
    return f"{LANG_NAMES[result.case.lang]} · {result.marked_label}"


def cross_language_formats(results: Results) -> list[str]:
    """The formats timed in more than one language (catalog order): one page each."""
    langs: dict[str, set[str]] = {}
    for r in results.measured():
        if r.timed:
            langs.setdefault(r.case.format, set()).add(r.case.lang)
    return [fmt for fmt in catalog.FORMATS if len(langs.get(fmt, ())) > 1]


def clocks(results: Results, langs: Sequence[str]) -> str:
    """What timed each language's samples, as the run recorded it (its `clock`): one
    sentence when they agree, each language's when they differ."""
    kinds = {
        LANG_NAMES[lang]: results.snapshot.metadata.get(lang, {}).get("clock", "").split(":")[0]
        for lang in langs
    }
    if len(set(kinds.values())) == 1 and all(kinds.values()):
        return f"Every language here is timed by the same clock: {next(iter(kinds.values()))}."
    by_kind: dict[str, list[str]] = {}
    for name, kind in kinds.items():
        by_kind.setdefault(kind, []).append(name)
    known = [f"{listed(names)} by {kind}" for kind, names in by_kind.items() if kind]
    unknown = [f"the run did not record which clock timed {listed(by_kind[''])}"] if "" in by_kind else []
    return f"The clocks may differ: {'; '.join(known + unknown)}. Compare across languages with care."


def format_pages(results: Results) -> list[Page]:
    formats = cross_language_formats(results)
    pages = [_format_index(results, formats)]
    for fmt in formats:
        found = [r for r in results.measured() if r.case.format == fmt and r.timed]
        page = Page(f"formats/{fmt}.md", "format.md.j2", {})
        blocks = []
        for op in op_order({r.case.op for r in found}):
            made_block, made = across.block(
                [r for r in found if r.case.op == op],
                FORMAT_NAMES[fmt],
                f"charts/formats/{fmt}-{op}",
                _lang_label,
                lambda r: LANG_COLOURS.get(r.case.lang, "#999999"),
                "../",
                results.provenance,
            )
            blocks.append(made_block)
            page.charts += made
        langs = sorted({r.case.lang for r in found}, key=LANGS.index)
        page.context = {
            "format": fmt,
            "format_name": FORMAT_NAMES[fmt],
            "blocks": blocks,
            "lang_names": listed([LANG_NAMES[lang] for lang in langs]) or "no language yet",
            "clocks": clocks(results, langs),
        }
        pages.append(page)
    return pages


def _format_index(results: Results, formats: Sequence[str]) -> Page:
    matrix = []
    for fmt in formats:
        cells = []
        for lang in results.langs:
            libs = sorted({r.label for r in results.all if r.case.format == fmt and r.case.lang == lang})
            cells.append(", ".join(libs) or DASH)
        matrix.append({"format": fmt, "name": FORMAT_NAMES[fmt], "cells": cells})
    floors = sorted((d, s, fmt_time(ns)) for (d, s), ns in results.floor.items())
    return Page(
        "formats/index.md",
        "formats.md.j2",
        {
            "matrix": matrix,
            "langs": [LANG_NAMES[lang] for lang in results.langs],
            "floors": floors,
            "clocks": clocks(results, results.langs),
        },
    )


# Claims, methodology, landing (interop.py and robustness.py make their own pages) ---


def claims_page(claims: Sequence[ClaimResult]) -> Page:
    verdicts = {v.value: sum(c.verdict is v for c in claims) for v in Verdict}
    return Page(
        "claims.md",
        "claims.md.j2",
        {"claims": claims, "counts": verdicts, "agree": AGREE, "refute": REFUTE},
    )


# Per language: whether the garbage collector can run while a sample is timed.
GC_CONDITIONS = {
    "python": "the cyclic GC stays on while timing, as in an application, walking only the case's "
    "own objects (the worker's interpreter and library are frozen with `gc.freeze()` before the first "
    "sample); the typed-class libraries on filetree and order are timed again with it off "
    "(variants ending `_gcoff`)",
    "dotnet": "the .NET GC runs with its defaults; each round's measured iteration starts after a "
    "full blocking collection (the case's setup), and MemoryDiagnoser counts the collections per "
    "operation. Collections owed by the timed work run inside the 50 ms iteration: {collections}. gen0's "
    "budget follows the machine's cache size, so these counts differ from one machine to another. A "
    "case under half a collection an iteration holds little of the cost of collecting its own "
    "garbage, which BenchmarkDotNet's default job (iterations of about 500 ms) spreads over every "
    "sample; that favours it over a case that collects in every iteration",
    "cpp": "no garbage collector: memory is freed when each operation's objects go out of scope",
    "mono": "Mono's SGen GC runs as in an application; a full collection after each round, none "
    "inside a timed loop's control (the suite counts no allocations)",
}


def methodology_page(
    results: Results, repeatability: Sequence[tuple[str, str]], stock_report: stock.Report | None = None
) -> Page:
    snapshot = results.snapshot
    dotnet = snapshot.metadata.get("dotnet", {})
    settings = [
        (LANG_NAMES.get(scope, scope), sorted(values.items()))
        for scope, values in sorted(snapshot.metadata.items())
    ]
    calibrations = [
        {
            "lang": LANG_NAMES.get(c.lang, c.lang),
            "when": c.when,
            "workload": c.workload,
            "median": fmt_time(c.ns),
            "n": str(c.n),
        }
        for c in snapshot.calibrations
    ]
    known = catalog.load()
    gc = _collections_per_iteration(results)
    return Page(
        "methodology.md",
        "methodology.md.j2",
        {
            "ops": [(op.name, op.text) for op in known.ops],
            "access": [(d.name, d.access) for d in known.datasets if d.access],
            "profiles": [(p.name, p.text, p.published) for p in known.profiles],
            "settings": settings,
            "gc": [(LANG_NAMES[lang], text.format(collections=gc)) for lang, text in GC_CONDITIONS.items()],
            "steady_state": _steady_state(results),
            "dotnet_isolation": dotnet.get("isolation", DOTNET_ISOLATION_BEFORE),
            "dotnet_quiet_rule": dotnet.get("steady_state", DOTNET_QUIET_RULE_BEFORE),
            "dotnet_setup": dotnet.get("setup", DOTNET_SETUP_BEFORE),
            "calibrations": calibrations,
            "repeatability": list(repeatability),
            "stock": stock_report,
            "flags": _flag_counts(results),
            "flag_names": list(timings.FLAG_NAMES.values()),
        },
    )


# Which .NET processes took the samples in a run whose catalog did not record it (its
# `isolation`): the schedule of those runs.
DOTNET_ISOLATION_BEFORE = "a child process per dataset and five rounds, two per dataset for the ten rounds"

# What ended a .NET warm-up as quiet in a run whose catalog did not record it (its
# `steady_state`): the compiled-method count alone, wrapped as the page printed it then, so
# the pages of those runs stay as published.
DOTNET_QUIET_RULE_BEFORE = (
    "the count of methods the JIT has compiled (`JitInfo.GetCompiledMethodCount`,\n"
    "  the whole process, background tier-1 compiles included) did not move"
)

# What a .NET case's setup did before its timed iteration in a run whose catalog did not
# record it (its `setup`).
DOTNET_SETUP_BEFORE = "its inputs built, then one full collection"

# The .NET standard profile's measured iteration: at least this long (the bench's
# Harness.StandardIterationTime; its settings do not record it).
DOTNET_ITERATION_NS = 50e6


def _collections_per_iteration(results: Results) -> str:
    """The gen0 collections a .NET case's measured iteration held at the median case, and how
    many cases held under half a collection (MemoryDiagnoser's collections per operation times
    the operations of an iteration at the case's median time)."""
    counted = [
        r.case.metrics["gc_gen0_per_op"] * DOTNET_ITERATION_NS / r.summary.median
        for r in results.where(lambda c: c.lang == "dotnet" and "gc_gen0_per_op" in c.metrics)
        if r.summary.median > 0
    ]
    if not counted:
        return "this run counted no collections"
    quiet = sum(1 for collections in counted if collections < 0.5)
    return (
        f"in this run an iteration held {statistics.median(counted):.1f} gen0 collections at the "
        f"median case, and {quiet:,} of {len(counted):,} cases averaged under half a gen0 collection "
        "an iteration"
    )


def _steady_state(results: Results) -> str:
    """How the .NET cases' warm-ups to the JIT's steady state ended over their child processes
    (the catalog's jit_warmup, stored as metrics); empty for a run that did not record them."""
    warmups = [
        (r.case.metrics[cases_json.JIT_QUIET], r.case.metrics[cases_json.JIT_PROCESSES])
        for r in results.where(lambda c: c.lang == "dotnet" and cases_json.JIT_PROCESSES in c.metrics)
    ]
    if not warmups:
        return ""
    every = sum(1 for quiet, processes in warmups if quiet == processes)
    none = sum(1 for quiet, _ in warmups if quiet == 0)
    ended = f"In this run {every:,} of {len(warmups):,} cases ended their warm-up on a quiet iteration"
    if all(processes == 1 for _, processes in warmups):
        return f"{ended}; {none:,} did not (those were timed after the cap)."
    return (
        f"{ended} in every child process, {len(warmups) - every - none:,} in some of them and"
        f" {none:,} in none (those were timed after the cap)."
    )


def _flag_counts(results: Results) -> list[tuple[str, list[str]]]:
    """Per language: its timed cases, then how many carry each self-check flag."""
    rows = []
    for lang in results.langs:
        cases = [r.case for r in counts.measured_cases(results, lang)]
        flagged = [{flag for flag, _ in c.flags} for c in cases]
        shares = [f"{sum(name in f for f in flagged):,}" for name in timings.FLAG_NAMES]
        rows.append((LANG_NAMES[lang], [f"{len(cases):,}", *shares]))
    return rows


def landing_page(results: Results, noise: Mapping[str, float], noise_source: str, moved: str = TIMES) -> Page:
    snapshot = results.snapshot
    langs = results.langs
    per_lang = [
        (
            LANG_NAMES[lang],
            f"{len(counts.measured_cases(results, lang)):,}",
            len(counts.libraries(results, lang)),
            _unmeasured_counts(u for u in snapshot.unmeasured if u.lang == lang),
        )
        for lang in results.langs
    ]
    return Page(
        "index.md",
        "index.md.j2",
        {
            "per_lang": per_lang,
            "outcomes": _unmeasured_counts(snapshot.unmeasured),
            "libraries": sum(len(counts.libraries(results, lang)) for lang in langs),
            "stand_ins": listed(sorted({s for lang in langs for s in counts.stand_ins(results, lang)})),
            "runtimes": sorted(snapshot.metadata.get("run", {}).items()),
            **overview.context(results, noise, noise_source, moved),
        },
    )


# The navigation's sections: a page path's first folder -> its title.
_SECTIONS = {
    **{lang: LANG_NAMES[lang] for lang in LANGS},
    "formats": "Across languages",
    "history": "History",
}
_TOP = {"index.md": "Home", "interop.md": "Interop", "robustness.md": "Robustness"}
_TOP |= {"claims.md": "Claims check", "methodology.md": "Methodology"}


def _nav_title(page: Page) -> str:
    """A page's name in the navigation, as its project or the catalog spells it (never a
    capitalized file name: "JSON", not "Json")."""
    folder, _, name = page.path.rpartition("/")
    stem = name.removesuffix(".md")
    if not folder:
        return _TOP[page.path]
    if stem == "index":
        return "Overview"
    if folder == "history":  # one page per machine class, named by its id
        return stem
    return FORMAT_NAMES[stem] if folder == "formats" else DATASET_TITLES[stem]


def nav(pages: Sequence[Page]) -> list[Any]:
    """MkDocs' nav of the pages, in the order all_pages makes them: the top pages by title,
    each folder's pages in one section (its index first), every page titled."""
    entries: list[Any] = []
    sections: dict[str, list[dict[str, str]]] = {}
    for page in pages:
        folder, _, _ = page.path.rpartition("/")
        entry = {_nav_title(page): page.path}
        if not folder:
            entries.append(entry)
        elif folder not in sections:
            sections[folder] = [entry]
            entries.append({_SECTIONS[folder]: sections[folder]})
        else:
            sections[folder].append(entry)
    return entries


def all_pages(
    results: Results,
    claims: Sequence[ClaimResult],
    repeatability: Sequence[tuple[str, str]] = (),
    noise: Noise | None = None,
    stock_report: stock.Report | None = None,
) -> list[Page]:
    """Every page; noise: the run-to-run noise the answer's ties are judged by (None: the
    default minimum effect); stock_report: the .NET steady-state check's (runner/docs/stock.py)."""
    lib_colours = charts.variant_colours(
        sorted({(r.case.lang, r.case.lib, r.case.variant) for r in results.measured() if r.timed})
    )
    return [
        landing_page(results, noise.ties, noise.describe(ties=True), noise.ties_of)
        if noise
        else landing_page(results, {}, ""),
        *language_pages(results, lib_colours),
        *format_pages(results),
        interop.page(results.snapshot),
        robustness.page(results.snapshot, results.provenance),
        claims_page(claims),
        methodology_page(results, repeatability, stock_report),
    ]
