"""The regression verdict of `runner check`: which cases a change made slower or faster.

Each case was measured by both commits in the same, interleaved rounds, so each round gives
one ratio head / base in which noise that hit both sides cancels. A case is called changed
only when all three hold:

1. its paired ratios differ from 1 beyond chance after Benjamini-Hochberg false-discovery
   control across every case judged (an exact two-sided sign test per case, the test that
   matches the order-statistic interval of stats.paired_ratio);
2. that 95% interval of the median ratio excludes 1;
3. the median ratio moved more than the run-to-run noise of its language and size, measured
   in this very check on each side against itself: an A/A comparison that no change can
   inflate, round i of a side's invocation against round i of its invocation that ran
   right after it (self_ratios), a median per case. The noise is how far those medians
   move from 1 (where an A/A ratio belongs): the 95% extent of that move, from its median
   (a robust spread), scaled to a head / base ratio, which pools twice the invocations of
   one such split; never less than NOISE_FLOOR. From 1, not from the medians' middle: a
   shift of the whole host between two invocations moves every case of a head / base pair
   alike, and is noise a verdict must beat. Per size, because one size's noise (the
   microsecond one-record cases, say) need not be another's, and one figure per language
   let the noisiest size set the bar for all. A size with too few cases for a spread takes
   its language's pooled figure.

Benjamini, Y. and Hochberg, Y. (1995), "Controlling the false discovery rate: a practical
and powerful approach to multiple testing", J. R. Stat. Soc. B 57(1), 289-300.
"""

import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from scipy import stats as scipy_stats  # type: ignore[import-untyped]  # scipy ships no types

from runner.caseid import CaseIdentity
from runner.stats import RatioCI, Verdict, paired_ratio

# The expected share of false calls among the cases called changed.
FDR = 0.05
# No move smaller than this is called a change, however quiet the language looked.
NOISE_FLOOR = 0.03
# MAD * 1.4826 estimates a normal standard deviation; * 1.96 covers 95% of such noise.
_MAD_TO_SD, _Z95 = 1.4826, 1.959964

Rounds = Mapping[CaseIdentity, Mapping[int, float]]  # case -> round -> ns
# Round i of invocation j is numbered j * ROUND_STRIDE + i, so invocations never share a round.
ROUND_STRIDE = 1000
# Fewer A/A medians than this: their largest move is the noise (too few for a spread).
_SPREAD_FROM = 8
# The unchanged cases that moved most, shown with why each was not called.
SHOWN_UNCALLED = 5


def benjamini_hochberg(p_values: Sequence[float], q: float = FDR) -> list[bool]:
    """Which hypotheses are rejected with the false-discovery rate kept at q: the largest k
    with p(k) <= k q / m, and every p-value ranked at or below it. NaN is never rejected."""
    ranked = sorted((p, i) for i, p in enumerate(p_values) if not math.isnan(p))
    m = len(ranked)
    cut = max((k for k, (p, _) in enumerate(ranked, 1) if p <= k * q / m), default=0)
    rejected = [False] * len(p_values)
    for _, index in ranked[:cut]:
        rejected[index] = True
    return rejected


def sign_test(ratios: Sequence[float]) -> float:
    """Two-sided exact sign test of "the median ratio is 1"; ties (ratio exactly 1) dropped."""
    above = sum(r > 1 for r in ratios)
    below = sum(r < 1 for r in ratios)
    if above + below == 0:
        return 1.0
    return float(scipy_stats.binomtest(above, above + below, 0.5).pvalue)


def self_ratios(rounds: Rounds, first: int = 0) -> dict[CaseIdentity, float]:
    """A side against itself: per case, the median of round i of invocation j over round i of
    invocation j+1, for j = first, first + 2, ... (cases with fewer than 3 such pairs left out).
    When `runner check` alternates processes (base head head base base head ...), head's
    invocations 0 and 1 ran back to back (first = 0) and base's 1 and 2 (first = 1): an A/A
    pair as far apart in time as a head / base pair, so the host's drift over minutes weighs
    on both alike (base's 0 and 1 are three invocations apart). A paired suite's head / base
    pairs are seconds apart, closer than these, so its noise errs high."""
    found = {}
    for case, by_round in rounds.items():
        ratios = [
            value / by_round[r + ROUND_STRIDE]
            for r, value in by_round.items()
            if (r // ROUND_STRIDE - first) % 2 == 0
            and r // ROUND_STRIDE >= first
            and r + ROUND_STRIDE in by_round
        ]
        if len(ratios) >= 3:
            found[case] = float(np.median(ratios))
    return found


def noise_extent(self_medians: Sequence[float]) -> float:
    """How far head / base ratios move when nothing changed, as a fraction, from A/A medians
    (self_ratios of both sides): the 95% extent of their logs' robust spread around 0 (their
    largest move when there are few), divided by sqrt 2 (a head / base ratio pools both
    halves of the invocations an A/A median splits); at least NOISE_FLOOR."""
    if not self_medians:
        return NOISE_FLOOR
    logs = np.log(np.asarray(self_medians, dtype=float))
    moves = np.abs(logs)
    extent = _Z95 * _MAD_TO_SD * float(np.median(moves)) if len(logs) >= _SPREAD_FROM else float(moves.max())
    return max(NOISE_FLOOR, math.exp(extent / math.sqrt(2)) - 1)


@dataclass(frozen=True)
class CaseVerdict:
    identity: CaseIdentity
    ratio: RatioCI  # head / base
    p_value: float  # sign test, before the false-discovery control
    significant: bool  # after the false-discovery control
    noise: float  # the noise of its language and size, which this case had to exceed
    verdict: Verdict

    def why_not_called(self) -> str:
        """Which of the three conditions an unchanged case missed (the first one)."""
        if not self.significant:
            return f"not significant once {FDR:g} false discoveries are allowed (p = {self.p_value:.2g})"
        if not (self.ratio.lo > 1 or self.ratio.hi < 1):
            return "its 95% interval includes 1"
        return f"within the noise (±{self.noise:.1%})"


NoiseGroup = tuple[str, int]  # language, size


def noise_group(case: CaseIdentity) -> NoiseGroup:
    return (case.lang, case.size)


def group_noise(
    self_medians: Sequence[tuple[CaseIdentity, float]], groups: set[NoiseGroup]
) -> dict[NoiseGroup, float]:
    """Each (language, size)'s noise from its cases' A/A medians (both sides'); a group with
    fewer than _SPREAD_FROM of them takes its language's, from all of that language's medians."""
    by_group: dict[NoiseGroup, list[float]] = defaultdict(list)
    by_lang: dict[str, list[float]] = defaultdict(list)
    for case, ratio in self_medians:
        by_group[noise_group(case)].append(ratio)
        by_lang[case.lang].append(ratio)
    return {
        group: noise_extent(by_group[group] if len(by_group[group]) >= _SPREAD_FROM else by_lang[group[0]])
        for group in groups
    }


def judge(base: Rounds, head: Rounds) -> list[CaseVerdict]:
    """The verdict of every case both sides measured in enough shared rounds (stats.MIN_ROUNDS),
    in case order."""
    ratios = {
        case: found
        for case in sorted(base.keys() & head.keys())
        if (found := paired_ratio(head[case], base[case])) is not None
    }
    shared = {case: sorted(base[case].keys() & head[case].keys()) for case in ratios}
    p_values = {
        case: sign_test([head[case][r] / base[case][r] for r in rounds]) for case, rounds in shared.items()
    }
    itself = [*self_ratios(base, first=1).items(), *self_ratios(head, first=0).items()]
    noise = group_noise(itself, {noise_group(case) for case in ratios})
    significant = dict(zip(ratios, benjamini_hochberg(list(p_values.values())), strict=True))
    return [
        CaseVerdict(
            case,
            ratio,
            p_values[case],
            significant[case],
            noise[noise_group(case)],
            _verdict(ratio, significant[case], noise[noise_group(case)]),
        )
        for case, ratio in ratios.items()
    ]


def _verdict(ratio: RatioCI, significant: bool, noise: float) -> Verdict:
    excludes_one = ratio.lo > 1 or ratio.hi < 1
    if not (significant and excludes_one and abs(ratio.ratio - 1) > noise):
        return Verdict.SAME
    return Verdict.SLOWER if ratio.ratio > 1 else Verdict.FASTER


def markdown(verdicts: Sequence[CaseVerdict], title: str, context: str) -> str:
    """The verdict as a pull-request comment: the changed cases with their ratio and 95% CI,
    the unchanged ones in one line, then (folded) those that moved most and why each was not called."""
    changed = [v for v in verdicts if v.verdict is not Verdict.SAME]
    slower = sum(v.verdict is Verdict.SLOWER for v in changed)
    lines = [f"## {title}", "", context, ""]
    lines.append(f"**{slower} slower, {len(changed) - slower} faster** of {len(verdicts)} cases.")
    if changed:
        lines += [
            "",
            "| case | verdict | head / base | 95% CI | rounds | noise |",
            "|---|---|--:|--:|--:|--:|",
        ]
        lines += [
            f"| `{v.identity}` | {v.verdict} | {v.ratio.ratio:.3f} | [{v.ratio.lo:.3f}, {v.ratio.hi:.3f}]"
            f" | {v.ratio.n} | ±{v.noise:.1%} |"
            for v in sorted(changed, key=lambda v: -abs(math.log(v.ratio.ratio)))
        ]
    noise = ", ".join(
        f"{lang} size {size} ±{n:.1%}"
        for (lang, size), n in sorted({(noise_group(v.identity), v.noise) for v in verdicts})
    )
    lines += ["", f"Unchanged: {len(verdicts) - len(changed)} cases (noise: {noise or 'none measured'})."]
    return "\n".join(lines + _uncalled([v for v in verdicts if v.verdict is Verdict.SAME])) + "\n"


def _uncalled(same: Sequence[CaseVerdict]) -> list[str]:
    moved = sorted(same, key=lambda v: -abs(math.log(v.ratio.ratio)))[:SHOWN_UNCALLED]
    if not moved:
        return []
    rows = [
        f"| `{v.identity}` | {v.ratio.ratio:.3f} | [{v.ratio.lo:.3f}, {v.ratio.hi:.3f}]"
        f" | {v.why_not_called()} |"
        for v in moved
    ]
    return [
        "",
        f"<details><summary>The {len(moved)} unchanged cases that moved most</summary>",
        "",
        "| case | head / base | 95% CI | not called: |",
        "|---|--:|--:|---|",
        *rows,
        "",
        "</details>",
    ]
