"""runner/stats.py: the exact order-statistic CI of a median, and ratios from paired rounds."""

import math

import numpy as np
import pytest

from runner import stats
from runner.stats import MIN_ROUNDS, _interval_rank, counted, median_ci, paired_ratio


def _coverage(n: int, j: int) -> float:
    """P(x(j) <= true median <= x(n-j+1)) = 1 - 2 P(Binomial(n, 1/2) < j), exactly."""
    below: float = sum(math.comb(n, k) for k in range(j)) / 2**n
    return 1 - 2 * below


@pytest.mark.parametrize("n", range(MIN_ROUNDS, 60))
def test_the_interval_rank_is_the_narrowest_reaching_95_percent(n: int) -> None:
    j = _interval_rank(n, 0.95)
    assert _coverage(n, j) >= 0.95
    assert _coverage(n, j + 1) < 0.95


def test_below_six_values_there_is_no_95_percent_interval() -> None:
    assert _coverage(5, 1) < 0.95  # even [min, max]
    assert math.isnan(median_ci([1.0, 2.0, 3.0, 4.0, 5.0]).ci_low)
    assert median_ci([6.0, 1.0, 5.0, 2.0, 4.0, 3.0]) == median_ci([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])


def test_paired_ratio_is_the_median_of_per_round_ratios_with_its_order_statistic_ci() -> None:
    ratios = [1.0, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8]
    b = {r: 100.0 + 10 * r for r in range(9)}
    a = {r: ratios[(r * 4) % 9] * b[r] for r in range(9)}  # the rounds' order shuffled
    found = paired_ratio(a, b)
    assert found is not None
    # n = 9: j = 2 (coverage 1 - 2 * 10/512 = 96.1%), so [x(2), x(8)].
    assert (found.ratio, found.lo, found.hi, found.n) == pytest.approx((1.4, 1.1, 1.7, 9))


def test_paired_ratio_uses_only_shared_rounds_and_needs_six() -> None:
    b = {r: 10.0 for r in range(10)}
    assert paired_ratio({r: 20.0 for r in range(5)}, b) is None
    a = {r: 20.0 for r in range(4, 20)}  # rounds 4..9 are shared
    found = paired_ratio(a, b)
    assert found is not None and found.n == 6 and found.ratio == found.lo == found.hi == 2.0


def test_noise_common_to_a_round_cancels_in_the_ratio() -> None:
    rng = np.random.default_rng(7)
    load = 1 + rng.uniform(0, 2, 30)  # another tenant slows whole rounds by up to 3x
    a = {r: 300.0 * load[r] * (1 + 0.01 * rng.standard_normal()) for r in range(30)}
    b = {r: 100.0 * load[r] * (1 + 0.01 * rng.standard_normal()) for r in range(30)}
    found = paired_ratio(a, b)
    assert found is not None and found.lo <= 3.0 <= found.hi and found.hi - found.lo < 0.05
    # The medians of each side alone spread far wider under the same noise.
    spread_a, spread_b = median_ci(list(a.values())), median_ci(list(b.values()))
    assert spread_a.ci_low / spread_b.ci_high < found.lo and spread_a.ci_high / spread_b.ci_low > found.hi


def test_the_geometric_mean_of_ratios_narrows_with_more_comparisons() -> None:
    one = stats.RatioCI(2.0, 1.8, 2.2, 10)
    alone = stats.geometric_mean_ratio([one])
    assert alone.ratio == pytest.approx(2.0)
    # One comparison: an interval as wide as its own (on the log scale), centred on the ratio.
    assert alone.hi / alone.lo == pytest.approx(2.2 / 1.8)
    assert alone.lo * alone.hi == pytest.approx(2.0**2)
    four = stats.geometric_mean_ratio([one, stats.RatioCI(0.5, 0.45, 0.55, 10)] * 2)
    assert four.ratio == pytest.approx(1.0) and four.n == 4
    assert four.hi / four.lo < alone.hi / alone.lo  # averaging four narrows the interval
    assert math.isnan(stats.geometric_mean_ratio([one, stats.RatioCI(1.0, math.nan, math.nan, 3)]).lo)
    assert stats.geometric_mean_ratio([]).n == 0


def test_a_count_names_its_noun_in_the_plural_but_for_one() -> None:
    said = [counted(n, "record") for n in (0, 1, 2, 1000)]
    assert said == ["0 records", "1 record", "2 records", "1,000 records"]
