"""The interface every library adapter implements (`Library`, as in C++ and C#), and
its capabilities.

A Library is one library (one format, one variant). For a dataset it builds a
Codec, untimed: the library's classes, encoders and decoders, plus converters
between the canonical JSON tree and the library's native objects, which the
round-trip check uses and the timed ops never do.
"""

import enum
import operator
import os
import platform
from collections.abc import Callable, Sequence
from importlib import metadata
from typing import Any, Protocol, runtime_checkable

from serbench_py.sources import Source


class Capability(enum.Enum):
    """What a library can do, recorded with each result (values are stable names)."""

    CODEGEN = "codegen"  # classes generated from a schema file
    REFLECTION = "reflection"  # classes introspected at run time
    SCHEMALESS = "schemaless"  # plain dicts and lists, no schema
    VALIDATES = "validates"  # checks types while decoding
    ZERO_COPY = "zero_copy"  # reads fields straight from the bytes


Reader = Callable[[Any], object]


class Codec(Protocol):
    """One library bound to one dataset."""

    def native(self, tree: Any) -> Any:
        """The fixture tree as the library's native objects (untimed)."""

    def to_tree(self, native: Any) -> Any:
        """Native objects back to the canonical tree, to compare with the fixture (untimed)."""

    def encode(self, native: Any) -> bytes: ...

    def decode(self, data: bytes) -> Any: ...

    def records(self, native: Any) -> Sequence[Any]:
        """The records of a decoded payload."""

    def reader(self, path: str) -> Reader:
        """Reads the dotted field `path` of one decoded record."""


class WholeDocument:
    """The record part of a Codec for a real document: it has no records, and the
    access ops never apply to it (suite.plan says so before any codec is built)."""

    def records(self, native: Any) -> Sequence[Any]:
        raise TypeError("a whole document has no records")

    def reader(self, path: str) -> Reader:
        raise TypeError("a whole document has no record fields")


@runtime_checkable
class Canonical(Protocol):
    """A codec whose round trip is checked in its own terms, not against the fixture tree
    itself: a user's protobuf message is compared as the message the tree maps to."""

    def canonical(self, tree: Any) -> Any:
        """What to_tree(decode(encode(native(tree)))) must equal; raises RoundTripError
        when the tree does not map to the library's objects."""


@runtime_checkable
class Converts(Protocol):
    """A code-generated format's codec: converts the domain model through its objects."""

    def convert(self, model: Any) -> Any:
        """Domain model -> the library's generated objects -> domain model."""


@runtime_checkable
class LazyAccess(Protocol):
    """A zero-copy codec: reads fields straight from the encoded bytes."""

    def lazy_reader(self, path: str) -> Reader:
        """Reads the dotted field `path` of one record in place."""

    def read_lazily(self, data: bytes, readers: Sequence[Reader]) -> list[object]:
        """Applies every reader to every record of `data`, without decoding it."""


class Library(Protocol):
    """`variant` names a build, backend or mode of the library (None when there is one).

    Adding a library: its adapter (a Library with these facts) and one line in registry.py; the
    suite writes the facts into its case catalog and extras.py derives its imports from them.
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
    def distribution(self) -> str:
        """The installed distribution the version comes from; "" for the standard library."""

    @property
    def import_module(self) -> str:
        """The module whose import time and distribution size extras.py measures ("" for none)."""

    @property
    def home(self) -> str:
        """The library's home page, which the docs link its version to."""

    @property
    def capabilities(self) -> frozenset[Capability]: ...

    @property
    def env(self) -> dict[str, str]:
        """Environment this library must run under (a backend chosen at import time)."""

    @property
    def unsupported(self) -> tuple[tuple[str, str], ...]:
        """(op, why) for the ops this library cannot do (a parser has no encode)."""

    @property
    def lazy(self) -> tuple[tuple[str, str], ...]:
        """(op, why) for the ops whose result is a view over bytes (decode) or bytes
        already laid out (encode) rather than fully built objects or bytes."""

    def supports(self, source: Source) -> str | None:
        """None if the library can represent `source`, else why not (checked without imports)."""

    def codec(self, source: Source) -> Codec:
        """Builds the codec for `source` (imports the library, builds its classes)."""


def runs_here(library: Library) -> bool:
    """Whether this process has the environment the library needs."""
    return all(os.environ.get(key) == value for key, value in library.env.items())


def version(distribution: str) -> str:
    """The installed version of a distribution; Python's own for the stdlib ("")."""
    if not distribution:
        return platform.python_version()
    return metadata.version(distribution)


def read_all(records: Sequence[Any], readers: Sequence[Reader]) -> list[object]:
    """Every reader applied to every record (what the access ops do)."""
    return [read(record) for record in records for read in readers]


def chain(steps: Sequence[Reader]) -> Reader:
    """Applies each step to the result of the previous one."""

    def read(obj: Any) -> Any:
        for step in steps:
            obj = step(obj)
        return obj

    return read


def item_reader(path: str) -> Reader:
    """Reads a dotted path from nested dicts."""
    return chain([operator.itemgetter(key) for key in path.split(".")])
