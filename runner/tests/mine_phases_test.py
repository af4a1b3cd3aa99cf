"""The breakdown of a language's time in `runner mine`, from its output by the clock."""

import time

import pytest

from runner import mine_phases


def test_the_parts_are_before_the_first_sample_the_samples_and_after_the_last(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = iter([12.5, 40.0, 50.0, 160.0])
    monkeypatch.setattr(time, "monotonic", lambda: next(clock))
    phases = mine_phases.Phases("python", started=10.0)
    phases.listen("python bench: loading", False)  # 12.5
    phases.listen("progress: 1/3 a", True)  # 40
    phases.listen("progress: 2/3 b", True)  # 50
    phases.listen("progress: 3/3 c", True)  # 160
    assert phases.line(190.0) == (
        "runner mine: python: 3:00: before the first sample 0:30 (17%), 3 samples 2:00 (67%), "
        "after the last 0:30 (17%); first output after 2.5 s"
    )


def test_a_suite_that_samples_nothing_says_so() -> None:
    phases = mine_phases.Phases("cpp", started=0.0)
    phases.listen("cpp bench: refused", False)
    assert phases.line(5.0) == "runner mine: cpp: 0:05, no sample taken"
