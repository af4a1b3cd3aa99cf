"""runner mine's input: every bad file is one line naming what is wrong; JSON Lines becomes
the array of its records, written as the user wrote them."""

import json
from pathlib import Path

import pytest

from runner.mine_input import Document, InputError, read


def _read(tmp_path: Path, content: bytes, max_mib: float = 1) -> Document:
    path = tmp_path / "doc.json"
    path.write_bytes(content)
    return read(path, max_mib)


def _error(tmp_path: Path, content: bytes, max_mib: float = 1) -> str:
    with pytest.raises(InputError) as raised:
        _read(tmp_path, content, max_mib)
    message = str(raised.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"", "empty: there is no JSON value to measure"),
        (b" \n\t\n", "empty: there is no JSON value to measure"),
        (b"{not json}", "not JSON: Expecting property name enclosed in double quotes at line 1, column 2"),
        (b'{"a": 1', "not JSON: Expecting ',' delimiter at line 1, column 8"),
        (b'{"a": NaN}', "not JSON: NaN is not a JSON value"),
        (b"42", "a lone int (42), not an object or array"),
        (b'"text"', 'a lone str ("text"), not an object or array'),
        (b"null", "a lone null (null), not an object or array"),
        (b'{"a": "\xff\xfe"}', "not UTF-8: invalid start byte at byte 7"),
        (b'\xef\xbb\xbf{"a": 1}', "starts with a UTF-8 byte order mark"),
        (b'{"a": 1}\n{"b": 2\n', "line 2 of JSON Lines is not JSON: Expecting ',' delimiter"),
    ],
)
def test_a_file_no_library_can_measure_is_one_line_saying_why(
    tmp_path: Path, content: bytes, expected: str
) -> None:
    assert expected in _error(tmp_path, content)


def test_a_missing_file_a_folder_and_a_file_over_the_budget_are_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        read(tmp_path / "absent.json")
    with pytest.raises(InputError, match="not a file"):
        read(tmp_path)
    big = json.dumps({"a": "x" * 2**20}).encode()
    assert "1.0 MiB, more than the memory budget of 0.5 MiB" in _error(tmp_path, big, 0.5)


def test_one_document_is_measured_as_written_under_its_sha256_prefix(tmp_path: Path) -> None:
    content = b'{"b": 1, "a": [9007199254740993, 0.1, "caf\\u00e9"]}'
    document = _read(tmp_path, content)
    assert document.text == content and document.records is None and document.notes == ()
    assert document.dataset == f"mine:{document.sha256[:12]}" and len(document.prefix) == 12
    assert document.kind == "one JSON document"


def test_json_lines_become_the_array_of_the_lines_own_text(tmp_path: Path) -> None:
    document = _read(tmp_path, b'{"n": 1.10}\n\n[1, 2]\n"three"\n')
    assert document.records == 3 and document.kind.startswith("JSON Lines, 3 records")
    # 1.10 stays 1.10: the lines are joined, never re-encoded.
    assert document.text == b'[\n{"n": 1.10},\n[1, 2],\n"three"\n]\n'
    assert json.loads(document.text) == [{"n": 1.1}, [1, 2], "three"]


def test_duplicate_keys_and_deep_nesting_go_on_to_the_libraries_with_a_note(tmp_path: Path) -> None:
    duplicated = _read(tmp_path, b'{"a": 1, "a": 2, "b": {"a": 3, "a": 4}}')
    (note,) = duplicated.notes
    assert note.startswith("duplicate keys ('a') in 2 objects")
    deep = _read(tmp_path, b"[" * 100_000 + b"]" * 100_000)
    assert deep.notes and "nested deeper than Python's json module parses" in deep.notes[0]
