"""The same models on pydantic's v1 API (pydantic.v1, bundled with pydantic 2): the
source's bench_validation run against pydantic 1."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import v1

from serbench_py.msgspec_fs.data import Permissions


class File(v1.BaseModel):
    type: Literal["file"] = "file"
    name: str
    created_by: str
    created_at: datetime
    updated_by: str | None = None
    updated_at: datetime | None = None
    nbytes: int
    permissions: Permissions


class Directory(v1.BaseModel):
    type: Literal["directory"] = "directory"
    name: str
    created_by: str
    created_at: datetime
    updated_by: str | None = None
    updated_at: datetime | None = None
    contents: list[Annotated[File | Directory, v1.Field(discriminator="type")]]


Directory.update_forward_refs()


def encode(obj: Directory) -> str:
    return obj.json(exclude_defaults=True)


def decode(data: bytes) -> Directory:
    return Directory.parse_raw(data)
