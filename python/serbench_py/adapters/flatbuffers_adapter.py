"""FlatBuffers with flatc's generated schemas.<dataset>.<dataset>_generated module.

encode packs object-API objects (PayloadT, built untimed) into a builder;
decode is the object API's full unpack into PayloadT (every field
materialized); convert goes domain model -> PayloadT -> domain model.
access_lazy reads a few fields in place through the generated accessors,
without unpacking.
"""

import operator
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from serbench_py.adapter import Capability, Reader, chain, read_all, version
from serbench_py.idl import GeneratedCodec, ModuleMapping, both_sides, pascal
from serbench_py.schema import List, Union
from serbench_py.sources import Source


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)


class FlatBuffersMapping(ModuleMapping):
    MODULE = "schemas.{name}.{name}_generated"
    SUFFIX = "T"  # the object-API classes

    def name(self, field: str) -> str:
        return _camel(field)

    def present(self, obj: Any, field: str) -> bool:
        return getattr(obj, _camel(field)) is not None

    def put_union(
        self, values: dict[str, Any], field: str, union: Union, tag: str, member: Any
    ) -> None:
        kinds = getattr(self.module, union.fbs_type)
        values[f"{_camel(field)}Type"] = getattr(kinds, union.record_of(tag))
        values[_camel(field)] = member

    def get_union(self, obj: Any, field: str, union: Union) -> tuple[str, Any]:
        kinds = getattr(self.module, union.fbs_type)
        kind = getattr(obj, f"{_camel(field)}Type")
        record = next(name for _, name in union.tags if getattr(kinds, name) == kind)
        return union.tag_of(record), getattr(obj, _camel(field))

    def text(self, value: Any) -> str:
        # Unpacked strings are raw UTF-8 bytes; objects built in Python hold str. An
        # absent string (None) reads as the schema's default, the empty string.
        return "" if value is None else str(_read_text(value))

    def bytes_out(self, values: list[int]) -> Any:
        return values

    def bytes_in(self, value: Any) -> list[int]:
        return _plain(value)

    def value_in(self, kind: Any, value: Any) -> Any:
        # Writers may leave an empty vector out (flatc's C++ Pack does): the object API
        # unpacks it as None, which the schema reads as an empty vector.
        if value is None and isinstance(kind, List):
            return super().value_in(kind, [])
        # With numpy installed, unpacked scalar vectors are numpy arrays.
        return super().value_in(kind, _plain(value) if hasattr(value, "tolist") else value)


def _plain(value: Any) -> list[Any]:
    return list(value.tolist()) if hasattr(value, "tolist") else list(value)


class _LazyRecords(Sequence[Any]):
    """The records vector of a Payload read in place: a record is built when indexed."""

    def __init__(self, root: Any) -> None:
        self._root = root

    def __len__(self) -> int:
        return int(self._root.RecordsLength())

    def __getitem__(self, index: Any) -> Any:
        if not 0 <= index < len(self):
            raise IndexError(index)
        return self._root.Records(index)


def _read_text(value: Any) -> Any:
    return value.decode() if isinstance(value, bytes) else value


@dataclass
class FlatBuffersCodec(GeneratedCodec):
    def encode(self, native: Any) -> bytes:
        import flatbuffers

        builder = flatbuffers.Builder(1024)
        builder.Finish(native.Pack(builder))
        return bytes(builder.Output())

    def decode(self, data: bytes) -> Any:
        return self.mapping.module.PayloadT.InitFromPackedBuf(data, 0)

    def reader(self, path: str) -> Reader:
        get = operator.attrgetter(".".join(_camel(p) for p in path.split(".")))
        unwrap = self.mapping.unwrap
        return lambda record: _read_text(get(unwrap(record)))

    def read_lazily(self, data: bytes, readers: Sequence[Reader]) -> list[object]:
        return read_all(_LazyRecords(self.mapping.module.Payload.GetRootAs(data, 0)), readers)

    def lazy_reader(self, path: str) -> Reader:
        calls = [operator.methodcaller(pascal(p)) for p in path.split(".")]
        return chain([self._lazy_unwrap, *calls, _read_text])

    def _lazy_unwrap(self, record: Any) -> Any:
        """filetree's records are Node tables: the member is read through its union table."""
        root = self.mapping.dataset.root
        if not isinstance(root, Union) or root.wrapper is None:
            return record
        kinds = getattr(self.mapping.module, root.fbs_type)
        kind = getattr(record, f"{pascal(root.field)}Type")()
        name = next(name for _, name in root.tags if getattr(kinds, name) == kind)
        table = getattr(record, pascal(root.field))()
        member = getattr(self.mapping.module, name)()
        member.Init(table.Bytes, table.Pos)
        return member


@dataclass(frozen=True)
class FlatBuffersLibrary:
    lib: str = "flatbuffers"
    distribution: str = "flatbuffers"
    import_module: str = "flatbuffers"
    home: str = "https://flatbuffers.dev/"
    format: str = "flatbuffers"
    variant: str | None = None
    capabilities: frozenset[Capability] = frozenset({Capability.CODEGEN, Capability.ZERO_COPY})
    unsupported: tuple[tuple[str, str], ...] = ()
    env: dict[str, str] = field(default_factory=dict)
    lazy: tuple[tuple[str, str], ...] = ()  # decode is the full object-API unpack

    @property
    def version(self) -> str:
        return version(self.distribution)

    def supports(self, source: Source) -> str | None:
        return None if source.schema else "no .fbs schema for this document"

    def codec(self, source: Source) -> FlatBuffersCodec:
        return FlatBuffersCodec(*both_sides(FlatBuffersMapping, source.name, source.schema))
