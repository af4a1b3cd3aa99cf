"""The progress display reads the suites' `progress:` lines and estimates time left."""

import pytest

from runner.progress import SuiteProgress, clock


def test_progress_lines_are_taken_and_others_left(capsys: pytest.CaptureFixture[str]) -> None:
    progress = SuiteProgress("cpp", "3/3")
    assert not progress.feed("running dataset=user/size=3/op=encode/format=x/lib=x")
    assert progress.feed("progress: 4/10 dataset=user/size=3/op=encode/format=x/lib=x")
    assert (progress.done, progress.total) == (4, 10)
    assert "[3/3 cpp] 4/10 cases" in capsys.readouterr().err
    # Suites may prefix their lines (e.g. "dotnet bench: progress: ...").
    assert progress.feed("dotnet bench: progress: 5/10 x")
    assert progress.done == 5


def test_time_left_starts_from_last_time_and_moves_to_the_ratio() -> None:
    progress = SuiteProgress("python", "1/3", expected_seconds=100.0, started=0.0)
    assert progress.seconds_left(30.0) == 70.0
    # One case of 100 done in 30 s: the ratio says 2,970 s, last time's duration 70 s.
    progress.done, progress.total = 1, 100
    assert progress.seconds_left(30.0) == pytest.approx(0.99 * 70.0 + 0.01 * 2970.0)
    progress.done = 99  # nearly done: the ratio rules
    assert progress.seconds_left(99.0) == pytest.approx(0.01 * 1.0 + 0.99 * 1.0)
    progress.done = 100
    assert progress.seconds_left(120.0) == 0.0
    first_time = SuiteProgress("python", "1/3", started=0.0)
    first_time.done, first_time.total = 3, 4
    assert first_time.seconds_left(30.0) == pytest.approx(10.0)
    first_time.done, first_time.total = 1, 11110  # under 2% done, nothing to go by yet
    assert first_time.seconds_left(19.0) is None
    unknown = SuiteProgress("python", "1/3", started=0.0)
    unknown.done = 3  # total 0: unknown
    assert unknown.seconds_left(30.0) is None
    assert "left" not in unknown.render(30.0)


def test_clock() -> None:
    assert clock(59.9) == "0:59"
    assert clock(61) == "1:01"
    assert clock(3 * 3600 + 5) == "3:00:05"


def test_workers_that_count_from_one_again_are_added_up() -> None:
    # C++ runs one worker per dataset, each printing its own counts.
    progress = SuiteProgress("cpp", "3/3", expected_seconds=100.0, started=0.0)
    for line in ("progress: 1/4 a", "progress: 4/4 b", "progress: 1/6 c", "progress: 2/6 d"):
        progress.feed(line)
    assert (progress.done, progress.total) == (6, 10)
    # The total is still growing: last time's duration weighs by the share of it elapsed.
    by_ratio = 50.0 / 6 * 4
    assert progress.seconds_left(50.0) == pytest.approx(0.5 * 50.0 + 0.5 * by_ratio)
