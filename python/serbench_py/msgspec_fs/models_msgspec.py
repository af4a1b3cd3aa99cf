"""msgspec Structs of the source's message, declared as its scripts declare them.

Typed (bench_validation): tagged kw_only Structs that omit defaults, timestamps as
datetimes, permissions an Enum. Strings (bench_encodings): the same Structs with
timestamps as str and permissions a Literal, so decoding only checks types.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

import msgspec

from serbench_py.msgspec_fs.data import Permissions


class File(msgspec.Struct, kw_only=True, omit_defaults=True, tag="file"):
    name: str
    created_by: str
    created_at: datetime
    updated_by: str | None = None
    updated_at: datetime | None = None
    nbytes: int
    permissions: Permissions


class Directory(msgspec.Struct, kw_only=True, omit_defaults=True, tag="directory"):
    name: str
    created_by: str
    created_at: datetime
    updated_by: str | None = None
    updated_at: datetime | None = None
    contents: list[File | Directory]


class TextFile(msgspec.Struct, kw_only=True, omit_defaults=True, tag="file"):
    name: str
    created_by: str
    created_at: str
    updated_by: str | None = None
    updated_at: str | None = None
    nbytes: int
    permissions: Literal["READ", "WRITE", "READ_WRITE"]


class TextDirectory(msgspec.Struct, kw_only=True, omit_defaults=True, tag="directory"):
    name: str
    created_by: str
    created_at: str
    updated_by: str | None = None
    updated_at: str | None = None
    contents: list[TextFile | TextDirectory]
