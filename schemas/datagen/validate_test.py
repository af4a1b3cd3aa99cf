"""The validator catches each kind of contract error, naming the file, the record
index and the field path; a broken file gives one clear error naming it."""

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from schemas.datagen import fixture_io, validate
from schemas.datagen.testing import built, built_records, every_file


@pytest.mark.parametrize(("dataset", "size"), every_file())
def test_every_built_fixture_meets_the_contract(dataset: str, size: int) -> None:
    assert validate.check_file(built(dataset, size)) == []


def _write(tmp_path: Path, name: str, records: list[Any]) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"records": records}), encoding="utf-8")
    return path


def _broken(dataset: str, index: int, path: list[str | int], value: Any) -> list[Any]:
    """The first three built records with one value replaced (or a key deleted, value=KeyError)."""
    records = copy.deepcopy(built_records(dataset, 100)[:3])
    target = records[index]
    for step in path[:-1]:
        target = target[step]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return records


@pytest.mark.parametrize(
    ("dataset", "path", "value", "expected"),
    [
        ("user", ["age"], "36", "records[1].age: expected an integer, got str '36'"),
        ("user", ["age"], True, "records[1].age: expected an integer, got bool True"),
        ("user", ["age"], 2**32, "records[1].age: 4294967296 is out of range [0, 4294967295]"),
        ("user", ["age"], -1, "records[1].age: -1 is out of range"),
        ("user", ["address", "city"], None, "records[1].address.city: expected a string, got null"),
        ("user", ["tags"], "a", "records[1].tags: expected a list, got str"),
        ("user", ["address", "country"], KeyError, "records[1].address.country: required key missing"),
        ("user", ["nickname"], "x", "records[1].nickname: unknown key"),
        ("order", ["status"], "paid", "records[1].status: 'paid' is not one of PENDING, PAID"),
        ("order", ["created_at"], "2024-05-01T12:30:45Z", "records[1].created_at: expected an RFC 3339"),
        (
            "order",
            ["created_at"],
            "2024-13-01T12:30:45.000000Z",
            "records[1].created_at: expected an RFC 3339",
        ),
        ("order", ["total"], 1.234, "records[1].total: expected a number with at most two decimals"),
        ("order", ["total"], 0.01, "records[1].total: 0.01 is not the sum of the items"),
        ("order", ["id"], 2**53, "records[1].id: 9007199254740992 is out of range"),
        ("filetree", ["type"], "symlink", "records[1].type: 'symlink' is not one of file, directory"),
        ("filetree", ["contents", 0, "type"], "dir", "records[1].contents[0].type: 'dir' is not one of"),
        ("filetree", ["created_by"], KeyError, "records[1].created_by: required key missing"),
        ("game", ["mana"], 2**15, "records[1].mana: 32768 is out of range [-32768, 32767]"),
        ("game", ["pos", "x"], 0.1, "records[1].pos.x: expected a multiple of 0.25"),
        ("game", ["inventory", 0], 256, "records[1].inventory[0]: 256 is out of range [0, 255]"),
        ("game", ["equipped", "damage"], 3, "records[1].equipped.damage: unknown key"),  # a shield
        ("metrics", ["values"], [1.0], "records[1].values: expected 256 items, got 1"),
        ("metrics", ["values", 5], float("nan"), "records[1].values[5]: expected a finite number"),
    ],
)
def test_each_kind_of_error_is_named_with_its_path(
    tmp_path: Path, dataset: str, path: list[str | int], value: Any, expected: str
) -> None:
    file = _write(tmp_path, f"{dataset}_3.json", _broken(dataset, 1, path, value))
    errors = validate.check_file(file)
    assert any(e.startswith(f"{file}: {expected}") for e in errors), errors


def test_a_valid_file_written_by_hand_passes(tmp_path: Path) -> None:
    assert validate.check_file(_write(tmp_path, "user_3.json", built_records("user", 100)[:3])) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"records": []', "not valid JSON at line 1 column 15"),
        ('{"records": [{"name": "\\x"}]}', "not valid JSON at line 1"),
        ("", "not valid JSON at line 1 column 1"),
    ],
)
def test_a_file_that_fails_to_parse_gives_one_clear_error(tmp_path: Path, text: str, expected: str) -> None:
    path = tmp_path / "user_1.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(fixture_io.FixtureError) as err:
        validate.check_file(path)
    assert str(err.value).startswith(f"{path}: {expected}")
    assert "bazel build //schemas/" in str(err.value)


def test_a_file_that_is_not_utf8_is_named(tmp_path: Path) -> None:
    path = tmp_path / "user_1.json"
    path.write_bytes(b'{"records": ["\xff"]}')
    with pytest.raises(fixture_io.FixtureError, match=r"user_1\.json: not UTF-8 at byte 14"):
        fixture_io.load(path)


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(fixture_io.FixtureError, match=r"user_1\.json: no such fixture file"):
        fixture_io.load(tmp_path / "user_1.json")


@pytest.mark.parametrize(
    ("document", "expected"),
    [
        ([], 'top level: expected an object whose only key is "records"'),
        ({"records": [], "extra": 1}, 'top level: expected an object whose only key is "records"'),
        ({"records": {}}, "records: expected a list"),
        ({"records": []}, "records: expected 3 records, got 0"),
    ],
)
def test_the_file_shape_is_checked(tmp_path: Path, document: Any, expected: str) -> None:
    path = tmp_path / "user_3.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert validate.check_file(path) == [f"{path}: {expected}"]


def test_a_file_not_named_after_a_dataset_is_refused(tmp_path: Path) -> None:
    with pytest.raises(fixture_io.FixtureError, match=r"not named <dataset>_<size>\.json"):
        validate.check_file(tmp_path / "fixture.json")


def test_the_command_line_lists_errors_and_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = _write(tmp_path, "user_3.json", built_records("user", 100)[:3])
    bad = tmp_path / "game_1.json"
    bad.write_text("{", encoding="utf-8")
    assert validate.main([str(good)]) == 0
    assert validate.main([str(good), str(bad)]) == 1
    assert capsys.readouterr().err.startswith(f"{bad}: not valid JSON")
