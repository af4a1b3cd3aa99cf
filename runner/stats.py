"""Fastest rounds, medians with distribution-free confidence intervals, paired ratios, and
the two-run test.

Benchmark timings are skewed (a long right tail from interrupts and GC), so
the runner summarizes with medians and compares with a rank test, never with
means and t-tests. Every interval here is an exact order-statistic interval
(from the binomial distribution), never a bootstrap. The figure a case is shown
by is its fastest round: on a shared host the other tenants only ever add time,
and that figure is the one that repeats from run to run.
"""

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

import numpy as np
from scipy import stats  # type: ignore[import-untyped]  # scipy ships no type information

# Mann-Whitney U cannot reach p < 0.05 two-sided below 4 values per side.
MIN_SAMPLES = 4


def format_ns(value: float) -> str:
    """A time per operation in the unit that keeps 3-4 significant digits."""
    if math.isnan(value):
        return "-"
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("us", 1e3)):
        if abs(value) >= scale:
            return f"{value / scale:.4g} {unit}"
    return f"{value:.4g} ns"


def counted(count: int, noun: str) -> str:
    """ "1 record", "1,000 records": a count and its noun, plural but for one."""
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


@dataclass(frozen=True)
class Summary:
    n: int
    median: float
    ci_low: float  # NaN when n is too small for a 95% interval
    ci_high: float
    fastest: float = math.nan  # the smallest sample: the figure a case is shown by


# paired_ratio needs this many shared rounds: below 6 values no order-statistic interval
# reaches 95% (with 5 the widest, [min, max], covers the median with 1 - 2/32 = 93.75%).
MIN_ROUNDS = 6


def median_ci(values: Sequence[float], confidence: float = 0.95) -> Summary:
    """Median and its exact order-statistic confidence interval (from the binomial), and
    the fastest sample.

    The interval [x(j), x(n-j+1)] covers the true median with probability
    1 - 2 P(Binomial(n, 1/2) < j); j is the largest rank keeping that >= confidence.
    With fewer than 6 values no such j exists for 95%: the bounds are NaN.
    """
    ordered = np.sort(np.asarray(values, dtype=float))
    n = len(ordered)
    if n == 0:
        return Summary(0, math.nan, math.nan, math.nan)
    median, fastest = float(np.median(ordered)), float(ordered[0])
    j = _interval_rank(n, confidence)
    if j < 1:
        return Summary(n, median, math.nan, math.nan, fastest)
    return Summary(n, median, float(ordered[j - 1]), float(ordered[n - j]), fastest)


# The name the docs were first written against.
summarize = median_ci


@dataclass(frozen=True)
class RatioCI:
    """a / b on one case, from paired rounds: the median of the per-round ratios and its
    exact order-statistic 95% interval."""

    ratio: float
    lo: float
    hi: float
    n: int  # rounds both sides measured


def paired_ratio(a: Mapping[int, float], b: Mapping[int, float]) -> RatioCI | None:
    """The ratio a/b of two cases measured in the same rounds (round -> sample in ns).

    Each shared round gives one ratio a[r] / b[r]; noise that hit both cases in a round
    cancels. The estimate is the median of those ratios, its 95% CI their exact
    order-statistic interval (median_ci). None with fewer than MIN_ROUNDS shared rounds.
    """
    shared = sorted(a.keys() & b.keys())
    if len(shared) < MIN_ROUNDS:
        return None
    summary = median_ci([a[r] / b[r] for r in shared])
    return RatioCI(summary.median, summary.ci_low, summary.ci_high, summary.n)


@functools.cache
def _interval_rank(n: int, confidence: float) -> int:
    # The same few sample counts recur in every run; scipy's ppf costs far more than the lookup.
    return int(stats.binom.ppf((1 - confidence) / 2, n, 0.5))


class Verdict(StrEnum):
    FASTER = "faster"
    SLOWER = "slower"
    SAME = "same"
    TOO_FEW = "too few samples"


@dataclass(frozen=True)
class Comparison:
    a: Summary
    b: Summary
    change: float  # (median B - median A) / median A
    p_value: float  # NaN when not judged
    verdict: Verdict


def p_values(pairs: Sequence[tuple[Sequence[float], Sequence[float]]]) -> list[float]:
    """Two-sided Mann-Whitney U p-value of each pair; NaN below MIN_SAMPLES a side.

    Pairs with the same sample counts go to scipy as one 2-D call: a run has
    thousands of cases and one call per case would cost ~2 ms each.
    """
    found = [math.nan] * len(pairs)
    groups: dict[tuple[int, int], list[int]] = {}
    for index, (a, b) in enumerate(pairs):
        if min(len(a), len(b)) >= MIN_SAMPLES:
            groups.setdefault((len(a), len(b)), []).append(index)
    for members in groups.values():
        first = np.array([pairs[i][0] for i in members], dtype=float)
        second = np.array([pairs[i][1] for i in members], dtype=float)
        result = stats.mannwhitneyu(first, second, alternative="two-sided", axis=1)
        for index, p_value in zip(members, np.atleast_1d(result.pvalue), strict=True):
            found[index] = float(p_value)
    return found


def compare_all(
    pairs: Sequence[tuple[Sequence[float], Sequence[float]]], alpha: float, min_effect: float
) -> list[Comparison]:
    """B against A for each (A, B) pair: slower/faster only if Mann-Whitney U says so at alpha
    and the medians differ by at least min_effect (a fraction of A's median)."""
    return [_judge(a, b, p, alpha, min_effect) for (a, b), p in zip(pairs, p_values(pairs), strict=True)]


def compare(a: Sequence[float], b: Sequence[float], alpha: float, min_effect: float) -> Comparison:
    return compare_all([(a, b)], alpha, min_effect)[0]


def _judge(
    a: Sequence[float], b: Sequence[float], p_value: float, alpha: float, min_effect: float
) -> Comparison:
    first, second = median_ci(a), median_ci(b)
    change = (second.median - first.median) / first.median if first.median else math.nan
    if math.isnan(p_value):
        return Comparison(first, second, change, p_value, Verdict.TOO_FEW)
    if p_value >= alpha or abs(change) < min_effect:
        verdict = Verdict.SAME
    else:
        verdict = Verdict.SLOWER if change > 0 else Verdict.FASTER
    return Comparison(first, second, change, p_value, verdict)


# The two-sided 95% quantile of the standard normal.
_Z95 = float(stats.norm.ppf(0.975))


def geometric_mean_ratio(ratios: Sequence[RatioCI]) -> RatioCI:
    """The geometric mean of several comparisons' ratios (one verdict across datasets and
    sizes) with a 95% interval; n is the number of comparisons.

    Each comparison's exact 95% interval is read as a log-scale standard error,
    (ln hi - ln lo) / (2 z), and the comparisons as independent, so the mean of the logs
    has the standard error sqrt(sum se^2) / n. The interval is NaN when a comparison has
    none. It is the uncertainty of the measurement over this fixed set of comparisons, not
    a claim about data this run did not measure.
    """
    if not ratios:
        return RatioCI(math.nan, math.nan, math.nan, 0)
    logs = [math.log(r.ratio) for r in ratios]
    centre = sum(logs) / len(logs)
    if any(math.isnan(r.lo) or math.isnan(r.hi) or r.lo <= 0 for r in ratios):
        return RatioCI(math.exp(centre), math.nan, math.nan, len(ratios))
    spread = math.sqrt(sum(((math.log(r.hi) - math.log(r.lo)) / (2 * _Z95)) ** 2 for r in ratios))
    half = _Z95 * spread / len(ratios)
    return RatioCI(math.exp(centre), math.exp(centre - half), math.exp(centre + half), len(ratios))
