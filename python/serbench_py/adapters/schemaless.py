"""Schema-less libraries: they encode the canonical JSON tree (dicts, lists,
strings, numbers) as it is and decode back to one. One table row per library."""

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from serbench_py.adapter import Capability, Codec, Reader, item_reader, version
from serbench_py.sources import Source

Encode = Callable[[Any], bytes]
Decode = Callable[[bytes], Any]


@dataclass(frozen=True)
class TreeCodec:
    encode: Encode
    decode: Decode

    def native(self, tree: Any) -> Any:
        return tree

    def to_tree(self, native: Any) -> Any:
        return native

    def records(self, native: Any) -> Sequence[Any]:
        records: Sequence[Any] = native["records"]
        return records

    def reader(self, path: str) -> Reader:
        return item_reader(path)


@dataclass(frozen=True)
class SchemalessLibrary:
    """`make` imports the library and returns its (encode, decode) pair.

    Imports happen in `codec`, not at registry import, so a run of one library
    does not pay for (or get disturbed by) importing every other one.
    """

    lib: str
    format: str
    distribution: str  # "" for the standard library
    import_module: str  # what extras.py times the import of; "" for none (the stdlib's)
    home: str
    make: Callable[[], tuple[Encode, Decode]]
    variant: str | None = "schemaless"
    capabilities: frozenset[Capability] = frozenset({Capability.SCHEMALESS})
    env: dict[str, str] = field(default_factory=dict)
    lazy: tuple[tuple[str, str], ...] = ()  # every op materializes its result
    # op -> why it does not apply (a decode-only library has no encode).
    unsupported: tuple[tuple[str, str], ...] = ()

    @property
    def version(self) -> str:
        return version(self.distribution)

    def supports(self, source: Source) -> str | None:
        return None if source.format == "json" else f"a {source.format} document, not a JSON tree"

    def codec(self, source: Source) -> Codec:
        encode, decode = self.make()
        return TreeCodec(encode, decode)


def _module(name: str) -> Any:
    return importlib.import_module(name)


def _stdlib_json() -> tuple[Encode, Decode]:
    json = _module("json")
    # Tuned: compact and UTF-8, the output the C-accelerated JSON libraries produce.
    encoder = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
    return (lambda tree: encoder.encode(tree).encode()), json.loads


def _stdlib_json_default() -> tuple[Encode, Decode]:
    json = _module("json")
    # The call a program makes: json.dumps(obj) with its defaults (ASCII escapes, spaced
    # separators), the docs' baseline for "the default JSON library".
    return (lambda tree: json.dumps(tree).encode()), json.loads


def _orjson() -> tuple[Encode, Decode]:
    orjson = _module("orjson")
    return orjson.dumps, orjson.loads


def _ujson() -> tuple[Encode, Decode]:
    ujson = _module("ujson")
    return (lambda tree: ujson.dumps(tree, ensure_ascii=False).encode()), ujson.loads


def _rapidjson() -> tuple[Encode, Decode]:
    rapidjson = _module("rapidjson")
    return (lambda tree: rapidjson.dumps(tree, ensure_ascii=False).encode()), rapidjson.loads


def _simdjson() -> tuple[Encode, Decode]:
    parser = _module("simdjson").Parser()
    # simdjson only parses: the stdlib encoder makes its input (never timed).
    # recursive=True materializes dicts and lists, the same work as the others.
    return _stdlib_json()[0], lambda data: parser.parse(data, recursive=True)


def _msgspec(kind: str) -> Callable[[], tuple[Encode, Decode]]:
    def make() -> tuple[Encode, Decode]:
        module = _module(f"msgspec.{kind}")
        return module.Encoder().encode, module.Decoder().decode

    return make


def _msgpack() -> tuple[Encode, Decode]:
    msgpack = _module("msgpack")
    return msgpack.Packer().pack, msgpack.unpackb


def _ormsgpack() -> tuple[Encode, Decode]:
    ormsgpack = _module("ormsgpack")
    return ormsgpack.packb, ormsgpack.unpackb


def _cbor2() -> tuple[Encode, Decode]:
    cbor2 = _module("cbor2")
    return cbor2.dumps, cbor2.loads


def _pickle() -> tuple[Encode, Decode]:
    pickle = _module("pickle")
    return (lambda tree: pickle.dumps(tree, pickle.HIGHEST_PROTOCOL)), pickle.loads


MSGSPEC_HOME = "https://jcristharif.com/msgspec/"
JSON_HOME = "https://docs.python.org/3/library/json.html"
_NO_ENCODER = "pysimdjson is a parser only: it has no encoder"

LIBRARIES: tuple[SchemalessLibrary, ...] = (
    SchemalessLibrary(
        lib="json",
        format="json",
        variant="default",
        distribution="",
        import_module="",
        home=JSON_HOME,
        make=_stdlib_json_default,
    ),
    SchemalessLibrary(
        lib="json",
        format="json",
        distribution="",
        import_module="",
        home=JSON_HOME,
        make=_stdlib_json,
    ),
    SchemalessLibrary(
        lib="orjson",
        format="json",
        distribution="orjson",
        import_module="orjson",
        home="https://github.com/ijl/orjson",
        make=_orjson,
    ),
    SchemalessLibrary(
        lib="ujson",
        format="json",
        distribution="ujson",
        import_module="ujson",
        home="https://github.com/ultrajson/ultrajson",
        make=_ujson,
    ),
    SchemalessLibrary(
        lib="rapidjson",
        format="json",
        distribution="python-rapidjson",
        import_module="rapidjson",
        home="https://rapidjson.org/",
        make=_rapidjson,
    ),
    SchemalessLibrary(
        lib="simdjson",
        format="json",
        distribution="pysimdjson",
        import_module="simdjson",
        home="https://simdjson.org/",
        make=_simdjson,
        unsupported=(("encode", _NO_ENCODER), ("roundtrip", _NO_ENCODER)),
    ),
    SchemalessLibrary(
        lib="msgspec",
        format="json",
        distribution="msgspec",
        import_module="msgspec",
        home=MSGSPEC_HOME,
        make=_msgspec("json"),
    ),
    SchemalessLibrary(
        lib="msgspec",
        format="msgpack",
        distribution="msgspec",
        import_module="msgspec",
        home=MSGSPEC_HOME,
        make=_msgspec("msgpack"),
    ),
    SchemalessLibrary(
        lib="msgpack",
        format="msgpack",
        distribution="msgpack",
        import_module="msgpack",
        home="https://msgpack.org/",
        make=_msgpack,
    ),
    SchemalessLibrary(
        lib="ormsgpack",
        format="msgpack",
        distribution="ormsgpack",
        import_module="ormsgpack",
        home="https://github.com/aviramha/ormsgpack",
        make=_ormsgpack,
    ),
    SchemalessLibrary(
        lib="cbor2",
        format="cbor",
        distribution="cbor2",
        import_module="cbor2",
        home="https://github.com/agronholm/cbor2",
        make=_cbor2,
    ),
    SchemalessLibrary(
        lib="pickle",
        format="pickle",
        distribution="",
        import_module="",
        home="https://docs.python.org/3/library/pickle.html",
        make=_pickle,
    ),
)
