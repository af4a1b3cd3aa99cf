"""PELT and the noise test on synthetic series whose steps are known."""

import itertools
import math
from collections.abc import Iterable

import numpy as np
import pytest

from runner.changepoints import MIN_SEGMENT, pelt, steps


def _noisy(levels: list[tuple[int, float]], noise: float, seed: int) -> list[float]:
    """Runs' medians: (runs, level in ns) segments, each run off its level by a lognormal noise."""
    rng = np.random.default_rng(seed)
    values = np.concatenate([np.full(runs, level) for runs, level in levels])
    return list(values * np.exp(rng.normal(0.0, noise, len(values))))


def _marked(medians: list[float], floor: float = 0.0) -> list[int]:
    return [s.at for s in steps(medians, floor=floor) if s.marked]


def _optimal(values: list[float], sigma: float, penalty: float, min_size: int) -> list[int]:
    """The optimal partition by exhaustive search: what PELT's pruning must not lose."""
    x = np.asarray(values)

    def cost(starts: Iterable[int]) -> float:
        bounds = [0, *starts, len(x)]
        if any(b - a < min_size for a, b in itertools.pairwise(bounds)):
            return math.inf
        squares = sum(float(((x[a:b] - x[a:b].mean()) ** 2).sum()) for a, b in itertools.pairwise(bounds))
        return squares / sigma**2 + penalty * (len(bounds) - 2)

    options = (c for k in range(len(x) // min_size) for c in itertools.combinations(range(1, len(x)), k))
    return list(min(options, key=cost))


@pytest.mark.parametrize("seed", range(20))
def test_pelt_finds_the_optimal_partition(seed: int) -> None:
    values = [math.log(v) for v in _noisy([(4, 1.0), (5, 1.3), (4, 0.9)], 0.05, seed)]
    penalty = 3 * math.log(len(values))
    assert pelt(values, 0.05, penalty) == _optimal(values, 0.05, penalty, MIN_SEGMENT)


def test_known_steps_are_found_at_their_runs() -> None:
    medians = _noisy([(15, 1000.0), (15, 1250.0), (15, 1100.0)], 0.02, seed=3)
    found = [s for s in steps(medians) if s.marked]
    assert [s.at for s in found] == [15, 30]
    assert found[0].ratio == pytest.approx(1.25, rel=0.03)
    assert found[1].ratio == pytest.approx(1100 / 1250, rel=0.03)
    assert found[0].describe().startswith("+2")


@pytest.mark.parametrize("seed", range(10))
def test_a_slowdown_in_the_latest_three_runs_is_found(seed: int) -> None:
    assert _marked(_noisy([(12, 2000.0), (3, 2400.0)], 0.02, seed)) == [12]


def test_flat_noisy_series_have_no_step() -> None:
    marked = [seed for seed in range(200) if _marked(_noisy([(30, 1000.0)], 0.03, seed))]
    assert len(marked) <= 2, marked  # 1% false steps at most
    assert _marked(_noisy([(30, 1000.0)], 0.03, seed=0)) == []


def test_a_single_outlier_is_not_a_step() -> None:
    medians = _noisy([(20, 1000.0)], 0.01, seed=5)
    medians[10] *= 1.5
    assert _marked(medians) == []


def test_a_step_smaller_than_the_noise_is_not_marked() -> None:
    assert _marked(_noisy([(15, 1000.0), (15, 1020.0)], 0.03, seed=0)) == []
    marked = [seed for seed in range(200) if _marked(_noisy([(15, 1000.0), (15, 1020.0)], 0.03, seed))]
    assert len(marked) <= 4, marked  # 2% at most


def test_the_languages_noise_is_the_smallest_step_marked() -> None:
    medians = _noisy([(15, 1000.0), (15, 1080.0)], 0.005, seed=2)
    assert _marked(medians) == [15]
    assert _marked(medians, floor=0.10) == []


def test_wide_confidence_intervals_raise_the_noise() -> None:
    medians = _noisy([(15, 1000.0), (15, 1080.0)], 0.005, seed=2)
    narrow = [m * 0.995 for m in medians], [m * 1.005 for m in medians]
    wide = [m * 0.8 for m in medians], [m * 1.25 for m in medians]
    assert [s.at for s in steps(medians, *narrow) if s.marked] == [15]
    assert not any(s.marked for s in steps(medians, *wide))


def test_short_series_have_no_change_point() -> None:
    assert steps([1000.0, 1500.0, 1500.0, 1500.0, 1500.0]) == []
    assert pelt([0.0] * 3 + [1.0] * 2, 0.01) == []
