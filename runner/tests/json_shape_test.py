"""The JSON shape check of encode payloads (runner/ingest/json_shape.py)."""

import json
import re
from pathlib import Path

import pytest

from runner.caseid import parse_case_id
from runner.ingest import json_shape, payloads

RECORD = {
    "user_id": 7,
    "name": "Ada",
    "tags": ["a", "b"],
    "note": "",
    "address": {"city": "Zürich", "zip": 0},
}
FIXTURE = {"records": [RECORD, RECORD | {"user_id": 8}]}


def _bytes(tree: object) -> bytes:
    return json.dumps(tree, ensure_ascii=False).encode()


@pytest.mark.parametrize(
    "payload",
    [
        FIXTURE,
        FIXTURE["records"],  # the bare list of records
        {
            "records": [
                {"userId": 7, "Name": "Ada", "TAGS": ["a", "b"], "note": "", "address": {"City": "Zürich"}}
            ]
            * 2
        },  # other spellings of the names; defaults ("", 0) omitted
        {"records": [RECORD | {"user_id": "7"}, RECORD]},  # a scalar written its own way
        {"records": [RECORD | {"UpdatedBy": None}, RECORD]},  # an absent optional written as null
    ],
)
def test_the_fixtures_tree_in_any_spelling_is_keyed(payload: object) -> None:
    assert json_shape.payload_difference(FIXTURE, _bytes(payload)) is None


def test_bytes_may_be_a_string() -> None:
    """The fixture writes bytes as their values, JSON mappings as base64."""
    fixture = {"records": [{"inventory": [0, 255, 7]}, {"inventory": []}]}
    assert json_shape.payload_difference(fixture, _bytes({"records": [{"inventory": "AP8H"}, {}]})) is None
    assert json_shape.payload_difference({"tags": ["a"]}, _bytes({"tags": "a"})) is not None
    assert json_shape.payload_difference({"ids": [300]}, _bytes({"ids": "300"})) is not None


@pytest.mark.parametrize(
    ("payload", "expected"),
    [
        ({"records": [list(RECORD.values())] * 2}, r"\$.records\[0\]: an object in the fixture, list"),
        ({"records": [RECORD]}, r"\$.records: a list of 2 in the fixture"),
        ({"records": [RECORD | {"extra": 1}, RECORD]}, r"key 'extra' is no field"),
        ({"records": [{k: v for k, v in RECORD.items() if k != "name"}, RECORD]}, r"field 'name' is missing"),
        ({"records": [RECORD | {"address": {"City": {"Value": "x"}}}, RECORD]}, None),
    ],
)
def test_another_shape_is_named_where_it_departs(payload: object, expected: str | None) -> None:
    found = json_shape.payload_difference(FIXTURE, _bytes(payload))
    if expected is None:  # a scalar of the fixture may be any value of the payload
        assert found is None
    else:
        assert found is not None and re.search(expected, found), found


def test_a_union_tagged_another_way_is_another_shape() -> None:
    fixture = {"records": [{"node": {"type": "file", "size": 3}}]}
    external = {"records": [{"node": {"File": {"size": 3}}}]}
    assert (
        json_shape.payload_difference(fixture, _bytes(external))
        == "$.records[0].node: key 'File' is no field of the fixture's object"
    )


def test_bytes_that_are_not_json_are_not_keyed() -> None:
    assert json_shape.payload_difference(FIXTURE, b"\x92\x01") is not None
    assert json_shape.keyed_metric(b"\x92\x01", "user", 1, lambda d, s: FIXTURE) == {
        json_shape.KEYED_METRIC: 0.0
    }
    assert json_shape.keyed_metric(_bytes(FIXTURE), "user", 1, lambda d, s: FIXTURE) == {
        json_shape.KEYED_METRIC: 1.0
    }
    # A dataset without a fixture (a real document) gets no verdict.
    assert json_shape.keyed_metric(_bytes(FIXTURE), "twitter", 1, lambda d, s: None) == {}


def test_the_runner_stores_the_verdict_on_json_payloads_only(tmp_path: Path) -> None:
    ids = {
        "dataset=user/size=1/op=encode/format=json/lib=msgspec/variant=struct": _bytes(FIXTURE),
        "dataset=user/size=1/op=encode/format=json/lib=msgspec/variant=struct_array": _bytes(
            {"records": [list(RECORD.values())] * 2}
        ),
        "dataset=user/size=1/op=encode/format=msgpack/lib=msgspec/variant=struct": b"\x92\x01",
    }
    for case_id, data in ids.items():
        (tmp_path / payloads.file_name(case_id)).write_bytes(data)
    found = payloads.measure_folder(tmp_path, "python", reference=lambda dataset, size: FIXTURE)
    verdicts = {case.variant + "/" + case.format: m.get(json_shape.KEYED_METRIC) for case, m in found.items()}
    assert verdicts == {"struct/json": 1.0, "struct_array/json": 0.0, "struct/msgpack": None}
    assert all(payloads.ZLIB_METRIC in m for m in found.values())
    assert parse_case_id(next(iter(ids)), "python") in found
