"""The repeatability benchmark's report: how far two runs of the same code moved each
language's cases on one machine. `bazel run //runner:repeatability` writes it
(runner/benchmarks/repeatability.py) beside the published snapshot, with the noise pooled
over its latest pairs of runs; `runner compare` raises its minimum effect to that noise
(`noise`), the landing page calls ties within how far the ratio of two libraries' times
on one comparison moves (`Noise.ties`; the times' own noise in reports before it), and
the methodology page shows the report (runner/docs/repeatability.py).
"""

import json
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

_T = TypeVar("_T")

NAME = "repeatability.json"
TIMES = "cases' times"  # what the ties' noise measured before the ratios (Noise.ties_of)
RATIOS = "the ratios of two libraries' times on one comparison"


def _known(value: float | None) -> bool:
    """NaN (no case to take a share of) is null in the report."""
    return value is not None and not math.isnan(value)


def percent(share: float | None) -> str:
    return f"{share:.1%}" if _known(share) else "-"


def ratio(value: float | None) -> str:
    return f"{value:.3f}" if _known(value) else "-"


def payload_shares(bins: Sequence[Sequence[Any]]) -> str:
    """The ±5% share of each payload bin, "96.9% of 32 (< 16 KiB) / ..."; "-" for none."""
    return " / ".join(f"{percent(share)} of {count} ({name})" for name, count, share in bins) or "-"


def pool_shares(one_pool: Sequence[Sequence[Any]]) -> str:
    """The ±5% shares had both runs drawn their rounds from one pool, "68.0% at 9 / 83.9% at 18
    rounds"; "-" for none."""
    shares = " / ".join(f"{percent(share)} at {rounds}" for rounds, share in one_pool)
    return f"{shares} rounds" if shares else "-"


def pair_shares(window: Sequence[Mapping[str, Any]], lang: str) -> str:
    """Each pair's share of times within ±5% and, in brackets, its one-pool share at the runs'
    rounds, oldest pair first: "A1 / B1: 71.4% (81.5%); A2 / B2: ..."; "" when no pair kept
    them (pairs from before they were kept)."""
    kept = [(pair["runs"], pair["agreement"][lang]) for pair in window if lang in pair.get("agreement", {})]
    return "; ".join(
        f"{a} / {b}: {percent(shares['within_5pct'])}"
        + "".join(f" ({percent(share)})" for _, share in shares["one_pool"][:1])
        for (a, b), shares in kept
    )


def pairs_of_runs(count: int) -> str:
    """ "1 pair of runs", "3 pairs of runs"."""
    return f"{count} pair{'' if count == 1 else 's'} of runs"


def listed_pairs(pairs: Iterable[Sequence[str]]) -> str:
    """ "A1 / B1, A2 / B2": pairs of run ids."""
    return ", ".join(f"{a} / {b}" for a, b in pairs)


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


def raised_by_host(default: float, noise: Mapping[str, float], host: Mapping[str, float]) -> str:
    """ ", raised again to ...": the languages whose minimum effect the host's movement in the
    compared runs (`runner compare`'s host_movement) raised past the one above; nothing when
    it raised none."""
    above = {lang: moved for lang, moved in host.items() if moved > min_effect(default, noise, lang)}
    if not above:
        return ""
    effects = ", ".join(f"{lang} {moved:.1%}" for lang, moved in sorted(above.items()))
    return f", raised again to how far the host's calibration workloads moved in these runs: {effects}"


@dataclass(frozen=True)
class Noise:
    """How far two back-to-back runs of the same code moved a language's cases on one machine,
    over the pairs of runs pooled: with 95% confidence, 95% of its cases of at least 1 µs move
    their medians less than moved_95 (host drift divided out; what `runner compare` judges;
    reports before the bound give the share of the two runs measured); 95% of the ratios of
    two cases' times (fastest rounds) on one comparison moved less than ties (what the answer
    judges a lead by; in reports before those ratios, 95% of the cases' times)."""

    pairs: tuple[tuple[str, str], ...]  # the pairs of runs pooled, oldest first
    machine: str  # the fingerprint the runs were measured on
    moved_95: dict[str, float]
    ties: dict[str, float]
    ties_of: str = TIMES  # what moved less than ties
    ties_pairs: tuple[tuple[str, str], ...] = ()  # the pairs ties were pooled over, when not all
    # Measured on another machine than the run it judges: a fresh cloud VM lands on another
    # host, and another host's noise is a better estimate than none (the default effect is
    # below every noise measured here).
    elsewhere: bool = False

    def describe(self, ties: bool = False) -> str:
        """The runs the noise was measured on (ties: those of the ties' noise)."""
        where = " on another machine than this run's" if self.elsewhere else ""
        pairs = self.ties_pairs if ties and self.ties_pairs else self.pairs
        if len(pairs) == 1:
            (run_a, run_b), *_ = pairs
            return f"repeatability runs {run_a} and {run_b}{where}"
        return f"runs of {len(pairs)} repeatability pairs ({listed_pairs(pairs)}){where}"


def read(
    path: Path, parse: Callable[[dict[str, Any]], _T], what: str = "a repeatability report"
) -> _T | None:
    """What `parse` makes of the JSON report at path; None without one. A report `parse`
    cannot read is a ValueError naming the file and what it should have been."""
    if not path.exists():
        return None
    try:
        return parse(json.loads(path.read_text()))
    except (ValueError, KeyError, TypeError) as error:
        raise ValueError(f"{path}: not {what} ({error!r})") from error


def _noise(report: dict[str, Any]) -> Noise:
    ties_of = TIMES
    ties_pairs: tuple[tuple[str, str], ...] = ()
    if "pooled" in report:
        pooled = report["pooled"]
        moved = {lang: f["moved_95_bound"] for lang, f in pooled["languages"].items()}
        ties = {lang: f["time_moved_95"] for lang, f in pooled["languages"].items()}
        ratios = {lang: f.get("ratio_moved_95") for lang, f in pooled["languages"].items()}
        pairs = tuple((a, b) for a, b in pooled["pairs"])
        if all(_known(v) for v in ratios.values()):  # pools from before the ratios lack them
            ties, ties_of = ratios, RATIOS
            # The ratios' own pairs: those measured before the ratios were kept have none.
            ties_pairs = tuple((a, b) for a, b in pooled.get("ratio_pairs", pairs))
    else:  # a report from before the pooling: its own pair's figures
        moved = {f["lang"]: f.get("moved_95_bound", f.get("moved_95")) for f in report["languages"]}
        # A report from before the times were the figure has only the medians' movement.
        ties = {f["lang"]: f.get("time_moved_95", f.get("moved_95")) for f in report["languages"]}
        run_a, run_b = report["runs"]
        pairs = ((run_a, run_b),)
    return Noise(
        pairs,
        report.get("machine", ""),
        {k: v for k, v in moved.items() if _known(v)},
        {k: v for k, v in ties.items() if _known(v)},
        ties_of,
        ties_pairs,
    )


def noise(path: Path) -> Noise | None:
    """The noise of the report at path; None without one (or one that predates the figure)."""
    found = read(path, _noise)
    return found if found and found.machine and found.moved_95 else None
