"""The repeatability benchmark's latest report, as the methodology page shows it.

`bazel run //runner:repeatability` writes its report (runner/benchmarks/repeatability.py)
beside the published snapshot, results/published/repeatability.json; the docs read it from
there, so running the benchmark again and regenerating the docs updates the page without
publishing a run again.
"""

import json
import math
from pathlib import Path
from typing import Any

NAME = "repeatability.json"
TARGETS = ">= 90% of cases >= 1 µs within ±5%; A/A compare flags <= 5%"


def _known(value: float | None) -> bool:
    """NaN (no case to take a share of) is null in the report."""
    return value is not None and not math.isnan(value)


def percent(share: float | None) -> str:
    return f"{share:.1%}" if _known(share) else "-"


def ratio(value: float | None) -> str:
    return f"{value:.3f}" if _known(value) else "-"


def rows(report: dict[str, Any]) -> list[tuple[str, str]]:
    """(figure, value) rows of one report, in the page's order."""
    run_a, run_b = report["runs"]
    found = [
        ("runs", f"{run_a}, {run_b} (the same cases, back to back, {report['seconds'] // 60} min)"),
        (
            "cases drawn from",
            f"run {report['drawn_from']}, {report['per_lang']} per language, seed {report['seed']}",
        ),
        ("profile", str(report["profile"])),
    ]
    settings = report["compare"]
    found.append(
        (
            "A/A compare",
            f"Mann-Whitney U, alpha {settings['alpha']:g}, minimum effect {settings['min_effect']:.0%}, "
            "host drift divided out",
        )
    )
    for f in report["languages"]:
        lang = f["lang"]
        found += [
            (f"{lang}: cases (of them >= 1 µs)", f"{f['cases']} ({f['timed']})"),
            (
                f"{lang}: medians within ±5% / ±10%",
                f"{percent(f['within_5pct'])} / {percent(f['within_10pct'])}",
            ),
            (
                f"{lang}: host drift B / A; within ±5% after it",
                f"{ratio(f['drift'])}; {percent(f['within_5pct_of_drift'])}",
            ),
            (f"{lang}: A/A compare changed", f"{percent(f['changed'])} of {f['judged']} judged"),
        ]
    return [*found, ("targets (issue 14)", TARGETS)]


def load(folder: Path) -> list[tuple[str, str]]:
    """The rows of the report in folder (the published snapshot's), none when there is none."""
    path = folder / NAME
    if not path.exists():
        return []
    try:
        return rows(json.loads(path.read_text()))
    except (ValueError, KeyError, TypeError) as error:
        raise ValueError(f"{path}: not a repeatability report ({error})") from error
