"""The interop page: per format one line that sums its passing cells, then every cell that
failed or does not apply, listed with its reason.

A cell is one (producer, consumer, format, dataset, size). Listed cells are grouped by
format, producer, consumer, status and reason, with the datasets and sizes they cover, so
a reason shared by many cells (a library a language lacks) is one row.
"""

from collections.abc import Sequence
from typing import Any

from runner.docs.page import Page
from runner.docs.results import FORMAT_NAMES, LANG_NAMES, LANGS, SYNTHETIC, listed
from runner.docs.snapshot import InteropCell, Snapshot

STATUSES = ("ok", "failed", "not_applicable")


def _order(values: set[str], preferred: Sequence[str]) -> list[str]:
    return [v for v in preferred if v in values] + sorted(values - set(preferred))


def _line(fmt: str, cells: Sequence[InteropCell]) -> dict[str, Any]:
    """The format's sums: its cells per status, over which languages, datasets and sizes."""
    langs = _order({c.producer for c in cells} | {c.consumer for c in cells}, LANGS)
    return {
        "format": fmt,
        "name": FORMAT_NAMES.get(fmt, fmt),
        "counts": {s: sum(c.status == s for c in cells) for s in STATUSES},
        "cells": len(cells),
        "langs": listed([LANG_NAMES.get(lang, lang) for lang in langs]),
        "datasets": len({c.dataset for c in cells}),
        "sizes": len({c.size for c in cells}),
    }


def _listed(cells: Sequence[InteropCell], status: str) -> list[dict[str, str]]:
    """The cells of status, one row per format, producer, consumer and reason."""
    groups: dict[tuple[str, str, str, str], list[InteropCell]] = {}
    for c in cells:
        if c.status == status:
            key = (c.format, c.producer, c.consumer, " ".join(c.message.split()) or "no message given")
            groups.setdefault(key, []).append(c)
    formats = list(FORMAT_NAMES)
    rows = []
    for (fmt, producer, consumer, reason), members in sorted(
        groups.items(), key=lambda g: (formats.index(g[0][0]) if g[0][0] in formats else len(formats), g[0])
    ):
        datasets = ", ".join(_order({c.dataset for c in members}, SYNTHETIC))
        sizes = listed([f"{s:,}" for s in sorted({c.size for c in members})])
        rows.append(
            {
                "format": FORMAT_NAMES.get(fmt, fmt),
                "producer": LANG_NAMES.get(producer, producer),
                "consumer": LANG_NAMES.get(consumer, consumer),
                "cells": str(len(members)),
                "which": f"{datasets}; sizes {sizes}",
                "reason": reason,
            }
        )
    return rows


def page(snapshot: Snapshot) -> Page:
    cells = snapshot.interop
    formats = _order({c.format for c in cells}, list(FORMAT_NAMES))
    return Page(
        "interop.md",
        "interop.md.j2",
        {
            "formats": [_line(fmt, [c for c in cells if c.format == fmt]) for fmt in formats],
            # Derived from the cells: a run may publish fewer sizes than the suites measure.
            "sizes": listed([f"{n:,}" for n in sorted({c.size for c in cells})]) or "no",
            "total": {s: sum(c.status == s for c in cells) for s in STATUSES},
            "comparisons": sorted({c.comparison for c in cells if c.comparison}),
            "failed": _listed(cells, "failed"),
            "not_applicable": _listed(cells, "not_applicable"),
            "unknown": sorted({c.status for c in cells} - set(STATUSES)),
        },
    )
