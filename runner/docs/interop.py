"""The interop page: per format, a producer x consumer grid per dataset.

A cell covers every payload size of its (producer, consumer, format, dataset): one mark
when all sizes agree, else the sizes per mark. Every failure and not-applicable reason
is a footnote, numbered once per distinct text, so a reason shared by many cells (a
library a language lacks) is written once.
"""

from collections.abc import Sequence
from typing import Any

from runner.docs.page import Page
from runner.docs.results import DASH, FORMAT_NAMES, LANG_NAMES, LANGS, SYNTHETIC, listed
from runner.docs.snapshot import InteropCell, Snapshot

STATUSES = ("ok", "failed", "not_applicable")
MARKS = {"ok": "✓", "failed": "✗", "not_applicable": "n/a"}


def _order(values: set[str], preferred: Sequence[str]) -> list[str]:
    return [v for v in preferred if v in values] + sorted(values - set(preferred))


class _Notes:
    """Footnote ids by text, in order of first use."""

    def __init__(self) -> None:
        self.ids: dict[str, str] = {}

    def ref(self, text: str) -> str:
        key = " ".join(text.split()) or "no message given"
        self.ids.setdefault(key, f"n{len(self.ids) + 1}")
        return f"[^{self.ids[key]}]"


def _cell(members: Sequence[InteropCell], notes: _Notes) -> str:
    if not members:
        return DASH
    parts = []
    for status in STATUSES:
        found = sorted((c for c in members if c.status == status), key=lambda c: c.size)
        if not found:
            continue
        refs = "".join(dict.fromkeys(notes.ref(c.message) for c in found if status != "ok"))
        sizes = "" if len(found) == len(members) else " " + ", ".join(f"{c.size:,}" for c in found)
        parts.append(f"{MARKS[status]}{sizes}{refs}")
    parts += [f"{c.status}?" for c in members if c.status not in STATUSES]
    return " · ".join(parts)


def _format(cells: Sequence[InteropCell], notes: _Notes) -> dict[str, Any]:
    producers = _order({c.producer for c in cells}, LANGS)
    consumers = _order({c.consumer for c in cells}, LANGS)
    grids = []
    for dataset in _order({c.dataset for c in cells}, SYNTHETIC):
        rows = [
            {
                "producer": LANG_NAMES.get(p, p),
                "cells": [
                    _cell([c for c in cells if (c.dataset, c.producer, c.consumer) == (dataset, p, k)], notes)
                    for k in consumers
                ],
            }
            for p in producers
        ]
        grids.append({"dataset": dataset, "rows": rows})
    return {
        "consumers": [LANG_NAMES.get(k, k) for k in consumers],
        "grids": grids,
        "counts": {s: sum(c.status == s for c in cells) for s in STATUSES},
    }


def page(snapshot: Snapshot) -> Page:
    cells = snapshot.interop
    notes = _Notes()
    formats = []
    for fmt in _order({c.format for c in cells}, list(FORMAT_NAMES)):
        members = [c for c in cells if c.format == fmt]
        formats.append({"format": fmt, "name": FORMAT_NAMES.get(fmt, fmt), **_format(members, notes)})
    return Page(
        "interop.md",
        "interop.md.j2",
        {
            "formats": formats,
            # Derived from the cells: a run may publish fewer sizes than the suites measure.
            "sizes": listed([f"{n:,}" for n in sorted({c.size for c in cells})]) or "no",
            "total": {s: sum(c.status == s for c in cells) for s in STATUSES},
            "comparisons": sorted({c.comparison for c in cells if c.comparison}),
            "notes": [(ref, text) for text, ref in notes.ids.items()],
        },
    )
