"""runner check: Benjamini-Hochberg, the paired verdict, its summary, and the command's loop
of builds and interleaved invocations (with stand-in builds of two stand-in suites)."""

import argparse
import itertools
import math
import operator
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from runner import check
from runner.caseid import CaseIdentity
from runner.check import SIDES
from runner.check_verdict import (
    _MAD_TO_SD,
    _Z95,
    NOISE_FLOOR,
    ROUND_STRIDE,
    CaseVerdict,
    benjamini_hochberg,
    group_noise,
    judge,
    markdown,
    noise_extent,
    self_ratios,
    sign_test,
)
from runner.paths import UsageError
from runner.stats import Verdict
from runner.store import Store
from runner.suites import SUITES
from runner.tests.support import TESTDATA
from schemas.catalog.catalog import SYNTHETIC_DATASETS


def test_benjamini_hochberg_rejects_up_to_the_largest_rank_under_its_line() -> None:
    # m = 5, q = 0.05: the lines are 0.01, 0.02, 0.03, 0.04, 0.05. p(3) = 0.029 <= 0.03 is the
    # largest under its line, so ranks 1-3 are rejected though p(2) = 0.021 > 0.02.
    p = [0.045, 0.005, 0.029, 0.021, 0.9]
    assert benjamini_hochberg(p, 0.05) == [False, True, True, True, False]


def test_benjamini_hochberg_rejects_nothing_when_no_p_value_is_under_its_line() -> None:
    assert benjamini_hochberg([0.02, 0.04, 0.5], 0.05) == [False, False, False]
    assert benjamini_hochberg([0.01, 0.011, float("nan")], 0.05) == [True, True, False]
    assert benjamini_hochberg([], 0.05) == []


def test_benjamini_hochberg_keeps_the_false_discovery_rate_on_uniform_p_values() -> None:
    rng = random.Random(3)
    calls = [sum(benjamini_hochberg([rng.random() for _ in range(100)])) for _ in range(200)]
    # Every hypothesis is true: any call is false, and the family errs in at most ~q of trials.
    assert sum(c > 0 for c in calls) / len(calls) <= 0.08


def test_sign_test_is_exact() -> None:
    assert sign_test([1.1] * 10) == pytest.approx(2 / 2**10)
    assert sign_test([1.0, 1.0]) == 1.0
    assert sign_test([0.9, 1.1]) == 1.0


def test_noise_extent_is_robust_to_a_few_wild_cases_and_has_a_floor() -> None:
    assert noise_extent([1.0] * 10) == NOISE_FLOOR
    assert noise_extent([]) == NOISE_FLOOR
    quiet = [1.0 + d for d in (-0.04, -0.02, 0.0, 0.02, 0.04)] * 4
    assert noise_extent(quiet) == pytest.approx(noise_extent([*quiet, 1.5, 1.6]), rel=0.3)
    # Too few for a spread: the largest move from 1, scaled to a head / base ratio.
    assert noise_extent([1.0, 1.2]) == pytest.approx(math.exp(math.log(1.2) / math.sqrt(2)) - 1)
    # A whole side shifted is noise too: moves are measured from 1, not from the middle.
    assert noise_extent([1.1] * 10) == pytest.approx(
        math.exp(_Z95 * _MAD_TO_SD * math.log(1.1) / math.sqrt(2)) - 1
    )


def test_each_size_has_its_own_noise_and_a_small_size_takes_its_languages() -> None:
    def medians(size: int, moves: list[float], lang: str = "python") -> list[tuple[CaseIdentity, float]]:
        return [
            (CaseIdentity(lang, f"lib{i}", "json", "decode", "user", size), 1 + m)
            for i, m in enumerate(moves)
        ]

    noisy = medians(1, [-0.3, -0.2, -0.1, 0.0, 0.1, 0.2, 0.3] * 2)
    quiet = medians(1000, [-0.01, 0.0, 0.01] * 4)
    few = medians(100, [0.0, 0.01])
    other = medians(1, [0.0] * 10, lang="cpp")
    noise = group_noise(
        [*noisy, *quiet, *few, *other], {("python", 1), ("python", 1000), ("python", 100), ("cpp", 1)}
    )
    assert noise[("python", 1000)] == NOISE_FLOOR < noise[("python", 1)]
    assert noise[("python", 100)] == noise_extent([m for _, m in [*noisy, *quiet, *few]])
    assert noise[("cpp", 1)] == NOISE_FLOOR


def test_a_side_against_itself_pairs_the_invocations_that_ran_back_to_back() -> None:
    case = CaseIdentity("python", "lib", "json", "decode", "user", 100)
    rounds = {i: 100.0 for i in range(3)} | {ROUND_STRIDE + i: 80.0 for i in range(3)}
    assert self_ratios({case: rounds | {2 * ROUND_STRIDE: 1.0}}) == {case: 1.25}
    assert self_ratios({case: {0: 1.0, ROUND_STRIDE: 1.0}}) == {}  # fewer than 3 pairs
    # Base ran in slots 0, 3, 4, 7 of base head head base base head head base: 1 with 2.
    base = (
        rounds
        | {2 * ROUND_STRIDE + i: 40.0 for i in range(3)}
        | {3 * ROUND_STRIDE + i: 1.0 for i in range(3)}
    )
    assert self_ratios({case: base}, first=1) == {case: 2.0}


def _rounds(
    libs: list[str], slow: dict[str, float], seed: int, invocations: int = 8, n: int = 5
) -> tuple[dict[CaseIdentity, dict[int, float]], ...]:
    """Base and head rounds of 3 ops x 4 datasets per library, as `runner check` numbers them
    (n rounds of each of `invocations` processes per side, run in the order `runner check`
    runs them), with 5% noise per sample, 3% per case and process (its layout), a load of
    each round of each process shared by its cases (up to 5%), and each process's level:
    3% of its own on the host's drift (a random walk of 1% a step); a library in slow is
    that much slower in head."""
    rng = random.Random(seed)
    order = [(j, side) for j in range(invocations) for side in (SIDES if j % 2 == 0 else SIDES[::-1])]
    walk = itertools.accumulate((rng.gauss(1, 0.01) for _ in order), operator.mul)
    drift = [step * rng.gauss(1, 0.03) for step in walk]
    speed = dict(zip(order, drift, strict=True))
    cases = [
        CaseIdentity("python", lib, "json", op, dataset, 100)
        for lib in libs
        for op in ("encode", "decode", "access")
        for dataset in SYNTHETIC_DATASETS[:4]
    ]
    sides: dict[str, dict[CaseIdentity, dict[int, float]]] = {side: {c: {} for c in cases} for side in SIDES}
    for j, side in order:
        layout = {c: rng.gauss(1, 0.03) for c in cases}
        for i in range(n):
            load = speed[j, side] * rng.uniform(0.95, 1.05)
            for case in cases:
                slower = 1 + slow.get(case.lib, 0.0) if side == "head" else 1.0
                sides[side][case][j * ROUND_STRIDE + i] = (
                    1000 * load * layout[case] * rng.gauss(1, 0.05) * slower
                )
    return sides["base"], sides["head"]


def test_base_against_itself_flags_at_most_one_percent_of_cases() -> None:
    libs = [f"lib{i}" for i in range(8)]
    flagged = total = 0
    for seed in range(10):
        verdicts = judge(*_rounds(libs, {}, seed))
        flagged += sum(v.verdict is not Verdict.SAME for v in verdicts)
        total += len(verdicts)
    assert total == 10 * 8 * 12
    assert flagged / total <= 0.01


def test_a_fifteen_percent_slowdown_of_one_library_is_caught_and_little_else() -> None:
    """Over 20 simulated checks of 9 libraries: at least 90% of the slowed library's cases are
    called slower, and at most 2% of the other cases are called at all."""
    slowed: list[CaseVerdict] = []
    others: list[CaseVerdict] = []
    for seed in range(20):
        for v in judge(*_rounds([*(f"lib{i}" for i in range(8)), "slowed"], {"slowed": 0.15}, seed=seed)):
            (slowed if v.identity.lib == "slowed" else others).append(v)
    caught = [v for v in slowed if v.verdict is Verdict.SLOWER]
    assert len(caught) >= 0.9 * len(slowed)
    assert sum(v.verdict is not Verdict.SAME for v in others) <= 0.02 * len(others)
    # 15% give or take each process's layout and level (3% each, over 8 processes a side).
    assert all(1.05 < v.ratio.ratio < 1.25 and v.ratio.lo > 1 for v in caught)


def test_a_case_with_too_few_shared_rounds_is_not_judged() -> None:
    base, head = _rounds(["lib0"], {}, seed=2, invocations=1)
    assert judge(base, head) == []


def test_the_summary_lists_changed_cases_and_the_unchanged_in_one_line() -> None:
    verdicts = judge(*_rounds(["lib0", "lib1", "slowed"], {"slowed": 0.3}, seed=1))
    text = markdown(verdicts, "runner check: b against a", "python, quick")
    assert text.startswith("## runner check: b against a\n")
    assert "**12 slower, 0 faster** of 36 cases." in text
    called, uncalled = text.split("<details>")
    assert called.count("| slower |") == 12 and "lib=slowed" in called and "lib=lib0" not in called
    assert "Unchanged: 24 cases (noise: python size 100 ±" in called
    # The unchanged cases that moved most, each with the condition it missed.
    assert uncalled.count("| `lang=python/") == 5 and "lib=slowed" not in uncalled
    assert (
        uncalled.count("not significant once")
        + uncalled.count("includes 1")
        + uncalled.count("within the noise")
        == 5
    )


def _stand_in_build(tmp_path: Path, behaviour: dict[str, float]) -> Callable[..., check.Checkout]:
    """A build that makes, per side, a script copying the Python test data and scaling each
    sample by that side's factor (round numbers kept); given a paired base, it runs it too."""

    def build(_: Path, side: str, ref: str, suite: object, folder: Path) -> check.Checkout:
        script = folder / f"{side}.py"
        script.write_text(
            "import json, os, shutil, subprocess, sys\n"
            "def given(flag): return sys.argv[sys.argv.index(flag) + 1]\n"
            "if '--paired-base' in sys.argv:\n"
            "    subprocess.run([given('--paired-base'), '--out', given('--paired-out')], check=True)\n"
            "out = given('--out')\n"
            f"shutil.copytree({str(TESTDATA / 'python')!r}, out, dirs_exist_ok=True)\n"
            "path = os.path.join(out, 'python.json')\n"
            "data = json.load(open(path))\n"
            "for bench in data['benchmarks']:\n"
            "    for run in bench['runs']:\n"
            f"        run['values'] = [v * {behaviour.get(side, 1.0)} for v in run.get('values', [])]\n"
            "json.dump(data, open(path, 'w'))\n"
        )
        script.chmod(0o755)
        wrapper = folder / f"{side}-bench"
        wrapper.write_text(f'#!/bin/sh\nexec python3 {script} "$@"\n')
        wrapper.chmod(0o755)
        return check.Checkout(side, ref * 5, wrapper)

    return build


def _args(**extra: object) -> argparse.Namespace:
    defaults: dict[str, object] = {
        "base": "a", "head": "b", "lang": "python", "library": None, "dataset": None, "op": None,
        "cases": None, "profile": "quick", "invocations": 6, "rounds": 3, "summary": None,
        "keep_store": None, "workspace": None,
    }  # fmt: skip
    return argparse.Namespace(**(defaults | extra))


@pytest.mark.parametrize(("factor", "status"), [(1.0, 0), (1.5, 1)])
def test_check_pairs_round_i_of_each_invocation_and_exits_1_on_a_slowdown(
    tmp_path: Path, factor: float, status: int
) -> None:
    found, text = check.check(_args(), _stand_in_build(tmp_path, {"head": factor}))
    slower, _, rest = text.split("**")[1].partition(" slower, ")
    assert found == status
    assert (int(slower) > 0) == bool(status) and rest == "0 faster"
    assert "6 x 3 paired rounds per case (a pair seconds apart)" in text


def test_the_shape_of_a_check_defaults_by_whether_its_suite_pairs_and_is_checked() -> None:
    python, dotnet = (next(s for s in SUITES if s.lang == lang) for lang in ("python", "dotnet"))
    unset = _args(invocations=None, rounds=None)
    assert (check._shaped(unset, python).invocations, check._shaped(unset, python).rounds) == (6, 10)
    assert (check._shaped(unset, dotnet).invocations, check._shaped(unset, dotnet).rounds) == (8, 5)
    assert check._shaped(_args(invocations=3, rounds=None), python).invocations == 3
    for wrong in (_args(invocations=1), _args(rounds=0)):
        with pytest.raises(UsageError, match="--invocations must be at least 2"):
            check._shaped(wrong, python)


def test_a_suite_that_pairs_measures_both_sides_in_each_process_the_others_alternate() -> None:
    python, dotnet = (next(s for s in SUITES if s.lang == lang) for lang in ("python", "dotnet"))
    assert check._processes(python, 0) == check._processes(python, 1) == [("head", "base")]
    assert check._processes(dotnet, 0) == [("base",), ("head",)]
    assert check._processes(dotnet, 1) == [("head",), ("base",)]


def test_keep_store_keeps_every_invocation_as_a_run(tmp_path: Path) -> None:
    kept = tmp_path / "check.sqlite"
    check.check(_args(keep_store=kept), _stand_in_build(tmp_path, {}))
    with Store.open(kept) as store:
        assert {run.id for run in store.runs()} == {f"{side}-{j}" for side in SIDES for j in range(6)}
