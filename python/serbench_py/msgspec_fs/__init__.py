"""The work of msgspec's own serialization benchmarks, for the claims quoted from them
(its repository's benchmarks/bench_validation and bench_encodings): their message
(`data.py`), their classes and calls (`models_*.py`), their timing conditions.

Cases: dataset `msgspec_fs`, size 1,000 (the message's nodes), ops encode and decode
timed apart as the source times them (the claims add the two), every one with the cyclic
GC disabled while timed (the source's timeit does that; variants end in `_gcoff`).

- bench_validation (format json): msgspec Struct (`struct_gcoff`), pydantic v2 and v1,
  cattrs on attrs classes, mashumaro on dataclasses. decode: the source's `json.dumps` of
  the message (the same bytes for every library) into the library's classes; encode: what
  that decode gave, each library writing as the source's script calls it (pydantic and
  cattrs and mashumaro omit defaults, their `type` tags with them).
- bench_encodings (formats json and msgpack): msgspec Structs whose timestamps and
  permissions are strings (`struct_str_gcoff`) against the schema-less json, orjson,
  msgpack and ormsgpack (`schemaless_gcoff`): encode of the message (as Structs, or as
  dicts and lists), decode of what the library itself wrote. stdlib json is called as the
  source calls it: json.dumps' defaults (separators with spaces, ASCII escapes), giving
  and taking str.

Each worker checks its library before timing: what it decodes, written back by its own
encode, must be the message (timestamps compared as instants; the tags left out when the
library omits them); a wrong library is refused, never timed.
"""

import functools
import importlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from serbench_py.cases import Case
from serbench_py.msgspec_fs.data import NODES, Node, message, source_json
from serbench_py.suite import GC_OFF_SUFFIX, CaseError, Status

DATASET = "msgspec_fs"
Encode = Callable[[Any], bytes | str]
Decode = Callable[[Any], Any]


@dataclass(frozen=True)
class Codec:
    encode: Encode
    decode: Decode
    # The library's objects of the message, built untimed (bench_encodings' convert).
    native: Callable[[Node], Any]


def _models(name: str) -> Codec:
    module = importlib.import_module(f"serbench_py.msgspec_fs.models_{name}")
    return Codec(module.encode, module.decode, _unused)


def _unused(tree: Node) -> Any:
    raise AssertionError("bench_validation encodes what its decode gave")


def _msgspec_typed() -> Codec:
    import msgspec

    from serbench_py.msgspec_fs.models_msgspec import Directory

    return Codec(msgspec.json.Encoder().encode, msgspec.json.Decoder(Directory).decode, _unused)


def _msgspec_text(kind: str) -> Codec:
    import msgspec

    from serbench_py.msgspec_fs.models_msgspec import TextDirectory

    module = getattr(msgspec, kind)
    return Codec(
        module.Encoder().encode,
        module.Decoder(TextDirectory).decode,
        functools.partial(msgspec.convert, type=TextDirectory),
    )


def _as_is(tree: Node) -> Node:
    return tree


def _schemaless(module_name: str, encode: str, decode: str) -> Codec:
    module = importlib.import_module(module_name)
    return Codec(getattr(module, encode), getattr(module, decode), _as_is)


@dataclass(frozen=True)
class Library:
    lib: str
    format: str
    variant: str  # without the _gcoff suffix
    distribution: str  # "" for the standard library
    make: Callable[[], Codec]
    validation: bool  # bench_validation's work (else bench_encodings')
    writes_tag: bool = True  # its encode writes the union's `type` tag

    def case(self, op: str) -> Case:
        variant = self.variant + GC_OFF_SUFFIX  # the source's timeit disables the GC
        return Case(self.lib, self.format, op, DATASET, NODES, variant)


LIBRARIES = (
    Library("msgspec", "json", "struct", "msgspec", _msgspec_typed, validation=True),
    Library(
        "pydantic",
        "json",
        "v2",
        "pydantic",
        functools.partial(_models, "pydantic"),
        validation=True,
        writes_tag=False,
    ),
    Library(
        "pydantic",
        "json",
        "v1",
        "pydantic",
        functools.partial(_models, "pydantic_v1"),
        validation=True,
        writes_tag=False,
    ),
    Library(
        "cattrs",
        "json",
        "attrs",
        "cattrs",
        functools.partial(_models, "cattrs"),
        validation=True,
        writes_tag=False,
    ),
    Library(
        "mashumaro",
        "json",
        "dataclass",
        "mashumaro",
        functools.partial(_models, "mashumaro"),
        validation=True,
        writes_tag=False,
    ),
    Library(
        "msgspec",
        "json",
        "struct_str",
        "msgspec",
        functools.partial(_msgspec_text, "json"),
        validation=False,
    ),
    Library(
        "json",
        "json",
        "schemaless",
        "",
        functools.partial(_schemaless, "json", "dumps", "loads"),
        validation=False,
    ),
    Library(
        "orjson",
        "json",
        "schemaless",
        "orjson",
        functools.partial(_schemaless, "orjson", "dumps", "loads"),
        validation=False,
    ),
    Library(
        "msgspec",
        "msgpack",
        "struct_str",
        "msgspec",
        functools.partial(_msgspec_text, "msgpack"),
        validation=False,
    ),
    Library(
        "msgpack",
        "msgpack",
        "schemaless",
        "msgpack",
        functools.partial(_schemaless, "msgpack", "packb", "unpackb"),
        validation=False,
    ),
    Library(
        "ormsgpack",
        "msgpack",
        "schemaless",
        "ormsgpack",
        functools.partial(_schemaless, "ormsgpack", "packb", "unpackb"),
        validation=False,
    ),
)


# Comparing what a library gave back with the message ---------------------------------

_STAMPS = ("created_at", "updated_at")


def comparable(tree: Node, tag: bool = True) -> Node:
    """The tree with timestamps as instants (libraries write UTC as Z or +00:00) and,
    unless `tag`, without the `type` tags."""
    out: Node = {
        key: datetime.fromisoformat(value) if key in _STAMPS else value
        for key, value in tree.items()
        if tag or key != "type"
    }
    if "contents" in out:
        out["contents"] = [comparable(child, tag) for child in out["contents"]]
    return out


def _loads(data: bytes | str, library: Library) -> Node:
    """What the library wrote, read back by a reference reader of its format."""
    if library.format == "msgpack":
        tree: Node = importlib.import_module("msgpack").unpackb(data)
        return tree
    loaded: Node = json.loads(data)
    return loaded


def check(library: Library, codec: Codec, tree: Node) -> None:
    """Raises CaseError (refused) unless the library decodes and writes back the message."""
    if library.validation:
        written = codec.encode(codec.decode(source_json(tree)))
    else:
        written = codec.encode(codec.native(tree))
        if codec.encode(codec.decode(written)) != written:
            raise CaseError(Status.REFUSED, f"{library.lib} decoded other objects than it wrote")
    got = comparable(_loads(written, library), library.writes_tag)
    if got != comparable(tree, library.writes_tag):
        raise CaseError(Status.REFUSED, f"{library.lib} wrote another tree than the message")


@functools.cache
def _checked(library: Library) -> Codec:
    """The library's codec, checked once per process."""
    codec = library.make()
    check(library, codec, message())
    return codec


def operation(library: Library, op: str) -> tuple[Callable[[], object], dict[str, str | int]]:
    """The timed call of one case and its metadata; its input is built afresh."""
    codec = _checked(library)
    tree = message()
    if library.validation:
        payload: bytes | str = source_json(tree)
        native = codec.decode(payload)  # bench_validation encodes what its decode gave
    else:
        native = codec.native(tree)
        payload = codec.encode(native)
    written = codec.encode(native)
    size = len(written.encode() if isinstance(written, str) else written)
    metadata: dict[str, str | int] = {"wire_bytes": size}
    if op == "encode":
        return (lambda: codec.encode(native)), metadata
    return (lambda: codec.decode(payload)), metadata


def cases() -> Iterator[tuple[Case, Library, str]]:
    for library in LIBRARIES:
        for op in ("encode", "decode"):
            yield library.case(op), library, op
