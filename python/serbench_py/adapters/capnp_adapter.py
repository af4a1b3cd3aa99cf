"""Cap'n Proto (pycapnp), loading schemas/<dataset>/<dataset>.capnp at run time.

encode returns the bytes of a message builder filled untimed (the builder
already holds the wire layout: lazy); decode returns a reader over the bytes
(fields are read on access: lazy); convert goes domain model -> builder ->
domain model (every field written and read back). access_full materializes
the reader with to_dict() and reads from the dicts; access_lazy reads a few
fields in place through the reader.
"""

import functools
import operator
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from serbench_py import fixtures
from serbench_py.adapter import Capability, Reader, chain, read_all, version
from serbench_py.idl import Mapping, ModelSide
from serbench_py.schema import STR, Enum, Scalar, Timestamp, Type, Union
from serbench_py.sources import Source
from serbench_py.typed import domain_model


def _camel(name: str) -> str:
    head, *rest = name.lower().split("_")
    return head + "".join(part.title() for part in rest)


class CapnpMapping(Mapping):
    """Messages as the dicts pycapnp builds from and to_dict() returns."""

    def new(self, record: str, values: dict[str, Any]) -> Any:
        return values

    def name(self, field: str) -> str:
        return _camel(field)

    def get(self, obj: Any, field: str) -> Any:
        value = obj[_camel(field)]
        # Optional scalars are a union {none, value}.
        return value["value"] if isinstance(value, dict) and "value" in value else value

    def present(self, obj: Any, field: str) -> bool:
        value = obj.get(_camel(field))
        return value is not None and not (isinstance(value, dict) and "none" in value)

    def optional_out(self, kind: Type, value: Any) -> Any:
        # In the schemas an optional Text is a pointer (null when absent); an optional
        # timestamp or number is a union {none, value} (found adding a dataset with an
        # optional double: only timestamps were wrapped).
        return {"value": value} if isinstance(kind, Timestamp | Scalar) and kind != STR else value

    def put_union(
        self, values: dict[str, Any], field: str, union: Union, tag: str, member: Any
    ) -> None:
        values[_camel(field)] = {tag: member}

    def get_union(self, obj: Any, field: str, union: Union) -> tuple[str, Any]:
        group = obj if union.wrapper else obj[_camel(field)]
        ((tag, member),) = group.items()
        return tag, member

    def enum_out(self, kind: Enum, name: str) -> Any:
        return _camel(name)  # enumerants are camelCase names

    def enum_in(self, kind: Enum, value: Any) -> str:
        return {_camel(v): v for v in kind.values}[value]

    def value_out(self, kind: Type, value: Any) -> Any:
        if isinstance(kind, Union) and kind.wrapper is not None:
            values: dict[str, Any] = {}
            tag = self.side.tag(value)
            self.put_union(values, kind.field, kind, tag, self._member_out(kind, value))
            return values[_camel(kind.field)]
        return super().value_out(kind, value)


@functools.cache
def _load(path: str) -> Any:
    import capnp

    # Schemas import /capnp/c++.capnp, which pycapnp ships beside its package.
    return capnp.load(path, imports=[os.path.dirname(os.path.dirname(capnp.__file__))])


def _dicts(message: Any) -> Any:
    """A builder or reader as the dicts CapnpMapping reads (every field read);
    dicts (decode_full's result) as they are."""
    return message if isinstance(message, dict) else message.to_dict()


@dataclass
class CapnpCodec:
    mapping: CapnpMapping
    module: Any
    domain: CapnpMapping  # the same mapping, to and from the domain model

    def native(self, tree: Any) -> Any:
        return self.module.Payload.new_message(**self.mapping.payload(tree))

    def to_tree(self, native: Any) -> Any:
        return self.mapping.payload_tree(_dicts(native))

    def convert(self, model: Any) -> Any:
        builder = self.module.Payload.new_message(**self.domain.payload(model))
        return self.domain.payload_tree(_dicts(builder))

    def encode(self, native: Any) -> bytes:
        data: bytes = native.to_bytes()
        # pycapnp warns on every later to_bytes() of the same builder unless told
        # this write was deliberate (the warning would be timed, not the encode).
        native.clear_write_flag()
        return data

    def decode(self, data: bytes) -> Any:
        # Closing from_bytes() releases only a borrowed buffer view: a reader of a
        # `bytes` payload pins the bytes and stays valid after the block.
        with self.module.Payload.from_bytes(data) as message:
            return message

    def decode_full(self, data: bytes) -> Any:
        """Every field of the payload read (what a reader-only decode defers)."""
        return _dicts(self.decode(data))

    def records(self, native: Any) -> Sequence[Any]:
        """A decoded payload's records, materialized (access_full reads dicts)."""
        records: Sequence[Any] = _dicts(native)["records"]
        return records

    def reader(self, path: str) -> Reader:
        steps = [operator.itemgetter(_camel(p)) for p in path.split(".")]
        return chain([self._unwrap, *steps])

    def lazy_reader(self, path: str) -> Reader:
        steps = [operator.attrgetter(_camel(p)) for p in path.split(".")]
        return chain([self._lazy_unwrap, *steps])

    def read_lazily(self, data: bytes, readers: Sequence[Reader]) -> list[object]:
        with self.module.Payload.from_bytes(data) as message:
            return read_all(message.records, readers)

    def _unwrap(self, record: Any) -> Any:
        return self.mapping.unwrap(record)

    def _lazy_unwrap(self, record: Any) -> Any:
        root = self.mapping.dataset.root
        if isinstance(root, Union) and root.wrapper is not None:
            return getattr(record, record.which())
        return record


_LAZY_ENCODE = "the builder already holds the message in wire layout: to_bytes() copies it"
_LAZY_DECODE = "a reader over the bytes: fields are decoded when accessed"


@dataclass(frozen=True)
class CapnpLibrary:
    lib: str = "pycapnp"
    distribution: str = "pycapnp"
    import_module: str = "capnp"
    home: str = "https://capnproto.github.io/pycapnp/"
    format: str = "capnp"
    variant: str | None = None
    capabilities: frozenset[Capability] = frozenset({Capability.CODEGEN, Capability.ZERO_COPY})
    unsupported: tuple[tuple[str, str], ...] = ()
    env: dict[str, str] = field(default_factory=dict)
    lazy: tuple[tuple[str, str], ...] = (
        ("encode", _LAZY_ENCODE),
        ("decode", _LAZY_DECODE),
        ("roundtrip", f"{_LAZY_ENCODE}; {_LAZY_DECODE}"),
    )

    @property
    def version(self) -> str:
        return version(self.distribution)

    def supports(self, source: Source) -> str | None:
        return None if source.schema else "no .capnp schema for this document"

    def codec(self, source: Source) -> CapnpCodec:
        assert source.schema is not None
        path = fixtures.runfile(f"schemas/{source.name}/{source.name}.capnp")
        domain = CapnpMapping(source.schema, ModelSide(domain_model(source.schema)))
        return CapnpCodec(CapnpMapping(source.schema), _load(str(path)), domain)
