"""The repeatability benchmark's latest report, as the methodology page shows it: its
latest pair's figures, then the noise pooled over its latest pairs.

The docs read the report (runner/repeatability.py) from beside the published snapshot,
results/published/repeatability.json, so running the benchmark again and regenerating the
docs updates the page without publishing a run again.
"""

from pathlib import Path
from typing import Any

from runner.repeatability import (
    NAME,
    RATIOS,
    listed_pairs,
    pair_shares,
    pairs_of_runs,
    payload_shares,
    percent,
    pool_shares,
    raised,
    raised_by_host,
    ratio,
    read,
)

TARGETS = ">= 90% of cases >= 1 µs within ±5%; A/A compare flags <= 5%"


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
                f"{lang}: times within ±5% / ±10%",
                f"{percent(f['within_5pct'])} / {percent(f['within_10pct'])}",
            ),
            (f"{lang}: medians within ±5%", percent(f.get("median_within_5pct"))),
            (
                f"{lang}: drift of the times B / A; within ±5% after it",
                f"{ratio(f['drift'])}; {percent(f['within_5pct_of_drift'])}",
            ),
            (f"{lang}: 95% of cases' medians moved less than", percent(f.get("moved_95"))),
        ]
        if "moved_95_bound" in f:  # reports before it lack it
            found.append(
                (
                    f"{lang}: with 95% confidence, 95% of cases' medians move less than",
                    percent(f["moved_95_bound"]),
                )
            )
        found += [
            (f"{lang}: 95% of cases' times moved less than", percent(f.get("time_moved_95"))),
        ]
        if "ratio_moved_95" in f:  # reports before it lack it
            found.append((f"{lang}: 95% of {RATIOS} moved less than", percent(f["ratio_moved_95"])))
        found.append((f"{lang}: A/A compare changed", f"{percent(f['changed'])} of {f['judged']} judged"))
        if "single_call" in f:  # reports before it lack it
            several = f["timed"] - f["single_call"]
            found.append(
                (
                    f"{lang}: times within ±5%, samples of one call / of several",
                    f"{percent(f['single_call_within_5pct'])} of {f['single_call']}"
                    f" / {percent(f['several_calls_within_5pct'])} of {several}",
                )
            )
        if f.get("by_payload"):  # reports before it lack it
            found.append((f"{lang}: times within ±5% by payload size", payload_shares(f["by_payload"])))
        if f.get("one_pool"):  # reports before it lack it
            found.append(
                (
                    f"{lang}: times within ±5% had both runs drawn their rounds from one pool",
                    pool_shares(f["one_pool"]),
                )
            )
        if by_pair := pair_shares(report.get("window", []), lang):
            found.append((f"{lang}: times within ±5% pair by pair (from one pool)", by_pair))
        if "cpu_loop_moved" in f:  # reports before it lack it
            found.append(
                (
                    f"{lang}: the host's calibrations moved (CPU loop / 1 MiB copy)",
                    f"{percent(f['cpu_loop_moved'])} / {percent(f['memcpy_moved'])}",
                )
            )
    return [*found, *_pooled_rows(report.get("pooled")), ("targets", TARGETS)]


def _pooled_rows(pooled: dict[str, Any] | None) -> list[tuple[str, str]]:
    """The noise the other pages and `runner compare` use, pooled over the report's latest
    pairs (reports before the pooling have none)."""
    if not pooled:
        return []
    found = [("noise pooled over", f"{pairs_of_runs(len(pooled['pairs']))}: {listed_pairs(pooled['pairs'])}")]
    for lang, f in pooled["languages"].items():
        found.append(
            (
                f"{lang}: pooled, 95% of cases' medians move less than (95% confidence) / times",
                f"{percent(f['moved_95_bound'])} / {percent(f['time_moved_95'])} ({f['cases']} cases)",
            )
        )
        if f.get("ratios"):  # pools from before the ratios lack them
            found.append(
                (
                    f"{lang}: pooled, 95% of {RATIOS} moved less than",
                    f"{percent(f['ratio_moved_95'])} ({f['ratios']} ratios)",
                )
            )
    return found


def _settings(compare: dict[str, Any]) -> str:
    """The A/A compare's alpha and minimum effects, as the report recorded them."""
    text = f"alpha {compare['alpha']:g}, minimum effect {compare['min_effect']:.0%}"
    noise = compare.get("noise") or {}
    return (
        text
        + raised(compare["min_effect"], noise, compare.get("noise_from", ""))
        + raised_by_host(compare["min_effect"], noise, compare.get("host") or {})
    )


def load(folder: Path) -> list[tuple[str, str]]:
    """The rows of the report in folder (the published snapshot's), none when there is none."""
    return read(folder / NAME, rows) or []
