"""fastavro with Avro schemas generated from the dataset description (Python only).

Timestamps are Avro's timestamp-micros (aware datetimes), enums Avro enums,
optional fields ["null", T] unions, and tagged unions Avro unions of records,
written and read in fastavro's (record name, record) tuple notation.
"""

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from serbench_py.adapter import Capability, Reader, item_reader, version
from serbench_py.schema import (
    TAG,
    Dataset,
    Enum,
    List,
    Optional,
    Record,
    Ref,
    Scalar,
    Timestamp,
    Type,
    Union,
    format_timestamp,
    parse_timestamp,
)
from serbench_py.sources import Source

_PRIMITIVE = {"str": "string", "bool": "boolean", "float32": "float", "float64": "double"}


class AvroSchema:
    """The Avro schema of one dataset's Payload; named types are defined on first use."""

    def __init__(self, dataset: Dataset) -> None:
        self.dataset = dataset
        self._defined: set[str] = set()
        self.root = {
            "type": "record",
            "name": "Payload",
            "fields": [
                {"name": "records", "type": {"type": "array", "items": self.of(dataset.root)}}
            ],
        }

    def of(self, kind: Type) -> Any:
        if isinstance(kind, Scalar):
            return _PRIMITIVE.get(kind.kind, "long")
        if isinstance(kind, Timestamp):
            return {"type": "long", "logicalType": "timestamp-micros"}
        if isinstance(kind, Enum):
            return self._named(kind.name, lambda: {"type": "enum", "symbols": list(kind.values)})
        if isinstance(kind, List):
            return {"type": "array", "items": self.of(kind.item)}
        if isinstance(kind, Optional):
            return ["null", self.of(kind.item)]
        if isinstance(kind, Ref):
            return self._record(self.dataset.record(kind.name))
        assert isinstance(kind, Union)
        return [self._record(self.dataset.record(name)) for _, name in kind.tags]

    def _record(self, record: Record) -> Any:
        def define() -> dict[str, Any]:
            fields = [{"name": f.name, "type": self.of(f.type)} for f in record.fields]
            return {"type": "record", "fields": fields}

        return self._named(record.name, define)

    def _named(self, name: str, define: Any) -> Any:
        if name in self._defined:
            return name
        self._defined.add(name)  # before defining: a recursive type refers to itself by name
        return {"name": name, **define()}


def _convert(dataset: Dataset, kind: Type, value: Any, outward: bool) -> Any:
    """Tree -> Avro datum (outward) or back: timestamps and absent optionals differ."""
    if isinstance(kind, Timestamp):
        return parse_timestamp(value) if outward else format_timestamp(value)
    if isinstance(kind, List):
        if isinstance(kind.item, Scalar):
            return list(value)
        return [_convert(dataset, kind.item, item, outward) for item in value]
    if isinstance(kind, Ref):
        return _record(dataset, kind.name, value, outward)
    if isinstance(kind, Union):
        if outward:
            name = kind.record_of(value[TAG])
            return name, _record(dataset, name, value, outward)
        name, record = value
        return {TAG: kind.tag_of(name), **_record(dataset, name, record, outward)}
    if isinstance(kind, Optional):
        return _convert(dataset, kind.item, value, outward)
    return value


def _record(dataset: Dataset, name: str, value: Any, outward: bool) -> dict[str, Any]:
    return {
        f.name: _convert(dataset, f.type, value[f.name], outward)
        for f in dataset.record(name).fields
        if value.get(f.name) is not None
    }


@dataclass
class AvroCodec:
    dataset: Dataset
    schema: Any

    def native(self, tree: Any) -> Any:
        return {
            "records": [_convert(self.dataset, self.dataset.root, r, True) for r in tree["records"]]
        }

    def to_tree(self, native: Any) -> Any:
        return {
            "records": [
                _convert(self.dataset, self.dataset.root, r, False) for r in native["records"]
            ]
        }

    def encode(self, native: Any) -> bytes:
        from fastavro import schemaless_writer

        out = io.BytesIO()
        schemaless_writer(out, self.schema, native)
        return out.getvalue()

    def decode(self, data: bytes) -> Any:
        from fastavro import schemaless_reader

        return schemaless_reader(
            io.BytesIO(data),
            self.schema,
            None,
            return_record_name=True,  # tells union members apart, as the tag does
            return_record_name_override=True,  # but not for ["null", T]
        )

    def records(self, native: Any) -> Sequence[Any]:
        records: Sequence[Any] = native["records"]
        return records

    def reader(self, path: str) -> Reader:
        read = item_reader(path)
        # Records that are union members come as (record name, record) pairs.
        return lambda record: read(record[1] if isinstance(record, tuple) else record)


@dataclass(frozen=True)
class AvroLibrary:
    lib: str = "fastavro"
    distribution: str = "fastavro"
    import_module: str = "fastavro"
    home: str = "https://fastavro.readthedocs.io/"
    format: str = "avro"
    variant: str | None = None
    capabilities: frozenset[Capability] = frozenset({Capability.CODEGEN})
    unsupported: tuple[tuple[str, str], ...] = ()
    env: dict[str, str] = field(default_factory=dict)
    lazy: tuple[tuple[str, str], ...] = ()  # every op materializes its result

    @property
    def version(self) -> str:
        return version(self.distribution)

    def supports(self, source: Source) -> str | None:
        return None if source.schema else "Avro needs a record schema"

    def codec(self, source: Source) -> AvroCodec:
        from fastavro import parse_schema

        assert source.schema is not None
        return AvroCodec(source.schema, parse_schema(AvroSchema(source.schema).root))
