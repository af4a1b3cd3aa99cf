"""The deliberate edge cases are really in the files every language loads: every
enum value and union member, optional fields both ways, boundary numbers,
non-ASCII text, JSON escapes and empty strings and lists (all in the 100 files)."""

import json
from collections.abc import Iterator
from typing import Any

import pytest

from schemas.datagen.registry import DATASETS
from schemas.datagen.testing import built, built_records


def _walk(value: Any, key: str = "") -> Iterator[tuple[str, Any]]:
    """Every (key, value) pair in a JSON tree; list items carry their list's key."""
    yield key, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _walk(v, k)
    elif isinstance(value, list):
        for item in value:
            yield from _walk(item, key)


def _values(dataset: str, key: str) -> list[Any]:
    return [v for k, v in _walk(built_records(dataset, 100)) if k == key]


@pytest.mark.parametrize(
    ("dataset", "key", "expected"),
    [
        ("order", "status", {"PENDING", "PAID", "SHIPPED", "DELIVERED", "CANCELLED"}),
        ("filetree", "permissions", {"READ", "WRITE", "READ_WRITE"}),
        ("filetree", "type", {"file", "directory"}),
        ("game", "color", {"RED", "GREEN", "BLUE"}),
        ("game", "type", {"weapon", "shield"}),
    ],
)
def test_every_enum_value_and_union_member_is_present(dataset: str, key: str, expected: set[str]) -> None:
    assert set(_values(dataset, key)) == expected


def test_optional_fields_are_both_present_and_absent() -> None:
    nodes = [v for k, v in _walk(built_records("filetree", 100)) if isinstance(v, dict) and "type" in v]
    for optional in ("updated_by", "updated_at"):
        assert any(optional in n for n in nodes) and any(optional not in n for n in nodes)


def test_filetree_depth_reaches_four_and_no_further() -> None:
    def depth(node: Any) -> int:
        return 1 + max((depth(child) for child in node.get("contents", [])), default=0)

    assert max(depth(r) for r in built_records("filetree", 100)) == 4
    assert max(depth(r) for r in built_records("filetree", 1000)) == 4


@pytest.mark.parametrize(
    ("dataset", "key", "edges"),
    [
        ("user", "age", {0, 2**32 - 1}),
        ("game", "mana", {-(2**15), 0}),
        ("game", "hp", {2**15 - 1, 0}),
        ("game", "inventory", {0, 255}),
        ("order", "id", {2**53 - 1}),
        ("order", "total", {0.0}),
        ("filetree", "nbytes", {0, 2**53 - 1}),
        ("metrics", "values", {0.0, 5e-324, 1.7976931348623157e308}),
    ],
)
def test_boundary_values_are_present(dataset: str, key: str, edges: set[Any]) -> None:
    scalars = {v for v in _values(dataset, key) if not isinstance(v, list | dict)}
    assert edges <= scalars


# metrics has only its name and unit as strings.
@pytest.mark.parametrize("dataset", [d for d in DATASETS if d != "metrics"])
def test_strings_include_non_ascii_escapes_and_empty(dataset: str) -> None:
    strings = [v for _, v in _walk(built_records(dataset, 100)) if isinstance(v, str)]
    assert "" in strings
    assert any(not s.isascii() for s in strings)
    assert any(c in s for s in strings for c in '"\\\n'), "no string needs a JSON escape"
    assert any(ord(c) > 0xFFFF for s in strings for c in s), "no character outside the BMP (emoji)"


# metrics series always hold 256 points by contract.
@pytest.mark.parametrize("dataset", [d for d in DATASETS if d != "metrics"])
def test_empty_lists_are_present(dataset: str) -> None:
    assert any(v == [] for _, v in _walk(built_records(dataset, 100)))


def test_mail_records_are_about_ten_kilobytes() -> None:
    for record in built_records("mail", 100):
        assert 9_000 <= len(record["body"].encode()) <= 10_000
        assert 9_500 <= len(json.dumps(record, ensure_ascii=False).encode()) <= 11_500


def test_metrics_series_have_256_points() -> None:
    for record in built_records("metrics", 100):
        assert len(record["timestamps"]) == len(record["values"]) == 256


def test_user_keeps_the_hand_written_users() -> None:
    hand_written = json.loads(built("user", 100).read_text(encoding="utf-8"))["records"][:3]
    assert [u["name"] for u in hand_written] == ["Ada Lovelace", "Zoë Åkesson-Nakamura", "Émile Ngozi"]
