"""The command line: paths from the caller's directory, the checks, the rounds asked."""

from pathlib import Path

import pytest

from bench.cli import parse_cli, rounds, sources, worker_arguments
from serbench_py.sources import UserProto


def test_paths_are_the_callers_under_bazel_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BUILD_WORKING_DIRECTORY", "/caller")
    opts = parse_cli(["--out", "out", "--cases", "ids.txt", "--payloads", "/abs/payloads"])
    assert opts.out == Path("/caller/out")
    assert opts.cases == Path("/caller/ids.txt")
    assert opts.payloads == Path("/abs/payloads")


def test_rounds_are_the_profiles_unless_asked() -> None:
    assert rounds(parse_cli(["--out", "o"])) == 3
    assert rounds(parse_cli(["--out", "o", "--profile", "standard"])) == 9
    assert rounds(parse_cli(["--out", "o", "--profile", "standard", "--rounds", "2"])) == 2


def test_a_worker_needs_no_out_and_a_run_does(capsys: pytest.CaptureFixture[str]) -> None:
    assert parse_cli(["--serve", "library/0/user"]).out is None
    with pytest.raises(SystemExit) as exited:
        parse_cli([])
    assert exited.value.code == 2
    assert "--out is required" in capsys.readouterr().err


def test_a_document_replaces_every_dataset_and_goes_to_the_workers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("BUILD_WORKING_DIRECTORY", "/caller")
    opts = parse_cli(["--out", "o", "--document", "doc.json", "--dataset", "mine:0123456789ab"])
    assert list(sources(opts)) == ["mine:0123456789ab"]
    assert sources(opts)["mine:0123456789ab"].path(1) == "/caller/doc.json"
    assert worker_arguments(opts) == [
        "--document",
        "/caller/doc.json",
        "--dataset",
        "mine:0123456789ab",
    ]
    assert worker_arguments(parse_cli(["--out", "o"])) == []


def test_a_documents_message_goes_to_its_source_and_the_workers(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("BUILD_WORKING_DIRECTORY", "/caller")
    opts = parse_cli(
        ["--out", "o", "--document", "d.json", "--proto-descriptors", "p.pb", "--message", "a.B"]
    )
    assert sources(opts)["mine"].proto == UserProto(Path("/caller/p.pb"), "a.B")
    assert worker_arguments(opts)[-4:] == [
        "--proto-descriptors",
        "/caller/p.pb",
        "--message",
        "a.B",
    ]
    for wrong in (["--message", "a.B"], ["--document", "d.json", "--message", "a.B"]):
        with pytest.raises(SystemExit):
            parse_cli(["--out", "o", *wrong])
        assert "go together, with --document" in capsys.readouterr().err


def test_an_unknown_dataset_is_refused_naming_the_known_ones(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exited:
        parse_cli(["--out", "o", "--dataset", "nope"])
    assert exited.value.code == 2
    assert "unknown --dataset 'nope' (known: " in capsys.readouterr().err


def test_a_paired_base_needs_its_out_and_both_are_the_callers(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("BUILD_WORKING_DIRECTORY", "/caller")
    opts = parse_cli(["--out", "o", "--paired-base", "base/bench", "--paired-out", "b"])
    assert (opts.paired_base, opts.paired_out) == (Path("/caller/base/bench"), Path("/caller/b"))
    with pytest.raises(SystemExit):
        parse_cli(["--out", "o", "--paired-base", "base/bench"])
    assert "--paired-base BIN and --paired-out DIR go together" in capsys.readouterr().err
