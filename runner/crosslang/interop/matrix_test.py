"""The matrix driver against stand-in interop binaries: every cell is
classified as the protocol says, and any failed cell fails the run."""

import json
import sys
from pathlib import Path

import pytest

from runner.crosslang.interop import matrix
from schemas.interop import protocol
from schemas.interop.protocol import Case

_STANDIN = "runner/crosslang/interop/testdata/standin.py"


def _lang(mode: str) -> list[str]:
    return [sys.executable, _STANDIN, "--mode", mode]


def _cells(langs: dict[str, list[str]], formats: tuple[str, ...] = ("json",)) -> list[matrix.Cell]:
    cases = [Case(f, d, 1) for f in formats for d in ("user", "filetree")]
    return matrix.run_matrix(langs, cases, progress=False)


def test_good_languages_agree_on_every_cell() -> None:
    cells = _cells({"a": _lang("good"), "b": _lang("good")})
    assert len(cells) == 2 * 2 * 2  # producers x consumers x datasets
    assert {c.status for c in cells} == {"ok"}
    assert all(c.payload_bytes and c.payload_sha256 and c.comparison == matrix.COMPARISON for c in cells)
    assert matrix.bad_cells(cells) == []


def test_not_applicable_carries_the_reason() -> None:
    cells = _cells({"a": _lang("good")}, formats=("flatbuffers",))
    assert {(c.status, c.message) for c in cells} == {
        ("not_applicable", "the stand-in has no flatbuffers library")
    }


def test_a_wrong_producer_fails_every_consumer_with_the_first_differing_field() -> None:
    cells = _cells({"good": _lang("good"), "wrong": _lang("wrong")})
    bad = matrix.bad_cells(cells)
    assert {(c.producer, c.status) for c in bad} == {("wrong", "failed")}
    assert len(bad) == 2 * 2
    assert all(c.message.startswith("decode: $.records[0]: expected") for c in bad)


@pytest.mark.parametrize(
    ("mode", "message"),
    [
        ("crash", "producer crash encode: exit -6 (protocol allows 0, 1, 3)"),
        ("odd_exit", "producer odd_exit encode: exit 7 (protocol allows 0, 1, 3): something unexpected"),
    ],
)
def test_a_crash_or_odd_exit_is_a_failure_not_a_pass(mode: str, message: str) -> None:
    cells = _cells({mode: _lang(mode), "good": _lang("good")})
    producer_cells = [c for c in cells if c.producer == mode]
    assert {c.status for c in producer_cells} == {"failed"}
    assert producer_cells[0].message.startswith(message)
    consumer_cells = [c for c in cells if c.producer == "good" and c.consumer == mode]
    assert {c.status for c in consumer_cells} == {"failed"}


def test_a_hanging_binary_times_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(protocol, "TIMEOUT_S", 1)
    cells = matrix.run_matrix({"slow": _lang("sleep")}, [Case("json", "user", 1)], progress=False)
    assert [c.message for c in cells] == ["producer slow encode timed out after 1s"]


def test_unclassified_statuses_count_as_bad() -> None:
    cell = _cells({"a": _lang("good")})[0]
    cell.status = "maybe"
    assert matrix.bad_cells([cell]) == [cell]


def test_the_command_line_writes_the_matrix_and_fails_on_a_failed_cell(tmp_path: Path) -> None:
    out = tmp_path / "matrix.json"
    args = ["--formats", "json,protobuf", "--datasets", "user", "--sizes", "1,100", "--out", str(out)]
    good = f"{sys.executable} {_STANDIN}"
    assert matrix.main(["--lang", f"py={good}", *args]) == 0
    result = json.loads(out.read_text(encoding="utf-8"))
    assert result["counts"] == {"ok": 2, "failed": 0, "not_applicable": 2}
    two = ["--lang", f"py={good}", "--lang", f"bad={good} --mode wrong", *args]
    assert matrix.main(two) == 1
    known = tmp_path / "known.txt"
    known.write_text(
        "bad->py json/user/1\nbad->py json/user/100\nbad->bad json/user/1\nbad->bad json/user/100\n"
    )
    assert matrix.main([*two, "--known-failures", str(known)]) == 0


def test_the_command_line_refuses_unknown_names_and_no_languages(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="unknown yaml; known: json, msgpack"):
        matrix.main(["--lang", "a=x", "--formats", "yaml", "--out", str(tmp_path / "m.json")])
    assert matrix.main(["--out", str(tmp_path / "m.json")]) == 2  # none wired in this test's runfiles


def test_known_failures_allow_listed_cells_and_only_shrink(tmp_path: Path) -> None:
    cells = _cells({"good": _lang("good"), "wrong": _lang("wrong")})
    failing = sorted(matrix.cell_id(c) for c in matrix.bad_cells(cells))
    assert failing[0] == "wrong->good json/filetree/1"
    assert matrix.regressions(cells, set(failing)) == ([], [])
    unexpected, fixed = matrix.regressions(cells, set(failing[1:]) | {"good->good json/user/1"})
    assert [matrix.cell_id(c) for c in unexpected] == [failing[0]]
    assert fixed == ["good->good json/user/1"]


def test_the_known_failures_file_takes_comments(tmp_path: Path) -> None:
    listed = tmp_path / "known.txt"
    listed.write_text("# why\na->b json/user/1  # reason\n\n", encoding="utf-8")
    assert matrix.read_known_failures(listed) == {"a->b json/user/1"}
