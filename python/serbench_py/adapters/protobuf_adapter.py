"""Google's protobuf runtime with the generated schemas.<dataset>.<dataset>_pb2 classes.

encode serializes a Payload message built untimed; decode parses bytes into a
Payload message; convert goes domain model -> messages -> domain model. With
the upb backend decode is lazy: upb parses into its own C structures and the
Python wrapper objects are created only when fields are accessed.

The backend (upb or pure Python) is chosen by PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION
when protobuf is first imported, so each variant runs in a process of its own.

A user's document given with its .proto (runner mine --proto) is measured as the user's
message (serbench_py/user_proto.py): in protobuf binary by both backends, and in protobuf
JSON (format json) by upb.
"""

import operator
from dataclasses import dataclass, field
from typing import Any

from serbench_py import protobuf_documents
from serbench_py.adapter import Capability, Codec, Reader, WholeDocument, version
from serbench_py.idl import GeneratedCodec, ModuleMapping, both_sides
from serbench_py.schema import Union
from serbench_py.sources import Source
from serbench_py.user_proto import UserMessageCodec, message_class

BACKEND_ENV = "PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION"


class ProtobufMapping(ModuleMapping):
    MODULE = "schemas.{name}.{name}_pb2"

    def present(self, obj: Any, field: str) -> bool:
        return bool(obj.HasField(field))

    def put_union(
        self, values: dict[str, Any], field: str, union: Union, tag: str, member: Any
    ) -> None:
        # Inline oneofs name their fields <field>_<tag>; a wrapper's fields are the tags.
        values[tag if union.wrapper else f"{field}_{tag}"] = member

    def get_union(self, obj: Any, field: str, union: Union) -> tuple[str, Any]:
        which = obj.WhichOneof(field)
        tag = which if union.wrapper else which.removeprefix(f"{field}_")
        return tag, getattr(obj, which)


@dataclass
class ProtobufCodec(GeneratedCodec):
    def encode(self, native: Any) -> bytes:
        data: bytes = native.SerializeToString()
        return data

    def decode(self, data: bytes) -> Any:
        return self.mapping.module.Payload.FromString(data)

    def reader(self, path: str) -> Reader:
        get = operator.attrgetter(path)
        unwrap = self.mapping.unwrap
        return lambda record: get(unwrap(record))


@dataclass
class DocumentCodec(WholeDocument):
    """A google_message document: one payload of `message`, its fixture as canonical text."""

    message: Any

    def native(self, tree: Any) -> Any:
        from google.protobuf import text_format

        return text_format.Parse(tree, self.message())

    def to_tree(self, native: Any) -> Any:
        return protobuf_documents.canonical(native)

    def encode(self, native: Any) -> bytes:
        data: bytes = native.SerializeToString()
        return data

    def decode(self, data: bytes) -> Any:
        return self.message.FromString(data)


@dataclass(frozen=True)
class ProtobufLibrary:
    variant: str  # the backend: "upb" or "python"
    lib: str = "protobuf"
    distribution: str = "protobuf"
    import_module: str = "google.protobuf"
    home: str = "https://protobuf.dev/"
    format: str = "protobuf"
    capabilities: frozenset[Capability] = frozenset({Capability.CODEGEN})
    unsupported: tuple[tuple[str, str], ...] = ()
    env: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.env[BACKEND_ENV] = self.variant

    @property
    def lazy(self) -> tuple[tuple[str, str], ...]:
        if self.variant != "upb":
            return ()
        why = "upb parses into C structures; Python wrappers are created when fields are accessed"
        return (("decode", why), ("roundtrip", why))

    @property
    def version(self) -> str:
        return version(self.distribution)

    def supports(self, source: Source) -> str | None:
        if source.proto is not None:
            return None
        if self.format == "json":
            return "protobuf JSON: only a user's document with its .proto (runner mine --proto)"
        if source.schema or source.format == "protobuf":
            return None
        return "no .proto schema for this document"

    def codec(self, source: Source) -> Codec:
        from google.protobuf.internal import api_implementation

        active = api_implementation.Type()
        if active != self.variant:  # the environment did not select this backend
            raise RuntimeError(f"protobuf backend is {active!r}, expected {self.variant!r}")
        if source.proto is not None:
            many = source.raw(1).lstrip()[:1] == b"["
            return UserMessageCodec(message_class(source.proto), self.format == "json", many)
        if source.format == "protobuf":
            return DocumentCodec(protobuf_documents.unwrap(source.raw(1))[0])
        return ProtobufCodec(*both_sides(ProtobufMapping, source.name, source.schema))
