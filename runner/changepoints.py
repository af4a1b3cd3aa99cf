"""Change points in a case's history: PELT on the runs' medians, kept only above the noise.

Method: PELT, "Pruned Exact Linear Time" (R. Killick, P. Fearnhead, I. A. Eckley,
"Optimal detection of changepoints with a linear computational cost", Journal of the
American Statistical Association 107(500):1590-1598, 2012). It minimises, over every
segmentation of the series, the sum of the segments' costs plus a penalty per change
point, exactly, and prunes the candidate last change points that can never be optimal
again, which keeps it near linear in the series' length.

Here the series is the log of each run's median (a step is then a ratio, the same size
for a fast case and a slow one) and a segment's cost is its sum of squared deviations from
its mean divided by the series' noise variance: minus twice a normal log-likelihood with a
known variance, so the penalty is tied to the series' own noise through the cost's scale.
The penalty is 3 ln n per change point, the change-point term of the modified BIC (N. R.
Zhang, D. O. Siegmund, Biometrics 63(1):22-32, 2007), stricter than BIC's 2 ln n: of 2,000
simulated flat series of 20 runs (3% noise) it marks a step in 0.7%, BIC in 1.9%. A
segment has at least MIN_SEGMENT runs: one or two runs away from their neighbours are
outliers, not a step, until a third run confirms it.

The noise is the largest of: the series' run-to-run standard deviation estimated robustly
from successive differences (a step moves one difference, an outlier two, their median
neither); the same pooled within the segments PELT finds with it (PELT then runs again
with the larger); and what the points' own 95% confidence intervals imply. PELT's change
points are *marked* only when the step (the ratio of the two segments' median levels)
exceeds the run-to-run noise: what 95% of two runs of the same code differ by less than
(1.96 sqrt(2) standard deviations), or the run-to-run noise the repeatability benchmark
measured for the language (`floor`, the bound `runner compare` uses) when that is more.
"""

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

MIN_SEGMENT = 3
# Change points cost this many times ln n each, in units of the noise variance.
PENALTY_PER_LN_N = 3.0
# A 95% two-sided normal quantile.
_Z95 = 1.959964
# The MAD of a normal sample is this share of its standard deviation.
_MAD_NORMAL = 0.6744898
# No series is quieter than this (a log ratio): a constant series would divide by zero.
_MIN_SIGMA = 1e-4


def pelt(
    values: Sequence[float], sigma: float, penalty: float | None = None, min_size: int = MIN_SEGMENT
) -> list[int]:
    """PELT (Killick et al. 2012) for changes in the mean of normal values with a known
    standard deviation sigma: the indexes where a new segment starts, ascending.
    penalty: per change point, in units of the cost (default PENALTY_PER_LN_N ln n)."""
    x = np.asarray(values, dtype=float)
    n = len(x)
    if n < 2 * min_size:
        return []
    beta = PENALTY_PER_LN_N * math.log(n) if penalty is None else penalty
    first = np.concatenate(([0.0], np.cumsum(x)))
    second = np.concatenate(([0.0], np.cumsum(x * x)))

    def cost(starts: np.ndarray, end: int) -> np.ndarray:
        """values[start:end]'s squared deviations from their mean, over sigma squared, per start."""
        total = first[end] - first[starts]
        squares: np.ndarray = second[end] - second[starts] - total * total / (end - starts)
        return squares / (sigma * sigma)

    best = np.full(n + 1, np.nan)  # F(t): the optimal penalised cost of values[:t]
    best[0] = -beta
    last = np.zeros(n + 1, dtype=int)  # the start of the last segment in that optimum
    candidates = np.array([0])
    for end in range(min_size, n + 1):
        if end - min_size >= min_size:
            candidates = np.append(candidates, end - min_size)
        scores = best[candidates] + cost(candidates, end) + beta
        chosen = int(np.argmin(scores))  # the earliest start of the lowest score
        last[end], best[end] = candidates[chosen], scores[chosen]
        # Pruning: a start no better than the optimum even before paying for a change point
        # can never be the optimal last change point of a longer series.
        candidates = candidates[scores - beta <= best[end]]
    found = []
    end = n
    while last[end] > 0:
        end = int(last[end])
        found.append(end)
    return sorted(found)


@dataclass(frozen=True)
class Step:
    """A change point: from index `at` on, the series runs at `ratio` times its level before."""

    at: int
    ratio: float
    threshold: float  # the smallest ratio change (a share) that was marked

    @property
    def marked(self) -> bool:
        return abs(math.log(self.ratio)) > math.log1p(self.threshold)

    def describe(self) -> str:
        return f"{self.ratio - 1:+.1%} (noise ±{self.threshold:.1%})"


def run_to_run_sigma(logs: Sequence[float]) -> float:
    """The standard deviation of one run's log median around its level, from the median
    absolute successive difference (robust to steps and to single outliers)."""
    if len(logs) < 3:
        return 0.0
    diffs = np.abs(np.diff(np.asarray(logs, dtype=float)))
    return float(np.median(diffs)) / _MAD_NORMAL / math.sqrt(2)


def pooled_sigma(logs: Sequence[float], starts: Sequence[int]) -> float:
    """The standard deviation of the values around their segment's mean, segments starting
    at 0 and at `starts`, pooled (one degree of freedom per segment taken off)."""
    bounds = [0, *starts, len(logs)]
    segments = [np.asarray(logs[a:b], dtype=float) for a, b in itertools.pairwise(bounds)]
    freedom = len(logs) - len(segments)
    squares = sum(float(((s - s.mean()) ** 2).sum()) for s in segments)
    return math.sqrt(squares / freedom) if freedom > 0 else 0.0


def ci_sigma(medians: Sequence[float], lows: Sequence[float], highs: Sequence[float]) -> float:
    """The typical standard deviation of a point's log median its 95% CI implies (points
    without an interval are skipped)."""
    widths = [
        (math.log(high) - math.log(low)) / (2 * _Z95)
        for median, low, high in zip(medians, lows, highs, strict=True)
        if 0 < low <= median <= high
    ]
    return float(np.median(widths)) if widths else 0.0


def steps(
    medians: Sequence[float],
    lows: Sequence[float] | None = None,
    highs: Sequence[float] | None = None,
    floor: float = 0.0,
) -> list[Step]:
    """Every change point PELT finds in a series of positive medians (oldest first), with its
    step and whether it is marked: its size above the noise (see the module doc). lows,
    highs: each point's 95% CI (NaN without one); floor: the language's run-to-run noise."""
    logs = [math.log(m) for m in medians]
    within = ci_sigma(medians, lows, highs) if lows is not None and highs is not None else 0.0
    first = max(run_to_run_sigma(logs), within, _MIN_SIGMA)
    sigma = max(first, pooled_sigma(logs, pelt(logs, first)))
    threshold = max(math.expm1(_Z95 * math.sqrt(2) * sigma), floor)
    bounds = [0, *pelt(logs, sigma), len(logs)]
    levels = [float(np.median(logs[a:b])) for a, b in itertools.pairwise(bounds)]
    return [
        Step(at, math.exp(after - before), threshold)
        for at, before, after in zip(bounds[1:-1], levels, levels[1:], strict=False)
    ]
