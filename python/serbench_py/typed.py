"""Typed classes for every dataset, built from its one description.

A Flavor builds one library's kind of class (msgspec Struct, pydantic model,
dataclass, attrs class). Classes of one (flavor, dataset) live in a module of
their own, so string annotations (the recursive filetree Node) resolve in it.
TypedModel converts the canonical tree to instances and back, untimed.
"""

import dataclasses
import enum
import functools
import sys
import types
import typing
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, Protocol

from serbench_py.schema import (
    TAG,
    Dataset,
    Enum,
    List,
    Map,
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


@dataclass(frozen=True)
class Slot:
    """One field of a class to build: its annotation, and whether None is its default."""

    name: str
    annotation: Any
    optional: bool


class Flavor(Protocol):
    @property
    def tuples(self) -> bool:
        """Lists declared as tuple[T, ...] (as msgspec's large-JSON benchmark declares them)."""

    def record(self, name: str, slots: list[Slot], tag: str | None, module: str) -> type:
        """A class with `slots`; `tag` names its union member ("type" value), if any."""

    def union(self, members: tuple[Any, ...]) -> Any:
        """The annotation of a union of member classes (or their names)."""

    def finish(self, classes: dict[str, Any], namespace: dict[str, Any]) -> None:
        """Resolves string annotations once every class exists."""


def member_name(record: str) -> str:
    """The class of a record as a union member: the only one that writes the tag, so the
    record elsewhere (game's Weapon in a list and as the equipped union) writes the fixture's
    object, without a "type" key the fixture does not have there."""
    return f"{record}Member"


def tag_literal(tag: str) -> Any:
    """The annotation of a union member's "type" field, for libraries without tag support."""
    return Literal[tag]


_ENUMS = types.ModuleType("_serbench_typed_enums")
sys.modules[_ENUMS.__name__] = _ENUMS  # some libraries import a type's module to find it


@functools.cache
def enum_class(kind: Enum) -> type[enum.Enum]:
    """A Python Enum whose values are the canonical names (shared by every flavor)."""
    cls = enum.Enum(kind.name, [(value, value) for value in kind.values], module=_ENUMS.__name__)  # type: ignore[misc]
    setattr(_ENUMS, kind.name, cls)
    return cls


class DataclassFlavor:
    """Plain stdlib dataclasses: mashumaro's classes, and the suite's domain model."""

    tuples = False

    def record(self, name: str, slots: list[Slot], tag: str | None, module: str) -> type:
        fields: list[tuple[Any, ...]] = [
            (s.name, s.annotation, dataclasses.field(default=None))
            if s.optional
            else (s.name, s.annotation)
            for s in slots
        ]
        if tag:
            fields.append((TAG, tag_literal(tag), dataclasses.field(default=tag)))
        cls = dataclasses.make_dataclass(name, fields, kw_only=True)
        cls.__module__ = module
        return cls

    def union(self, members: tuple[Any, ...]) -> Any:
        return typing.Union[members]  # noqa: UP007 (a runtime-built union)

    def finish(self, classes: dict[str, Any], namespace: dict[str, Any]) -> None:
        """Type hints resolve from the class's module when a codec is built."""


class TypedModel:
    """One dataset's classes in one flavor, and tree <-> instance conversion."""

    def __init__(self, dataset: Dataset, flavor: Flavor, flavor_name: str) -> None:
        self.dataset = dataset
        name = f"_serbench_typed_{flavor_name}_{dataset.name}"
        module = types.ModuleType(name)
        sys.modules[name] = module  # typing.get_type_hints looks classes up here
        self.namespace: dict[str, Any] = module.__dict__
        self.classes: dict[str, Any] = {}
        self._tags: dict[str, str] = {
            record: tag for union in dataset.unions for tag, record in union.tags
        }
        for record in dataset.records:
            slots = self._slots(record, flavor)
            self._add(flavor.record(record.name, slots, None, name))
            tag = self._tags.get(record.name)
            if tag:
                self._add(flavor.record(member_name(record.name), slots, tag, name))
        for union in dataset.unions:
            self.namespace[union.name] = self._annotation(union, flavor)
        top = dataset.payload
        self.payload = flavor.record(top.name, self._slots(top, flavor), None, name)
        self._add(self.payload)
        flavor.finish(self.classes, self.namespace)
        self._tag_of = {
            self.classes[member_name(record)]: tag for record, tag in self._tags.items()
        }

    def _add(self, cls: type) -> None:
        self.classes[cls.__name__] = self.namespace[cls.__name__] = cls

    def tag_of(self, member: Any) -> str:
        """The union tag of a union member instance."""
        return self._tag_of[type(member)]

    def new(self, record: str, values: dict[str, Any], member: bool = False) -> Any:
        """An instance of the record's class, or of its union member class."""
        return self.classes[member_name(record) if member else record](**values)

    def _slots(self, record: Record, flavor: Flavor) -> list[Slot]:
        slots = []
        for field in record.fields:
            kind = field.type
            optional = isinstance(kind, Optional)
            inner = kind.item if isinstance(kind, Optional) else kind
            annotation = self._annotation(inner, flavor)
            slots.append(Slot(field.name, annotation | None if optional else annotation, optional))
        return slots

    def _annotation(self, kind: Type, flavor: Flavor) -> Any:
        if isinstance(kind, Scalar):
            return kind.python
        if isinstance(kind, Timestamp):
            return datetime
        if isinstance(kind, Enum):
            return enum_class(kind)
        if isinstance(kind, Ref):
            return self.classes.get(kind.name, kind.name)  # not built yet: by name
        if isinstance(kind, List):
            item = self._annotation(kind.item, flavor)
            if flavor.tuples:
                return types.GenericAlias(tuple, (item, ...))
            return types.GenericAlias(list, (item,))
        if isinstance(kind, Map):
            return types.GenericAlias(dict, (str, self._annotation(kind.item, flavor)))
        if isinstance(kind, Union):
            members = [member_name(record) for _, record in kind.tags]
            if not all(m in self.classes for m in members):
                return kind.name  # recursive: resolved from the module by name
            return flavor.union(tuple(self.classes[m] for m in members))
        raise TypeError(kind)

    # Tree -> instances.
    def native(self, tree: Any) -> Any:
        return self._record_out(self.dataset.payload, tree)

    def _record_out(self, record: Record, tree: dict[str, Any], member: bool = False) -> Any:
        values = {
            f.name: self._value_out(f.type, tree[f.name]) for f in record.fields if f.name in tree
        }
        return self.new(record.name, values, member)

    def _value_out(self, kind: Type, value: Any) -> Any:
        if isinstance(kind, Optional):
            return self._value_out(kind.item, value)
        if isinstance(kind, Timestamp):
            return parse_timestamp(value)
        if isinstance(kind, Enum):
            return enum_class(kind)(value)
        if isinstance(kind, Ref):
            return self._record_out(self.dataset.record(kind.name), value)
        if isinstance(kind, Union):
            return self._record_out(
                self.dataset.record(kind.record_of(value[TAG])), value, member=True
            )
        if isinstance(kind, List):
            if isinstance(kind.item, Scalar):  # nothing to convert (metrics: 512k numbers)
                return list(value)
            return [self._value_out(kind.item, item) for item in value]
        if isinstance(kind, Map):
            return {key: self._value_out(kind.item, item) for key, item in value.items()}
        return value

    # Instances -> tree.
    def to_tree(self, native: Any) -> Any:
        return self._record_in(self.dataset.payload, native)

    def _record_in(self, record: Record, obj: Any) -> dict[str, Any]:
        tree = {}
        for field in record.fields:
            value = getattr(obj, field.name)
            if isinstance(field.type, Optional) and value is None:
                continue
            tree[field.name] = self._value_in(field.type, value)
        return tree

    def _value_in(self, kind: Type, value: Any) -> Any:
        if isinstance(kind, Optional):
            return self._value_in(kind.item, value)
        if isinstance(kind, Timestamp):
            if not isinstance(value, datetime) or value.tzinfo is None:
                raise TypeError(f"expected an aware datetime, got {value!r}")
            return format_timestamp(value)
        if isinstance(kind, Enum):
            if not isinstance(value, enum_class(kind)):
                raise TypeError(f"expected a {kind.name} member, got {value!r}")
            return value.value
        if isinstance(kind, Ref):
            return self._record_in(self.dataset.record(kind.name), value)
        if isinstance(kind, Union):
            tag = self.tag_of(value)
            return {TAG: tag, **self._record_in(self.dataset.record(kind.record_of(tag)), value)}
        if isinstance(kind, List):
            if isinstance(kind.item, Scalar):  # the repr() comparison checks the items
                return list(value)
            return [self._value_in(kind.item, item) for item in value]
        if isinstance(kind, Map):
            return {key: self._value_in(kind.item, item) for key, item in value.items()}
        return value

    def records(self, native: Any) -> Sequence[Any]:
        records: Sequence[Any] = native.records
        return records


@functools.cache
def domain_model(dataset: Dataset) -> TypedModel:
    """The suite's domain model of a dataset: stdlib dataclasses (the `convert` op's
    starting point and result for the code-generated formats)."""
    return TypedModel(dataset, DataclassFlavor(), "domain")
