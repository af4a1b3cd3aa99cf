"""Conversion between the canonical JSON tree and generated IDL objects.

Protobuf messages, FlatBuffers object-API classes and Cap'n Proto builders all
follow the contract of schemas/README.md: timestamps are int64 microseconds,
enums are ordinals, unions are a oneof / union. One walker over the dataset's
description does the conversion; a Mapping subclass supplies what differs
(class lookup, field names, union and presence conventions).
"""

from typing import Any

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

BYTES = Scalar("uint8")  # a list of these is `bytes` in protobuf and Cap'n Proto


class Mapping:
    """The generated classes of one dataset in one IDL."""

    def __init__(self, dataset: Dataset) -> None:
        self.dataset = dataset

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

    # The walker.
    def payload(self, tree: Any) -> Any:
        root = self.dataset.root
        return self.new("Payload", {"records": [self.value_out(root, r) for r in tree["records"]]})

    def payload_tree(self, payload: Any) -> dict[str, Any]:
        root = self.dataset.root
        return {"records": [self.value_in(root, r) for r in self.get(payload, "records")]}

    def record_out(self, record: Record, tree: dict[str, Any]) -> Any:
        values: dict[str, Any] = {}
        for field in record.fields:
            kind = field.type
            if isinstance(kind, Optional):
                if field.name in tree:
                    value = self.value_out(kind.item, tree[field.name])
                    values[self.name(field.name)] = self.optional_out(kind.item, value)
            elif isinstance(kind, Union) and kind.wrapper is None:
                member = tree[field.name]
                self.put_union(
                    values, field.name, kind, member[TAG], self._member_out(kind, member)
                )
            else:
                values[self.name(field.name)] = self.value_out(kind, tree[field.name])
        return self.new(record.name, values)

    def record_in(self, record: Record, obj: Any) -> dict[str, Any]:
        tree: dict[str, Any] = {}
        for field in record.fields:
            kind = field.type
            if isinstance(kind, Optional):
                if not self.present(obj, field.name):
                    continue
                kind = kind.item
            if isinstance(kind, Union) and kind.wrapper is None:
                tree[field.name] = self._member_in(kind, *self.get_union(obj, field.name, kind))
            else:
                tree[field.name] = self.value_in(kind, self.get(obj, field.name))
        return tree

    def _member_out(self, union: Union, member: dict[str, Any]) -> Any:
        return self.record_out(self.dataset.record(union.record_of(member[TAG])), member)

    def _member_in(self, union: Union, tag: str, obj: Any) -> dict[str, Any]:
        return {TAG: tag, **self.record_in(self.dataset.record(union.record_of(tag)), obj)}

    def value_out(self, kind: Type, value: Any) -> Any:
        if isinstance(kind, Timestamp):
            return to_micros(parse_timestamp(value))
        if isinstance(kind, Enum):
            return kind.values.index(value)
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
            self.put_union(values, kind.field, kind, value[TAG], self._member_out(kind, value))
            return self.new(kind.wrapper, values)
        return value

    def value_in(self, kind: Type, value: Any) -> Any:
        if isinstance(kind, Scalar):
            return self.text(value) if kind.kind == "str" else value
        if isinstance(kind, Timestamp):
            return format_timestamp(from_micros(value))
        if isinstance(kind, Enum):
            return kind.values[value]
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
