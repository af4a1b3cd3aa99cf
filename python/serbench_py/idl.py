"""Conversion between generated IDL objects and the suite's own representations.

Protobuf messages, FlatBuffers object-API classes and Cap'n Proto builders all
follow the contract of schemas/README.md: timestamps are int64 microseconds,
enums are ordinals, unions are a oneof / union. One walker over the dataset's
description does the conversion; a Mapping subclass supplies what differs
(class lookup, field names, union and presence conventions), and a Side the
other end: the canonical JSON tree (round-trip checks, untimed) or the domain
model's dataclasses (the timed `convert` op).
"""

import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

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
    from_micros,
    parse_timestamp,
    to_micros,
)
from serbench_py.typed import TypedModel, domain_model, enum_class

BYTES = Scalar("uint8")  # a list of these is `bytes` in protobuf and Cap'n Proto


class TreeSide:
    """The canonical JSON tree: dicts with a "type" tag in union members."""

    def has(self, obj: Any, field: str) -> bool:
        return field in obj

    def get(self, obj: Any, field: str) -> Any:
        return obj[field]

    def tag(self, member: Any) -> str:
        return str(member[TAG])

    def micros(self, value: Any) -> int:
        return to_micros(parse_timestamp(value))

    def timestamp(self, micros: int) -> Any:
        return format_timestamp(from_micros(micros))

    def enum_name(self, value: Any) -> str:
        return str(value)

    def enum(self, kind: Enum, name: str) -> Any:
        return name

    def record(self, record: Record, values: dict[str, Any], tag: str | None) -> Any:
        return {TAG: tag, **values} if tag else values


class ModelSide:
    """The domain model: dataclass instances, aware datetimes, Python Enums."""

    def __init__(self, model: TypedModel) -> None:
        self.model = model

    def has(self, obj: Any, field: str) -> bool:
        return getattr(obj, field) is not None

    def get(self, obj: Any, field: str) -> Any:
        return getattr(obj, field)

    def tag(self, member: Any) -> str:
        return self.model.tag_of(member)

    def micros(self, value: Any) -> int:
        return to_micros(value)

    def timestamp(self, micros: int) -> Any:
        return from_micros(micros)

    def enum_name(self, value: Any) -> str:
        return str(value.value)

    def enum(self, kind: Enum, name: str) -> Any:
        return enum_class(kind)(name)

    def record(self, record: Record, values: dict[str, Any], tag: str | None) -> Any:
        return self.model.new(record.name, values, member=tag is not None)


Side = TreeSide | ModelSide
TREE = TreeSide()


class Mapping:
    """The generated classes of one dataset in one IDL."""

    def __init__(self, dataset: Dataset, side: Side = TREE) -> None:
        self.dataset = dataset
        self.side = side

    # What each IDL defines.
    def new(self, record: str, values: dict[str, Any]) -> Any:
        raise NotImplementedError

    def name(self, field: str) -> str:
        return field

    def present(self, obj: Any, field: str) -> bool:
        raise NotImplementedError

    def put_union(
        self, values: dict[str, Any], field: str, union: Union, tag: str, member: Any
    ) -> None:
        raise NotImplementedError

    def get_union(self, obj: Any, field: str, union: Union) -> tuple[str, Any]:
        raise NotImplementedError

    def get(self, obj: Any, field: str) -> Any:
        return getattr(obj, self.name(field))

    def optional_out(self, kind: Type, value: Any) -> Any:
        """An optional field's value as set (Cap'n Proto wraps optional scalars in a union)."""
        return value

    def text(self, value: Any) -> str:
        return str(value)

    def bytes_out(self, values: list[int]) -> Any:
        return bytes(values)

    def bytes_in(self, value: Any) -> list[int]:
        return list(value)

    def enum_out(self, kind: Enum, name: str) -> Any:
        return kind.values.index(name)

    def enum_in(self, kind: Enum, value: Any) -> str:
        name: str = kind.values[value]
        return name

    # The walker: `out` goes from the side's objects to generated ones, `in` back.
    def payload(self, obj: Any) -> Any:
        root = self.dataset.root
        records = self.side.get(obj, "records")
        return self.new("Payload", {"records": [self.value_out(root, r) for r in records]})

    def payload_tree(self, payload: Any) -> Any:
        """The generated payload as the side's objects (a tree, or the domain model)."""
        root = self.dataset.root
        records = [self.value_in(root, r) for r in self.get(payload, "records")]
        return self.side.record(self.dataset.payload, {"records": records}, None)

    def record_out(self, record: Record, obj: Any) -> Any:
        side = self.side
        values: dict[str, Any] = {}
        for field in record.fields:
            kind = field.type
            if isinstance(kind, Optional):
                if side.has(obj, field.name):
                    value = self.value_out(kind.item, side.get(obj, field.name))
                    values[self.name(field.name)] = self.optional_out(kind.item, value)
            elif isinstance(kind, Union) and kind.wrapper is None:
                member = side.get(obj, field.name)
                self.put_union(
                    values, field.name, kind, side.tag(member), self._member_out(kind, member)
                )
            else:
                values[self.name(field.name)] = self.value_out(kind, side.get(obj, field.name))
        return self.new(record.name, values)

    def record_in(self, record: Record, obj: Any, tag: str | None = None) -> Any:
        values: dict[str, Any] = {}
        for field in record.fields:
            kind = field.type
            if isinstance(kind, Optional):
                if not self.present(obj, field.name):
                    continue
                kind = kind.item
            if isinstance(kind, Union) and kind.wrapper is None:
                values[field.name] = self._member_in(kind, *self.get_union(obj, field.name, kind))
            else:
                values[field.name] = self.value_in(kind, self.get(obj, field.name))
        return self.side.record(record, values, tag)

    def _member_out(self, union: Union, member: Any) -> Any:
        record = self.dataset.record(union.record_of(self.side.tag(member)))
        return self.record_out(record, member)

    def _member_in(self, union: Union, tag: str, obj: Any) -> Any:
        return self.record_in(self.dataset.record(union.record_of(tag)), obj, tag)

    def value_out(self, kind: Type, value: Any) -> Any:
        if isinstance(kind, Timestamp):
            return self.side.micros(value)
        if isinstance(kind, Enum):
            return self.enum_out(kind, self.side.enum_name(value))
        if isinstance(kind, Ref):
            return self.record_out(self.dataset.record(kind.name), value)
        if isinstance(kind, List):
            if kind.item == BYTES:
                return self.bytes_out(value)
            if isinstance(kind.item, Scalar):  # scalars go out as they are
                return list(value)
            return [self.value_out(kind.item, item) for item in value]
        if isinstance(kind, Union):  # a wrapper message/table holding the union
            assert kind.wrapper is not None
            values: dict[str, Any] = {}
            tag = self.side.tag(value)
            self.put_union(values, kind.field, kind, tag, self._member_out(kind, value))
            return self.new(kind.wrapper, values)
        return value

    def value_in(self, kind: Type, value: Any) -> Any:
        if isinstance(kind, Scalar):
            return self.text(value) if kind.kind == "str" else value
        if isinstance(kind, Timestamp):
            return self.side.timestamp(value)
        if isinstance(kind, Enum):
            return self.side.enum(kind, self.enum_in(kind, value))
        if isinstance(kind, Ref):
            return self.record_in(self.dataset.record(kind.name), value)
        if isinstance(kind, List):
            if kind.item == BYTES:
                return self.bytes_in(value)
            if isinstance(kind.item, Scalar) and kind.item.kind != "str":
                return list(value)  # numbers come back as they are
            return [self.value_in(kind.item, item) for item in value]
        assert isinstance(kind, Union) and kind.wrapper is not None, kind
        return self._member_in(kind, *self.get_union(value, kind.field, kind))

    def unwrap(self, obj: Any) -> Any:
        """A record's union member when records are wrapped unions (filetree's Node)."""
        root = self.dataset.root
        if isinstance(root, Union) and root.wrapper is not None:
            return self.get_union(obj, root.field, root)[1]
        return obj


def pascal(name: str) -> str:
    """snake_case as PascalCase (generated class and accessor names)."""
    return "".join(part.title() for part in name.split("_"))


class ModuleMapping(Mapping):
    """A Mapping onto one generated Python module, `MODULE` with the dataset's name
    filled in; a record's class is the record's name plus `SUFFIX`."""

    MODULE = ""
    SUFFIX = ""

    def __init__(self, name: str, dataset: Dataset, side: Side = TREE) -> None:
        super().__init__(dataset, side)
        self.module = importlib.import_module(self.MODULE.format(name=name))

    def new(self, record: str, values: dict[str, Any]) -> Any:
        return getattr(self.module, record + self.SUFFIX)(**values)


_M = TypeVar("_M", bound=ModuleMapping)


def both_sides(cls: type[_M], name: str, dataset: Dataset | None) -> tuple[_M, _M]:
    """The mapping to and from the canonical tree, and to and from the domain model."""
    assert dataset is not None, name
    return cls(name, dataset), cls(name, dataset, ModelSide(domain_model(dataset)))


@dataclass
class GeneratedCodec:
    """What the codecs over generated classes share: conversion from and to the tree
    (untimed), the timed `convert`, and a decoded payload's records."""

    mapping: ModuleMapping
    domain: ModuleMapping  # the same classes, to and from the domain model

    def native(self, tree: Any) -> Any:
        return self.mapping.payload(tree)

    def to_tree(self, native: Any) -> Any:
        return self.mapping.payload_tree(native)

    def convert(self, model: Any) -> Any:
        return self.domain.payload_tree(self.domain.payload(model))

    def records(self, native: Any) -> Sequence[Any]:
        records: Sequence[Any] = native.records
        return records
