"""Dataclasses of the source's message for mashumaro, as its bench_validation declares
them: the orjson mixin, omitting defaults, compiled lazily (the recursive union)."""

from __future__ import annotations

import dataclasses
from datetime import datetime
from typing import Literal

from mashumaro.config import BaseConfig
from mashumaro.mixins.orjson import DataClassORJSONMixin

from serbench_py.msgspec_fs.data import Permissions


class _Config(BaseConfig):
    omit_default = True
    lazy_compilation = True


@dataclasses.dataclass(kw_only=True)
class File(DataClassORJSONMixin):
    name: str
    created_by: str
    created_at: datetime
    updated_by: str | None = None
    updated_at: datetime | None = None
    nbytes: int
    permissions: Permissions
    type: Literal["file"] = "file"

    Config = _Config


@dataclasses.dataclass(kw_only=True)
class Directory(DataClassORJSONMixin):
    name: str
    created_by: str
    created_at: datetime
    updated_by: str | None = None
    updated_at: datetime | None = None
    contents: list[File | Directory]
    type: Literal["directory"] = "directory"

    Config = _Config


def encode(obj: Directory) -> str:
    """The source's call: to_json, orjson's bytes decoded to str."""
    return obj.to_json()


def decode(data: bytes) -> Directory:
    return Directory.from_json(data)
