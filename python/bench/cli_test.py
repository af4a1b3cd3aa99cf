"""The command line: paths from the caller's directory, the checks, the rounds asked."""

from pathlib import Path

import pytest

from bench.cli import parse_cli, rounds


def test_paths_are_the_callers_under_bazel_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BUILD_WORKING_DIRECTORY", "/caller")
    opts = parse_cli(["--out", "out", "--cases", "ids.txt", "--payloads", "/abs/payloads"])
    assert opts.out == Path("/caller/out")
    assert opts.cases == Path("/caller/ids.txt")
    assert opts.payloads == Path("/abs/payloads")


def test_rounds_are_the_profiles_unless_asked() -> None:
    assert rounds(parse_cli(["--out", "o"])) == 3
    assert rounds(parse_cli(["--out", "o", "--profile", "standard"])) == 10
    assert rounds(parse_cli(["--out", "o", "--profile", "standard", "--rounds", "2"])) == 2


def test_a_worker_needs_no_out_and_a_run_does(capsys: pytest.CaptureFixture[str]) -> None:
    assert parse_cli(["--serve", "library/0/user"]).out is None
    with pytest.raises(SystemExit) as exited:
        parse_cli([])
    assert exited.value.code == 2
    assert "--out is required" in capsys.readouterr().err
