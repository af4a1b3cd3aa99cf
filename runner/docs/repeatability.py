"""The repeatability benchmark's latest report, as the methodology page shows it.

`bazel run //runner:repeatability` writes its report (runner/benchmarks/repeatability.py)
beside the published snapshot, results/published/repeatability.json; the docs read it from
there, so running the benchmark again and regenerating the docs updates the page without
publishing a run again. `runner compare` reads the run-to-run noise from it (`noise`).
"""

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

_T = TypeVar("_T")

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
    found.append(("A/A compare", f"Mann-Whitney U, {_settings(report['compare'])}, host drift divided out"))
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
            (f"{lang}: 95% of cases moved less than", percent(f.get("moved_95"))),
            (f"{lang}: A/A compare changed", f"{percent(f['changed'])} of {f['judged']} judged"),
        ]
    return [*found, ("targets", TARGETS)]


def _settings(compare: dict[str, Any]) -> str:
    """The A/A compare's alpha and minimum effects, as the report recorded them."""
    text = f"alpha {compare['alpha']:g}, minimum effect {compare['min_effect']:.0%}"
    return text + raised(compare["min_effect"], compare.get("noise") or {}, compare.get("noise_from", ""))


def min_effect(default: float, noise: Mapping[str, float], lang: str) -> float:
    """A language's minimum effect: the default, or its run-to-run noise when that is more."""
    return max(default, noise.get(lang, 0.0))


def raised(default: float, noise: Mapping[str, float], source: str) -> str:
    """ ", raised to ...": each language's minimum effect, as `runner compare` and the page
    print them after the default; nothing without noise figures."""
    if not noise:
        return ""
    effects = ", ".join(f"{lang} {min_effect(default, noise, lang):.1%}" for lang in sorted(noise))
    return f", raised to the run-to-run noise of {source}: {effects}"


@dataclass(frozen=True)
class Noise:
    """How far two back-to-back runs of the same code moved a language's cases on one machine:
    95% of its cases of at least 1 µs moved less than moved_95 (host drift divided out)."""

    runs: tuple[str, str]
    machine: str  # the fingerprint the runs were measured on
    moved_95: dict[str, float]

    def describe(self) -> str:
        return f"repeatability runs {self.runs[0]} and {self.runs[1]}"


def _read(path: Path, parse: Callable[[dict[str, Any]], _T]) -> _T | None:
    """What `parse` makes of the report at path; None without one."""
    if not path.exists():
        return None
    try:
        return parse(json.loads(path.read_text()))
    except (ValueError, KeyError, TypeError) as error:
        raise ValueError(f"{path}: not a repeatability report ({error!r})") from error


def _noise(report: dict[str, Any]) -> Noise:
    moved = {f["lang"]: f.get("moved_95") for f in report["languages"]}
    run_a, run_b = report["runs"]
    return Noise((run_a, run_b), report.get("machine", ""), {k: v for k, v in moved.items() if _known(v)})


def noise(path: Path) -> Noise | None:
    """The noise of the report at path; None without one (or one that predates the figure)."""
    found = _read(path, _noise)
    return found if found and found.machine and found.moved_95 else None


def load(folder: Path) -> list[tuple[str, str]]:
    """The rows of the report in folder (the published snapshot's), none when there is none."""
    return _read(folder / NAME, rows) or []
