"""attrs classes of the source's message for cattrs, as its bench_validation declares
them (kw_only, a `type` Literal with its default), converted by cattrs' orjson preconf
converter that omits defaults."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

import attrs
from cattrs.preconf.orjson import make_converter

from serbench_py.msgspec_fs.data import Permissions


@attrs.define(kw_only=True)
class File:
    name: str
    created_by: str
    created_at: datetime
    updated_by: str | None = None
    updated_at: datetime | None = None
    nbytes: int
    permissions: Permissions
    type: Literal["file"] = "file"


@attrs.define(kw_only=True)
class Directory:
    name: str
    created_by: str
    created_at: datetime
    updated_by: str | None = None
    updated_at: datetime | None = None
    contents: list[File | Directory]
    type: Literal["directory"] = "directory"


_CONVERTER = make_converter(omit_if_default=True)


def encode(obj: Directory) -> bytes:
    return _CONVERTER.dumps(obj)


def decode(data: bytes) -> Directory:
    return _CONVERTER.loads(data, Directory)
