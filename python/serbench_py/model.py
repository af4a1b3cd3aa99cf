"""The plain native model of the `user` dataset and its loading from JSON.

Every adapter converts between these classes and its format, so a decoded
payload is comparable with the fixture field by field.
"""

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bazel_tools.tools.python.runfiles import runfiles

# Runfiles paths start with the workspace name (see WORKSPACE).
_WORKSPACE = "serbench"


@dataclass(frozen=True, slots=True)
class Address:
    street: str
    city: str
    postcode: str
    country: str


@dataclass(frozen=True, slots=True)
class User:
    name: str
    email: str
    age: int
    tags: tuple[str, ...]
    address: Address


def _field(obj: dict[str, Any], key: str, kind: type) -> Any:
    value = obj[key]
    # bool is an int subclass; a JSON `true` is not an age.
    if not isinstance(value, kind) or isinstance(value, bool):
        raise ValueError(f"field {key!r}: expected {kind.__name__}, got {value!r}")
    return value


def _address(obj: dict[str, Any]) -> Address:
    return Address(*(_field(obj, key, str) for key in ("street", "city", "postcode", "country")))


def _user(obj: dict[str, Any]) -> User:
    tags = _field(obj, "tags", list)
    if not all(isinstance(tag, str) for tag in tags):
        raise ValueError(f"field 'tags': expected strings, got {tags!r}")
    return User(
        name=_field(obj, "name", str),
        email=_field(obj, "email", str),
        age=_field(obj, "age", int),
        tags=tuple(tags),
        address=_address(_field(obj, "address", dict)),
    )


def users_from_json(text: str) -> list[User]:
    """Parses a Payload document ({"records": [...]}) into the native model."""
    return [_user(obj) for obj in json.loads(text)["records"]]


def fixture_path(dataset: str) -> Path:
    """Finds schemas/<dataset>/fixture.json among the running Bazel target's runfiles."""
    rlocation = f"{_WORKSPACE}/schemas/{dataset}/fixture.json"
    # Bazel's launcher exports RUNFILES_DIR or RUNFILES_MANIFEST_FILE; Create()
    # reads whichever is set (it returns None outside Bazel).
    files = runfiles.Create()
    found = files.Rlocation(rlocation) if files else None
    if not found or not os.path.isfile(found):
        raise FileNotFoundError(f"runfile {rlocation} not found (run the target through Bazel)")
    return Path(found)


def load_users(path: Path | None = None) -> list[User]:
    """Loads the `user` fixture from `path`, or from the runfiles when None."""
    return users_from_json((path or fixture_path("user")).read_text(encoding="utf-8"))
