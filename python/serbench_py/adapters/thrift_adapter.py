"""Apache Thrift: Debian's python3-thrift 0.17 (with its fastbinary C extension,
exposed through python/debian_thrift/) on the code Debian's thrift compiler
generates from schemas/<dataset>/<dataset>.thrift (serbench_thrift.<dataset>).

encode serializes a Payload struct built untimed (TSerialization with the
accelerated binary or compact protocol); decode reads the bytes into a new
Payload struct; convert goes domain model -> structs -> domain model.
"""

import operator
from dataclasses import dataclass, field
from typing import Any

from serbench_py.adapter import Capability, Reader, version
from serbench_py.idl import GeneratedCodec, ModuleMapping, both_sides, pascal
from serbench_py.schema import Union
from serbench_py.sources import Source


class ThriftMapping(ModuleMapping):
    MODULE = "serbench_thrift.{name}.ttypes"

    def present(self, obj: Any, field: str) -> bool:
        return getattr(obj, field) is not None

    def put_union(
        self, values: dict[str, Any], field: str, union: Union, tag: str, member: Any
    ) -> None:
        # A wrapped union (filetree's Node) is itself the Thrift union; a union field
        # holds a Thrift union named after it (game's `equipped`: Equipped).
        if union.wrapper:
            values[tag] = member
        else:
            values[field] = getattr(self.module, pascal(field))(**{tag: member})

    def get_union(self, obj: Any, field: str, union: Union) -> tuple[str, Any]:
        holder = obj if union.wrapper else getattr(obj, field)
        tag = next(tag for tag, _ in union.tags if getattr(holder, tag) is not None)
        return tag, getattr(holder, tag)


@dataclass
class ThriftCodec(GeneratedCodec):
    factory: Any  # the protocol factory (binary or compact, accelerated)
    # thrift.TSerialization, imported when the codec is made: an import inside encode or
    # decode would time a sys.modules lookup on every call.
    serialization: Any

    def encode(self, native: Any) -> bytes:
        data: bytes = self.serialization.serialize(native, self.factory)
        return data

    def decode(self, data: bytes) -> Any:
        return self.serialization.deserialize(self.mapping.module.Payload(), data, self.factory)

    def reader(self, path: str) -> Reader:
        get = operator.attrgetter(path)
        unwrap = self.mapping.unwrap
        return lambda record: get(unwrap(record))


def _factory(format_name: str) -> Any:
    from thrift.protocol import TBinaryProtocol, TCompactProtocol

    if format_name == "thrift_compact":
        return TCompactProtocol.TCompactProtocolAcceleratedFactory()
    return TBinaryProtocol.TBinaryProtocolAcceleratedFactory()


@dataclass(frozen=True)
class ThriftLibrary:
    format: str  # thrift_binary or thrift_compact
    variant: str | None  # None (binary) or "compact", the C++ and C# names
    lib: str = "thrift"
    distribution: str = "thrift"
    # Debian's python3-thrift, not a wheel: its egg-info lists no files to size, so its
    # import is not measured beside the locked wheels'.
    import_module: str = ""
    home: str = "https://thrift.apache.org/"
    capabilities: frozenset[Capability] = frozenset({Capability.CODEGEN})
    unsupported: tuple[tuple[str, str], ...] = ()
    env: dict[str, str] = field(default_factory=dict)
    lazy: tuple[tuple[str, str], ...] = ()  # decode builds every struct

    @property
    def version(self) -> str:
        return version(self.distribution)

    def supports(self, source: Source) -> str | None:
        return None if source.schema else "no .thrift schema for this document"

    def codec(self, source: Source) -> ThriftCodec:
        from thrift import TSerialization

        tree, domain = both_sides(ThriftMapping, source.name, source.schema)
        return ThriftCodec(tree, domain, _factory(self.format), TSerialization)
