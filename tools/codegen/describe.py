"""The dataset description every language's mapping generator reads: the
.proto schemas of the synthetic datasets, as one descriptor set (protoc
--descriptor_set_out), turned into datasets of messages, fields (their kinds,
repeated, proto3 optional, enums) and oneofs, plus the one thing the .proto
cannot say that more than one generator needs: which FlatBuffers types are
structs. Shapes no generator supports stop the build here. A field keeps its
number and whether it is packed, for C#'s model attributes. The .fbs twin
also gives what the native models need beyond the .proto (`fbs_fields`): a
scalar's width (`short`, `[ubyte]`) and which int64 fields are timestamps (the
`timestamp` attribute), and each oneof's union type name (`fbs_unions`). The
catalog adds each dataset's access fields (schemas/README.md), resolved here to
fields (`access`) for the generators that write the access operations."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from dataclasses import dataclass, field
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
    number: int = 0  # the .proto field number
    packed: bool = False  # a repeated number written packed (proto3's default)


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

    @property
    def whole(self) -> Oneof | None:
        """The oneof this message is nothing but (filetree's Node), if it is one."""
        return next((o for o in self.oneofs if o.whole), None)


@dataclass(frozen=True)
class Dataset:
    name: str
    record: str
    messages: tuple[Message, ...]
    idl: dict[str, Path]  # suffix (proto, fbs, capnp, thrift) -> file
    access: tuple[str, ...] = ()  # the catalog's access paths, dotted from a record
    enums: dict[str, tuple[str, ...]] = field(default_factory=dict)  # name -> value names, by value
    records_number: int = 1  # the .proto field number of Payload's `records`

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
    whole = record.whole
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


def _field(f: descriptor_pb2.FieldDescriptorProto) -> Field:
    kind = {_TYPE_MESSAGE: "message", _TYPE_STRING: "string", _TYPE_BYTES: "bytes"}.get(f.type, "scalar")
    repeated = f.label == _LABEL_REPEATED
    return Field(
        name=f.name,
        kind=kind,
        type_name=f.type_name.rsplit(".", 1)[-1],
        repeated=repeated,
        optional=f.proto3_optional,
        enum=f.type == _TYPE_ENUM,
        number=f.number,
        # The datasets are proto3 (dataset() checks), which packs a repeated number unless told not to.
        packed=repeated and kind == "scalar" and (f.options.packed or not f.options.HasField("packed")),
    )


def message(m: descriptor_pb2.DescriptorProto) -> Message:
    def oneof(f: descriptor_pb2.FieldDescriptorProto) -> int | None:
        return f.oneof_index if f.HasField("oneof_index") and not f.proto3_optional else None

    real = {oneof(f) for f in m.field} - {None}
    items: list[Field | Oneof] = []
    for f in m.field:
        i = oneof(f)
        if i is None:
            items.append(_field(f))
        elif not any(isinstance(x, Oneof) and x.name == m.oneof_decl[i].name for x in items):
            members = tuple(_field(g) for g in m.field if oneof(g) == i)
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


def run(doc: str, write: Callable[[list[Dataset]], str]) -> None:
    """A generator's command line: --descriptors FILE --idl FILE... --out FILE,
    the file `write` makes of the datasets; `doc`'s first paragraph is its help."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--descriptors", type=Path, required=True)
    parser.add_argument("--idl", type=Path, nargs="+", required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    args.out.write_text(write(load(args.descriptors, args.idl)))


def load(descriptors: Path, idl: list[Path]) -> list[Dataset]:
    files = descriptor_pb2.FileDescriptorSet.FromString(descriptors.read_bytes()).file
    return [dataset(f, idl) for f in files]


def dataset(f: descriptor_pb2.FileDescriptorProto, idl: list[Path]) -> Dataset:
    """The dataset of one .proto file, its twins among `idl` (found by stem)."""
    name = f.package.rsplit(".", 1)[-1]
    if f.syntax != "proto3":
        raise SystemExit(f"{f.name}: the datasets' schemas are proto3")
    payload = next(m for m in f.message_type if m.name == "Payload")
    records = next(x for x in payload.field if x.name == "records")
    return Dataset(
        name=name,
        record=records.type_name.rsplit(".", 1)[-1],
        records_number=records.number,
        messages=tuple(message(m) for m in f.message_type if m.name != "Payload"),
        idl={p.suffix[1:]: p for p in idl if p.stem == name},
        access=catalog.dataset(name).access,
        enums={e.name: enum(e) for e in f.enum_type},
    )


def enum(e: descriptor_pb2.EnumDescriptorProto) -> tuple[str, ...]:
    """The value names, indexed by value: the models index names by value."""
    if [v.number for v in e.value] != list(range(len(e.value))):
        raise SystemExit(f"{e.name}: enum values must be 0, 1, 2, ... in order")
    return tuple(v.name for v in e.value)


def pascal(snake: str) -> str:
    return "".join(p[:1].upper() + p[1:] for p in snake.split("_"))


def fbs_structs(d: Dataset) -> dict[str, list[str]]:
    """FlatBuffers structs of the dataset: name -> field names in order."""
    text = d.idl["fbs"].read_text()
    return {
        m.group(1): re.findall(r"(\w+)\s*:", m.group(2))
        for m in re.finditer(r"^struct\s+(\w+)\s*\{(.*?)\}", text, re.M | re.S)
    }


def fbs_unions(d: Dataset) -> dict[tuple[str, str], str]:
    """(table, field) -> union type, for each union field of the dataset's tables."""
    text = d.idl["fbs"].read_text()
    unions = set(re.findall(r"^union\s+(\w+)", text, re.M))
    out = {}
    for table in re.finditer(r"^table\s+(\w+)\s*\{(.*?)\}", text, re.M | re.S):
        for name, kind in re.findall(r"(\w+)\s*:\s*(\w+)", table.group(2)):
            if kind in unions:
                out[(table.group(1), name)] = kind
    return out


def fbs_union(d: Dataset, table: str, field: str) -> str:
    """The union type of a oneof's twin in the .fbs; a oneof without one stops the build."""
    found = fbs_unions(d).get((table, field))
    if found is None:
        raise SystemExit(f"{d.idl['fbs']}: table {table} has no union field {field}")
    return found


# The .fbs scalar types (their aliases too) by the name of their width.
_WIDTHS = {
    "bool": "bool",
    "byte": "int8",
    "ubyte": "uint8",
    "short": "int16",
    "ushort": "uint16",
    "int": "int32",
    "uint": "uint32",
    "long": "int64",
    "ulong": "uint64",
    "float": "float32",
    "double": "float64",
}
TIMESTAMP = "timestamp"  # the .fbs attribute of a timestamp, and its scalar type here


@dataclass(frozen=True)
class FbsField:
    type: str  # as the .fbs spells it: `short`, `[ubyte]`, `Vec3`, ...
    attributes: frozenset[str]


_FBS_FIELD = re.compile(r"(\w+)\s*:\s*(\[?\w+\]?)\s*(?:=\s*[^;(]*?)?\s*(?:\(([^)]*)\))?\s*;")


def fbs_fields(d: Dataset) -> dict[tuple[str, str], FbsField]:
    """(table or struct, field) -> its type and attributes, from the dataset's .fbs."""
    text = re.sub(r"//.*", "", d.idl["fbs"].read_text())
    return {
        (m.group(1), f.group(1)): FbsField(
            f.group(2), frozenset(a.strip().strip('"') for a in (f.group(3) or "").split(",") if a.strip())
        )
        for m in re.finditer(r"^(?:table|struct)\s+(\w+)\s*\{(.*?)\}", text, re.M | re.S)
        for f in _FBS_FIELD.finditer(m.group(2))
    }


def scalar(d: Dataset, fbs: dict[tuple[str, str], FbsField], message: str, f: Field) -> str:
    """What a scalar or bytes field of `message` holds (one element of a list),
    as its .fbs twin says: `timestamp` (an int64 marked so), or its width
    (bool, int8 ... uint64, float32, float64)."""
    twin = fbs.get((message, f.name))
    element = twin.type.strip("[]") if twin else ""
    width = _WIDTHS.get(element, element if element in _WIDTHS.values() else "")
    if twin is None or not width:
        raise SystemExit(f"{d.name}: {message}.{f.name} has no scalar twin in the .fbs")
    return TIMESTAMP if TIMESTAMP in twin.attributes else width
