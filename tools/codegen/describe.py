"""The dataset description every language's mapping generator reads: the
.proto schemas of the synthetic datasets, as one descriptor set (protoc
--descriptor_set_out), turned into datasets of messages, fields (their kinds,
repeated, proto3 optional, enums) and oneofs, plus the one thing the .proto
cannot say that more than one generator needs: which FlatBuffers types are
structs. Shapes no generator supports stop the build here. The catalog adds
each dataset's access fields (schemas/README.md), resolved here to fields
(`access`) for the generators that write the access operations."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from google.protobuf import descriptor_pb2

from schemas.catalog import catalog

_TYPE_MESSAGE = 11
_TYPE_STRING = 9
_TYPE_BYTES = 12
_TYPE_ENUM = 14
_LABEL_REPEATED = 3


@dataclass(frozen=True)
class Field:
    name: str
    kind: str  # scalar | string | bytes | message (enums are scalars)
    type_name: str  # the message's (or enum's) name
    repeated: bool
    optional: bool
    enum: bool = False  # an enum (kind scalar; type_name is the enum's name)


@dataclass(frozen=True)
class Oneof:
    name: str
    members: tuple[Field, ...]
    whole: bool  # the message is nothing but this oneof

    def member(self, field: Field) -> str:
        """The member's name in the twins: the proto name without `<oneof>_`."""
        return field.name.removeprefix(self.name + "_")


@dataclass(frozen=True)
class Message:
    name: str
    items: tuple[Field | Oneof, ...]  # in declaration order (a oneof where its first member is)

    @property
    def fields(self) -> tuple[Field, ...]:
        return tuple(x for x in self.items if isinstance(x, Field))

    @property
    def oneofs(self) -> tuple[Oneof, ...]:
        return tuple(x for x in self.items if isinstance(x, Oneof))


@dataclass(frozen=True)
class Dataset:
    name: str
    record: str
    messages: tuple[Message, ...]
    idl: dict[str, Path]  # suffix (proto, fbs, capnp, thrift) -> file
    access: tuple[str, ...] = ()  # the catalog's access paths, dotted from a record

    def message(self, name: str) -> Message:
        found = next((m for m in self.messages if m.name == name), None)
        if found is None:
            raise SystemExit(f"{self.name}: no message {name}")
        return found


@dataclass(frozen=True)
class Access:
    """What the access operations read of one record: per message the paths
    start from, one chain of fields per path. A record that is nothing but a
    oneof (filetree's Node) is read through whichever member is set: `union` is
    that oneof, and the paths start from each member's message."""

    union: Oneof | None
    chains: dict[str, tuple[tuple[Field, ...], ...]]  # start message -> chains


def access(d: Dataset) -> Access:
    record = d.message(d.record)
    whole = record.oneofs[0] if len(record.oneofs) == 1 and record.oneofs[0].whole else None
    starts = [f.type_name for f in whole.members] if whole else [record.name]
    if not d.access:
        raise SystemExit(f"{d.name}: the catalog names no access fields")
    return Access(whole, {s: tuple(_chain(d, s, p) for p in d.access) for s in starts})


def _chain(d: Dataset, start: str, path: str) -> tuple[Field, ...]:
    """The fields `path` steps through from message `start`: messages, then one value."""
    chain: list[Field] = []
    message = d.message(start)
    names = path.split(".")
    for i, name in enumerate(names):
        f = next((x for x in message.fields if x.name == name), None)
        why = (
            _refusal(f, last=i == len(names) - 1)
            if f
            else f"{message.name} has no field {name} (a oneof's members are not on paths)"
        )
        if f is None or why:
            raise SystemExit(f"{d.name}: access path {path}: {why}")
        chain.append(f)
        if f.kind == "message":
            message = d.message(f.type_name)
    return tuple(chain)


def _refusal(f: Field, last: bool) -> str:
    """Why a path may not step through `f` (empty: it may)."""
    if f.repeated or f.optional:
        return f"{f.name} is {'repeated' if f.repeated else 'optional'}: a path names one value"
    if f.kind == "bytes":
        return f"{f.name} is bytes"
    if last and f.kind == "message":
        return f"{f.name} is a message: a path ends at a value"
    if not last and f.kind != "message":
        return f"{f.name} is not a message"
    return ""


def field(f: descriptor_pb2.FieldDescriptorProto) -> Field:
    kind = {_TYPE_MESSAGE: "message", _TYPE_STRING: "string", _TYPE_BYTES: "bytes"}.get(f.type, "scalar")
    return Field(
        name=f.name,
        kind=kind,
        type_name=f.type_name.rsplit(".", 1)[-1],
        repeated=f.label == _LABEL_REPEATED,
        optional=f.proto3_optional,
        enum=f.type == _TYPE_ENUM,
    )


def message(m: descriptor_pb2.DescriptorProto) -> Message:
    def oneof(f: descriptor_pb2.FieldDescriptorProto) -> int | None:
        return f.oneof_index if f.HasField("oneof_index") and not f.proto3_optional else None

    real = {oneof(f) for f in m.field} - {None}
    items: list[Field | Oneof] = []
    for f in m.field:
        i = oneof(f)
        if i is None:
            items.append(field(f))
        elif not any(isinstance(x, Oneof) and x.name == m.oneof_decl[i].name for x in items):
            members = tuple(field(g) for g in m.field if oneof(g) == i)
            whole = len(real) == 1 and all(oneof(g) is not None for g in m.field)
            items.append(Oneof(name=m.oneof_decl[i].name, members=members, whole=whole))
    out = Message(m.name, tuple(items))
    for x in out.fields + tuple(y for o in out.oneofs for y in o.members):
        if x.optional and (x.repeated or x.kind in ("message", "bytes")):
            raise SystemExit(f"{m.name}.{x.name}: optional {x.kind} is not supported")
    for o in out.oneofs:
        if any(y.kind != "message" for y in o.members):
            raise SystemExit(f"{m.name}.{o.name}: oneof members must be messages")
    return out


def load(descriptors: Path, idl: list[Path]) -> list[Dataset]:
    files = descriptor_pb2.FileDescriptorSet.FromString(descriptors.read_bytes()).file
    datasets = []
    for f in files:
        name = f.package.rsplit(".", 1)[-1]
        payload = next(m for m in f.message_type if m.name == "Payload")
        records = next(x for x in payload.field if x.name == "records")
        datasets.append(
            Dataset(
                name=name,
                record=records.type_name.rsplit(".", 1)[-1],
                messages=tuple(message(m) for m in f.message_type if m.name != "Payload"),
                idl={p.suffix[1:]: p for p in idl if p.stem == name},
                access=catalog.dataset(name).access,
            )
        )
    return datasets


def pascal(snake: str) -> str:
    return "".join(p[:1].upper() + p[1:] for p in snake.split("_"))


def fbs_structs(d: Dataset) -> dict[str, list[str]]:
    """FlatBuffers structs of the dataset: name -> field names in order."""
    text = d.idl["fbs"].read_text()
    return {
        m.group(1): re.findall(r"(\w+)\s*:", m.group(2))
        for m in re.finditer(r"^struct\s+(\w+)\s*\{(.*?)\}", text, re.M | re.S)
    }
