"""The landing page's answer: the matrix of verdicts, then per language its verdicts, its
headline chart and one compact table (runner.docs.relative) of every library entry across
the verdict comparisons (answer.VERDICT_SIZES of every synthetic dataset), with how each
named library fared on malformed input.
"""

from collections.abc import Mapping, Sequence

from runner.compare import MIN_EFFECT
from runner.docs import robustness
from runner.docs.answer import (
    DATASET,
    SIZE,
    USES,
    VERDICT_SIZES,
    Comparisons,
    Unranked,
    Use,
    Verdict,
    format_title,
    headline,
    judged,
    noise_of,
)
from runner.docs.relative import COLUMNS, relative
from runner.docs.results import DASH, LANG_NAMES, Result, Results, listed
from runner.repeatability import TIMES


def rows(results: Results, lang: str) -> list[dict[str, str]]:
    """The language's table: one row per entry, fastest round trip first."""
    table = relative(Comparisons.verdict(results, lang), _label)
    return [
        {"library": table.labels[e], **{col: table.text(e, col) for col, _ in COLUMNS}} for e in table.entries
    ]


def _label(result: Result) -> str:
    return f"{result.label} · {format_title(result.case.format)}"


def noise_sentence(langs: Sequence[str], noise: Mapping[str, float], source: str, moved: str = TIMES) -> str:
    """Each language's minimum lead, said as where it comes from: how far the repeatability
    runs (`source`) moved its `moved` (cases' times, or the ratios of two libraries' times), or
    the default minimum effect where they moved them less, did not measure the language, or
    there is no report."""
    measured = [lang for lang in langs if noise_of(lang, noise) > MIN_EFFECT]
    defaulted = [LANG_NAMES[lang] for lang in langs if lang not in measured]
    parts = []
    if measured:
        figures = ", ".join(f"{LANG_NAMES[lang]} {noise_of(lang, noise):.1%}" for lang in measured)
        parts.append(f"{figures}: how far 95% of {moved} moved between the {source}")
    if defaulted:
        why = (
            f"as {'those runs' if measured else 'the ' + source} moved them less or did not measure them"
            if source
            else "no repeatability report of this machine"
        )
        parts.append(f"{', '.join(defaulted)}: {MIN_EFFECT:.1%}, the default minimum effect, {why}")
    return "; ".join(parts)


def context(
    results: Results, noise: Mapping[str, float], source: str, moved: str = TIMES
) -> dict[str, object]:
    """The landing page's answer: the matrix of verdicts, then per language its verdicts,
    its table and its headline chart. noise: each language's run-to-run noise, how far the
    runs `source` moved `moved` (empty: the default minimum effect)."""
    found = judged(results, noise)
    per_lang = [
        {
            "name": LANG_NAMES[lang],
            "chart": headline(lang),
            "verdicts": [v.row() for v in found if v.lang == lang and isinstance(v, Verdict)],
            "notes": [note for v in found if v.lang == lang for note in v.notes()],
            "table": rows(results, lang),
        }
        for lang in results.langs
        if any(v.lang == lang for v in found)
    ]
    return {
        "matrix": [
            {"use": use.name, "cells": [_cell(results, found, use, lang) for lang in results.langs]}
            for use in USES
        ],
        "langs": [LANG_NAMES[lang] for lang in results.langs],
        "uses": [(u.name, u.what) for u in USES],
        "answers": per_lang,
        "columns": COLUMNS,
        "comparisons": f"every synthetic dataset at {_sizes_text()} records",
        "noise": noise_sentence(results.langs, noise, source, moved),
        "answer_dataset": DATASET,
        "answer_size": f"{SIZE:,}",
    }


def _sizes_text() -> str:
    return listed([f"{size:,}" for size in VERDICT_SIZES])


def _cell(results: Results, found: Sequence[Verdict | Unranked], use: Use, lang: str) -> str:
    verdict = next((v for v in found if v.use is use and v.lang == lang), None)
    if not isinstance(verdict, Verdict):
        return DASH if verdict is None else verdict.cell()
    return f"{verdict.cell()}<br>{_safety(results, verdict)}"


def _safety(results: Results, verdict: Verdict) -> str:
    """How each library the verdict names fared on malformed input, linked to its table."""
    link = f"robustness.md#{robustness.anchor(verdict.lang)}"
    lines = [
        f"{lib}: {robustness.verdict(results.snapshot.robustness, verdict.lang, lib, fmt)}"
        for lib, _, fmt in verdict.named
    ]
    return f"<small>[bad input]({link}): {'; '.join(lines)}</small>"
