"""The deliberate edge cases are really in the files every language loads (all in the
100 files), for every synthetic dataset of the catalog alike. What a dataset's shape
implies is derived from its RECORD (schemas/<d>/contract.py): every enum value and
union member, optional fields both present and absent, an empty list wherever a list may
be empty, fixed-length lists at their length. What it does not imply is the dataset's
EDGES beside it: boundary values and which string edges its strings hold. Checks only
one dataset has are its own test, schemas/<d>/<d>_test.py."""

from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import pytest

from schemas.datagen import contract
from schemas.datagen.contract import Enum, ListOf, Obj, Ref, Type, Union
from schemas.datagen.registry import DATASETS
from schemas.datagen.testing import built_records

ROOT = "record"


def _walk(value: Any, key: str = "") -> Iterator[tuple[str, Any]]:
    """Every (key, value) pair in a JSON tree; list items carry their list's key."""
    yield key, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _walk(v, k)
    elif isinstance(value, list):
        for item in value:
            yield from _walk(item, key)


def _children(spec: Type, path: str) -> Iterator[tuple[Type, str]]:
    """The types directly inside a type, each with its path: `[]` a list's items,
    `.key` an object's field, `(tag)` a union member."""
    if isinstance(spec, ListOf):
        yield spec.item, f"{path}[]"
    elif isinstance(spec, Obj):
        for key, field_spec in spec.fields.items():
            yield field_spec, f"{path}.{key}"
    elif isinstance(spec, Union):
        for tag, variant in spec.variants.items():
            yield variant, f"{path}({tag})"


def _types(spec: Type, path: str, anchors: dict[int, str]) -> Iterator[tuple[str, Type]]:
    """Every type of a shape by its path; a recursive Ref is not followed again."""
    if isinstance(spec, Ref):
        target = spec.resolve()
        if id(target) not in anchors:
            yield from _types(target, path, anchors)
        return
    anchors.setdefault(id(spec), path)
    yield path, spec
    for child, child_path in _children(spec, path):
        yield from _types(child, child_path, anchors)


def _found(value: Any, spec: Type, path: str, anchors: dict[int, str]) -> Iterator[tuple[str, Type, Any]]:
    """Every value of a (valid) record with its type and that type's path in _types
    (a value under a recursive Ref takes the path of the type the Ref leads back to)."""
    if isinstance(spec, Ref):
        target = spec.resolve()
        yield from _found(value, target, anchors.get(id(target), path), anchors)
        return
    anchors.setdefault(id(spec), path)
    yield path, spec, value
    if isinstance(spec, ListOf):
        for item in value:
            yield from _found(item, spec.item, f"{path}[]", anchors)
    elif isinstance(spec, Obj):
        for key, field_spec in spec.fields.items():
            if key in value:
                yield from _found(value[key], field_spec, f"{path}.{key}", anchors)
    elif isinstance(spec, Union):
        tag = value["type"]
        yield from _found(value, spec.variants[tag], f"{path}({tag})", anchors)


def shape_types(record: Type) -> dict[str, Type]:
    return dict(_types(record, ROOT, {}))


def found_values(record: Type, records: list[Any]) -> dict[str, list[Any]]:
    """The values of the records under each path of shape_types."""
    by_path: dict[str, list[Any]] = defaultdict(list)
    for r in records:
        for path, _, value in _found(r, record, ROOT, {}):
            by_path[path].append(value)
    return by_path


def missing_members(record: Type, records: list[Any]) -> dict[str, set[str]]:
    """Per enum and union of the shape, the values and tags no record holds."""
    found = found_values(record, records)
    missing: dict[str, set[str]] = {}
    for path, spec in shape_types(record).items():
        if isinstance(spec, Enum):
            missing[path] = set(spec.names) - set(found[path])
        elif isinstance(spec, Union):
            missing[path] = set(spec.variants) - {v["type"] for v in found[path]}
    return {path: names for path, names in missing.items() if names}


def one_sided_optionals(record: Type, records: list[Any]) -> list[str]:
    """The optional fields always present, or never, in the records."""
    found = found_values(record, records)
    return [
        f"{path}.{key}"
        for path, spec in shape_types(record).items()
        if isinstance(spec, Obj)
        for key in sorted(spec.optional)
        if len({key in obj for obj in found[path]}) != 2
    ]


def _shape(dataset: str) -> Type:
    record: Type = contract.shape(dataset).RECORD
    return record


def _records(dataset: str) -> list[Any]:
    return built_records(dataset, 100)


# --- derived from the shape -------------------------------------------------------------


@pytest.mark.parametrize("dataset", DATASETS)
def test_every_enum_value_and_union_member_is_present(dataset: str) -> None:
    assert missing_members(_shape(dataset), _records(dataset)) == {}


@pytest.mark.parametrize("dataset", DATASETS)
def test_optional_fields_are_both_present_and_absent(dataset: str) -> None:
    assert one_sided_optionals(_shape(dataset), _records(dataset)) == []


@pytest.mark.parametrize("dataset", DATASETS)
def test_empty_lists_are_present(dataset: str) -> None:
    """Where the shape has a list of free length (a fixed-length list is never empty)."""
    free = [p for p, s in shape_types(_shape(dataset)).items() if isinstance(s, ListOf) and s.length is None]
    if free:
        assert any(v == [] for _, v in _walk(_records(dataset))), f"no empty list (lists: {', '.join(free)})"


@pytest.mark.parametrize("dataset", DATASETS)
def test_fixed_length_lists_hold_their_length(dataset: str) -> None:
    shape = _shape(dataset)
    found = found_values(shape, _records(dataset))
    for path, spec in shape_types(shape).items():
        if isinstance(spec, ListOf) and spec.length is not None:
            assert found[path] and {len(v) for v in found[path]} == {spec.length}, path


# --- the dataset's EDGES ----------------------------------------------------------------


@pytest.mark.parametrize("dataset", DATASETS)
def test_boundary_values_are_present(dataset: str) -> None:
    pairs = list(_walk(_records(dataset)))
    for key, edges in contract.edges(dataset).values.items():
        scalars = {v for k, v in pairs if k == key and not isinstance(v, list | dict)}
        assert set(edges) - scalars == set(), f"{key}: missing boundary values"


@pytest.mark.parametrize("dataset", DATASETS)
def test_strings_include_non_ascii_escapes_and_empty(dataset: str) -> None:
    strings = [v for _, v in _walk(_records(dataset)) if isinstance(v, str)]
    expected = contract.edges(dataset).strings
    assert {e for e in expected if not any(map(contract.STRING_EDGES[e], strings))} == set()


# --- the derivations themselves, on a small shape of their own ---------------------------

_NODE: Type = Union(
    {
        "leaf": Obj({"mode": Enum(("A", "B")), "note": contract.STRING}, frozenset({"note"})),
        "branch": Obj({"kids": ListOf(Ref(lambda: _NODE))}),
    }
)


def test_the_derivations_follow_a_recursive_shape() -> None:
    assert list(shape_types(_NODE)) == [
        "record",
        "record(leaf)",
        "record(leaf).mode",
        "record(leaf).note",
        "record(branch)",
        "record(branch).kids",  # its items are the record's type again, not a new path
    ]
    nested = {"type": "branch", "kids": [{"type": "leaf", "mode": "B", "note": ""}]}
    leaf = {"type": "leaf", "mode": "A"}
    assert missing_members(_NODE, [leaf]) == {"record": {"branch"}, "record(leaf).mode": {"B"}}
    assert one_sided_optionals(_NODE, [leaf]) == ["record(leaf).note"]
    # The nested leaf counts for the type its Ref leads back to.
    assert missing_members(_NODE, [leaf, nested]) == {}
    assert one_sided_optionals(_NODE, [leaf, nested]) == []


def test_edges_name_only_known_string_edges() -> None:
    assert contract.Edges().strings == set(contract.STRING_EDGES)
    with pytest.raises(ValueError, match="unknown string edges"):
        contract.Edges(strings=frozenset({"emoji"}))
