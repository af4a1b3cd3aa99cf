"""pydantic v2 models of the source's message, as its bench_validation declares them:
a `type` Literal with its default on each, the union discriminated by it."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

import pydantic

from serbench_py.msgspec_fs.data import Permissions


class File(pydantic.BaseModel):
    type: Literal["file"] = "file"
    name: str
    created_by: str
    created_at: datetime
    updated_by: str | None = None
    updated_at: datetime | None = None
    nbytes: int
    permissions: Permissions


class Directory(pydantic.BaseModel):
    type: Literal["directory"] = "directory"
    name: str
    created_by: str
    created_at: datetime
    updated_by: str | None = None
    updated_at: datetime | None = None
    contents: list[Annotated[File | Directory, pydantic.Field(discriminator="type")]]


def encode(obj: Directory) -> str:
    """The source's call: defaults left out (the None optionals and the `type` tags too)."""
    return obj.model_dump_json(exclude_defaults=True)


def decode(data: bytes) -> Directory:
    return Directory.model_validate_json(data)
