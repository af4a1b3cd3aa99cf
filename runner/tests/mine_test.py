"""runner mine end to end with the real Python suite: the document is checked before it is
timed, stored under its sha256 prefix, tabled in the terminal and written as a page."""

from pathlib import Path

import pytest

from runner import mine
from runner.cli import parser
from runner.mine_input import read
from runner.store import Store
from runner.suites import SUITES

# An integer beyond 64 bits, one beyond 2^53, escapes and non-ASCII text, nesting.
DOCUMENT = (
    '{"huge": 123456789012345678901234567890, "n": 9007199254740993,'
    ' "s": "caf\\u00e9 \\"q\\"", "x": [0.1, {"t": null}]}\n'
)
PYTHON = tuple(s for s in SUITES if s.lang == "python")


def _mine(tmp_path: Path, *extra: str) -> int:
    args = parser().parse_args(["mine", *extra, "--results", str(tmp_path / "results"), "--rounds", "6"])
    return mine.main(args, PYTHON)


def test_a_document_is_checked_measured_stored_tabled_and_paged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "doc.json"
    path.write_text(DOCUMENT)
    assert _mine(tmp_path, str(path), "--library", "msgspec") == 0
    dataset = read(path).dataset
    out = capsys.readouterr().out
    # msgspec's JSON keeps the big integer; its MessagePack cannot, and says so.
    assert "msgspec (schemaless) · json" in out.split("not ranked:")[0]
    assert "msgspec (schemaless) · msgpack: refused: round trip raised OverflowError" in out
    assert "msgspec (struct)" not in out  # typed classes have no schema here: no news
    with Store.open(tmp_path / "results" / "serbench.sqlite") as store:
        (run,) = store.runs()
        measured = store.measured(run.id, "python")
    assert {c.dataset for c in measured} == {dataset}
    assert {(c.lib, c.format, c.op) for c in measured} == {
        ("msgspec", "json", op) for op in ("encode", "decode", "roundtrip")
    }
    assert all(len(samples) == 6 for samples in measured.values())
    page = tmp_path / "results" / "mine" / dataset.removeprefix("mine:")
    text = (page / "index.md").read_text()
    assert "| msgspec (schemaless) · json |" in text and "(charts/python-decode-1.svg)" in text
    assert (page / "charts" / "python-decode-1.svg").read_text().startswith("<svg")


def test_a_bad_file_is_one_line_and_nothing_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _mine(tmp_path, str(tmp_path / "absent.json")) == 2
    assert capsys.readouterr().err == f"runner mine: {tmp_path / 'absent.json'}: no such file\n"
    assert not (tmp_path / "results").exists()


def test_nesting_a_library_refuses_is_its_own_error_and_the_command_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 5000 + "]" * 5000)
    _mine(tmp_path, str(path), "--library", "orjson")
    captured = capsys.readouterr()
    assert "note: nested deeper than Python's json module parses" in captured.err
    # Python's own tree of the document (the reference of the check) cannot be built.
    assert "Python: orjson (schemaless) · json: not measured: setup raised RecursionError" in captured.out


def test_every_suite_takes_the_rounds_in_the_quick_profile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Paired ratios with 95% CIs need rounds in every language, BenchmarkDotNet's too.
    path = tmp_path / "doc.json"
    path.write_text(DOCUMENT)
    monkeypatch.setattr(mine, "runfile", lambda name: Path("/bin") / name)
    args = parser().parse_args(["mine", str(path), "--rounds", "7"])
    assert args.profile == "quick"
    for suite in SUITES:
        call = mine._invocation(suite, tmp_path, args, read(path))
        command = suite.command(call)
        assert command[command.index("--rounds") + 1] == "7", suite.lang


def test_only_profiles_and_languages_every_suite_can_measure_are_offered() -> None:
    # .NET takes no --rounds in its full job; C# on Mono's bench has no --document.
    with pytest.raises(SystemExit):
        parser().parse_args(["mine", "doc.json", "--profile", "full"])
    with pytest.raises(SystemExit):
        parser().parse_args(["mine", "doc.json", "--lang", "mono"])
    assert {s.lang for s in SUITES} - set(mine.DOCUMENT_LANGS) == {"mono"}
