"""The interface every library adapter implements, and its capabilities."""

import enum
from typing import Protocol

from serbench_py.model import User


class Capability(enum.Enum):
    """What a library can do, recorded with each result (values are stable names)."""

    CODEGEN = "codegen"  # needs classes generated from a schema
    ZERO_COPY = "zero_copy"  # can read fields straight from the bytes


class Adapter(Protocol):
    """One library for one format, converting the native model to and from bytes.

    `variant` names a build or backend of the library (e.g. protobuf's "upb");
    it is part of the case identity, so it is None when there is only one.
    """

    @property
    def lib(self) -> str: ...

    @property
    def format(self) -> str: ...

    @property
    def variant(self) -> str | None: ...

    @property
    def version(self) -> str: ...

    @property
    def capabilities(self) -> frozenset[Capability]: ...

    def encode(self, users: list[User]) -> bytes: ...

    def decode(self, data: bytes) -> list[User]: ...
