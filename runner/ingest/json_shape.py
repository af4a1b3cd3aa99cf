"""Whether a JSON payload is the payload an API client reads: the canonical fixture's tree,
objects keyed by field name.

A typed JSON library may write something else and still round-trip its own bytes: msgspec's
`array_like` Structs write each record as a positional array, a serializer may tag unions
its own way. Such output is not the same JSON API payload, so the docs never rank it with
the libraries that write the standard shape (runner/docs/answer.py). The runner checks
every JSON payload a suite wrote (runner/ingest/payloads.py) against the dataset's canonical
fixture (schemas/<dataset>/<dataset>_<size>.json) and stores the verdict as the metric
KEYED_METRIC on the encode case: 1 when the shapes agree, 0 when not.

The shapes agree when the payload parses as JSON and, walking both trees together:
- an object of the fixture is an object of the payload whose keys are the fixture's field
  names, compared ignoring case and underscores (`user_id`, `userId` and `UserId` name one
  field, as protobuf's JSON mapping and C#'s property names spell it); a field the payload
  omits must hold a default value in the fixture (null, 0, false, "", [] or {}), as JSON
  mappings that skip defaults do, and a key the fixture omits (an absent optional field)
  may be written with the value null;
- an array of the fixture is an array of the payload of the same length, except a byte
  string: the fixture writes bytes as a list of integers 0..255 (schemas/README.md), a JSON
  mapping as a string (protobuf's and C#'s base64), so such a list may be a string;
- a scalar of the fixture may be any value of the payload: how a library writes an enum, a
  timestamp or bytes is its own choice, and the round trip already checked the values.
The fixture's top level `{"records": [...]}` may also be written as the bare list.
"""

import json
from collections.abc import Callable
from functools import cache
from typing import Any

from runner.paths import runfile

KEYED_METRIC = "json_keyed"
JSON_FORMAT = "json"
_RECORDS = "records"


def _name(key: str) -> str:
    return key.replace("_", "").lower()


def _is_default(value: Any) -> bool:
    return value is None or value is False or value in (0, "") or value == [] or value == {}


def _is_byte_string(value: list[Any]) -> bool:
    return all(type(item) is int and 0 <= item <= 255 for item in value)


def difference(reference: Any, payload: Any, path: str = "$") -> str | None:
    """The first place where payload's shape departs from reference's, described; None
    when the shapes agree (the rules in the module doc)."""
    if isinstance(reference, dict):
        if not isinstance(payload, dict):
            return f"{path}: an object in the fixture, {type(payload).__name__} in the payload"
        names = {_name(key): key for key in reference}
        for key, value in payload.items():
            if _name(key) not in names:
                if value is None:  # an optional field the fixture omits, written as null
                    continue
                return f"{path}: key {key!r} is no field of the fixture's object"
            found = difference(reference[names[_name(key)]], value, f"{path}.{key}")
            if found:
                return found
        given = {_name(key) for key in payload}
        missing = [
            key for key, value in reference.items() if _name(key) not in given and not _is_default(value)
        ]
        return f"{path}: field {missing[0]!r} is missing" if missing else None
    if isinstance(reference, list):
        if isinstance(payload, str) and _is_byte_string(reference):
            return None
        if not isinstance(payload, list) or len(payload) != len(reference):
            return f"{path}: a list of {len(reference)} in the fixture, not in the payload"
        for index, (ref, got) in enumerate(zip(reference, payload, strict=True)):
            found = difference(ref, got, f"{path}[{index}]")
            if found:
                return found
    return None


def payload_difference(reference: Any, data: bytes) -> str | None:
    """difference() for a payload's bytes, its top level `{"records": [...]}` or the list."""
    try:
        payload = json.loads(data)
    except (ValueError, UnicodeDecodeError) as error:
        return f"not JSON: {error}"
    if isinstance(payload, list) and isinstance(reference, dict) and list(reference) == [_RECORDS]:
        reference = reference[_RECORDS]
    return difference(reference, payload)


Reference = Callable[[str, int], Any]


@cache
def fixture_tree(dataset: str, size: int) -> Any:
    """The canonical fixture of a synthetic dataset from the runfiles; None when this binary's
    runfiles do not hold it (a real document, or a test without fixtures)."""
    path = runfile(f"serbench/schemas/{dataset}/{dataset}_{size}.json")
    return json.loads(path.read_bytes()) if path.is_file() else None


def keyed_metric(
    data: bytes, dataset: str, size: int, reference: Reference = fixture_tree
) -> dict[str, float]:
    """{KEYED_METRIC: 1.0 or 0.0} for a JSON payload of a dataset with a fixture, else {}."""
    tree = reference(dataset, size)
    if tree is None:
        return {}
    return {KEYED_METRIC: 0.0 if payload_difference(tree, data) else 1.0}
