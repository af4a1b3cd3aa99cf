"""Writes one library's C++ conversions between the model (cpp/model) and its
generated classes, for every synthetic dataset, from the dataset description.

The description is the .proto schemas (a descriptor set from protoc
--descriptor_set_out): messages, fields, their kinds, optional fields and
oneofs. The other IDLs are twins with the same names; from them only what
the .proto cannot say is read: each file's C++ namespace, and which
FlatBuffers types are structs (and their field order). Per message M the
output has, in namespace serbench::adapters::<ns>,
    ToNative(const model::M&, native)     model -> native (filled in place;
                                          FlatBuffers structs are returned)
    model::M ToModel(const native&)       native -> model
plus Schema<R>::Payload for each dataset's record type R. A model field is
the proto field of the same name; a oneof is a std::variant field named
after it, each member a model type of the member's message name. Value
conversions (timestamps, enums by value, checked integer narrowing, float
widths) are resolved by type in cpp/adapters/wire_cast.h, so nothing here
depends on the width a twin chose.

    mappings --lib protobuf|flatbuffers|capnp|thrift --descriptors FILE \
        --idl FILE... --out FILE.h
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from google.protobuf import descriptor_pb2

_TYPE_MESSAGE = 11
_TYPE_STRING = 9
_TYPE_BYTES = 12
_LABEL_REPEATED = 3


@dataclass(frozen=True)
class Field:
    name: str
    kind: str  # scalar | string | bytes | message (enums are scalars)
    type_name: str  # the message's name, for kind message
    repeated: bool
    optional: bool


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
    fields: tuple[Field, ...]  # outside any oneof
    oneofs: tuple[Oneof, ...]


@dataclass(frozen=True)
class Dataset:
    name: str
    record: str
    messages: tuple[Message, ...]
    idl: dict[str, Path]  # suffix (proto, fbs, capnp, thrift) -> file


def _field(f: descriptor_pb2.FieldDescriptorProto) -> Field:
    kind = {_TYPE_MESSAGE: "message", _TYPE_STRING: "string", _TYPE_BYTES: "bytes"}.get(f.type, "scalar")
    return Field(
        name=f.name,
        kind=kind,
        type_name=f.type_name.rsplit(".", 1)[-1],
        repeated=f.label == _LABEL_REPEATED,
        optional=f.proto3_optional,
    )


def _message(m: descriptor_pb2.DescriptorProto) -> Message:
    real = [
        i
        for i, _ in enumerate(m.oneof_decl)
        if not all(f.proto3_optional for f in m.field if f.HasField("oneof_index") and f.oneof_index == i)
    ]
    plain = tuple(_field(f) for f in m.field if not (f.HasField("oneof_index") and f.oneof_index in real))
    oneofs = tuple(
        Oneof(
            name=m.oneof_decl[i].name,
            members=tuple(_field(f) for f in m.field if f.HasField("oneof_index") and f.oneof_index == i),
            whole=not plain and len(real) == 1,
        )
        for i in real
    )
    for f in plain + tuple(x for o in oneofs for x in o.members):
        if f.optional and (f.repeated or f.kind in ("message", "bytes")):
            raise SystemExit(f"{m.name}.{f.name}: optional {f.kind} is not supported")
    for o in oneofs:
        if any(f.kind != "message" for f in o.members):
            raise SystemExit(f"{m.name}.{o.name}: oneof members must be messages")
    return Message(m.name, plain, oneofs)


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
                messages=tuple(_message(m) for m in f.message_type if m.name != "Payload"),
                idl={p.suffix[1:]: p for p in idl if p.stem == name},
            )
        )
    return datasets


def pascal(snake: str) -> str:
    return "".join(p[:1].upper() + p[1:] for p in snake.split("_"))


# Each IDL's C++ namespace, as its file declares it.
_NAMESPACE = {
    "proto": (r"^package\s+([\w.]+);", "."),
    "fbs": (r"^namespace\s+([\w.]+);", "."),
    "capnp": (r'\$Cxx\.namespace\("([\w:]+)"\)', "::"),
    "thrift": (r"^namespace\s+cpp\s+([\w.]+)", "."),
}


def namespace(d: Dataset, idl: str) -> str:
    pattern, sep = _NAMESPACE[idl]
    found = re.search(pattern, d.idl[idl].read_text(), re.M)
    if found is None:
        raise SystemExit(f"{d.idl[idl]}: no C++ namespace")
    return "::" + found.group(1).replace(sep, "::")


def fbs_structs(d: Dataset) -> dict[str, list[str]]:
    """FlatBuffers structs of the dataset: name -> field names in order."""
    text = d.idl["fbs"].read_text()
    return {
        m.group(1): re.findall(r"(\w+)\s*:", m.group(2))
        for m in re.finditer(r"^struct\s+(\w+)\s*\{(.*?)\}", text, re.M | re.S)
    }


def cases(table: dict[str | tuple[str, ...], tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    """A table whose keys may name several cases sharing their lines."""
    return {case: lines for key, lines in table.items() for case in ((key,) if isinstance(key, str) else key)}


class Lib:
    """One library's spelling of each kind of field, both directions."""

    idl = ""  # the schema suffix: proto | fbs | capnp | thrift
    adapter_ns = ""  # the output's namespace, serbench::adapters::<adapter_ns>
    preamble = ""  # helpers the lines below call

    def __init__(self, d: Dataset) -> None:
        self.d = d
        self.ns = namespace(d, self.idl)

    def native(self, message: str) -> str:
        return f"{self.ns}::{message}"

    def to_param(self, message: str) -> str:
        return f"{self.native(message)}& t"

    def from_param(self, message: str) -> str:
        return f"const {self.native(message)}& t"

    # Per field case (see case()), the lines of each direction. Placeholders:
    # {n} the field's name, {c} its PascalCase name, {T} the native type of a
    # message field, {M} its model type, {V} the model field's value type
    # (of its vector or optional).
    TO: ClassVar[dict[str, tuple[str, ...]]] = {}
    FROM: ClassVar[dict[str, tuple[str, ...]]] = {}

    def case(self, f: Field) -> str:
        """messages | strings | scalars | message | bytes | string | scalar |
        optional_string | optional_scalar."""
        if f.repeated:
            if f.kind == "bytes":
                raise SystemExit(f"{f.name}: repeated bytes are not supported")
            return {"message": "messages", "string": "strings"}.get(f.kind, "scalars")
        if f.kind in ("message", "bytes"):
            return f.kind
        kind = "string" if f.kind == "string" else "scalar"
        return "optional_" + kind if f.optional else kind

    def native_type(self, f: Field) -> str:
        return self.native(f.type_name)

    def lines(self, table: dict[str, tuple[str, ...]], f: Field) -> list[str]:
        return [
            x.format(
                n=f.name,
                c=pascal(f.name),
                T=self.native_type(f),
                M=f"model::{f.type_name}",
                V=f"typename decltype(m.{f.name})::value_type",
            )
            for x in table[self.case(f)]
        ]

    def to_field(self, f: Field) -> list[str]:
        return self.lines(self.TO, f)

    def from_field(self, f: Field) -> list[str]:
        return self.lines(self.FROM, f)

    def to_oneof(self, o: Oneof) -> list[str]:
        raise NotImplementedError

    def from_oneof(self, m: Message, o: Oneof) -> list[str]:
        raise NotImplementedError

    def include(self) -> str:
        raise NotImplementedError

    def declarations(self, m: Message) -> list[str]:
        return [
            f"void ToNative(const model::{m.name}& m, {self.to_param(m.name)});",
            f"model::{m.name} ToModel({self.from_param(m.name)});",
        ]

    def definitions(self, m: Message) -> list[str]:
        to = [x for f in m.fields for x in self.to_field(f)] + [x for o in m.oneofs for x in self.to_oneof(o)]
        back = [x for f in m.fields for x in self.from_field(f)]
        back += [x for o in m.oneofs for x in self.from_oneof(m, o)]
        return [
            f"inline void ToNative(const model::{m.name}& m, {self.to_param(m.name)}) {{",
            *("  " + x for x in to),
            "}",
            f"inline model::{m.name} ToModel({self.from_param(m.name)}) {{",
            f"  model::{m.name} m;",
            *("  " + x for x in back),
            "  return m;",
            "}",
        ]

    def payload(self) -> str:
        return f"{self.ns}::Payload"

    def missing(self, m: Message, o: Oneof, prefix: str) -> str:
        what = f"{self.d.name} {m.name} has no {o.name}"
        return f'throw DecodeError("{prefix}{what}");'


def _alternatives(o: Oneof, test: Callable[[Field], str], read: Callable[[Field], str]) -> list[str]:
    lines = []
    for i, f in enumerate(o.members):
        lines.append(f"{'' if i == 0 else '} else '}if ({test(f)}) {{")
        lines.append(f"  m.{o.name} = ToModel({read(f)});")
    return lines


def _each_alternative(o: Oneof, write: Callable[[Field], list[str]]) -> list[str]:
    lines = []
    for i, f in enumerate(o.members):
        head = "" if i == 0 else "} else "
        lines.append(f"{head}if (const auto* v = std::get_if<model::{f.type_name}>(&m.{o.name})) {{")
        lines += ["  " + x for x in write(f)]
    return [*lines, "}"]


class Protobuf(Lib):
    idl = "proto"
    adapter_ns = "proto"
    TO = cases(
        {
            "messages": (
                "t.mutable_{n}()->Reserve(static_cast<int>(m.{n}.size()));",
                "for (const auto& e : m.{n}) ToNative(e, *t.add_{n}());",
            ),
            "strings": ("t.mutable_{n}()->Assign(m.{n}.begin(), m.{n}.end());",),
            "scalars": ("t.mutable_{n}()->Add(m.{n}.begin(), m.{n}.end());",),
            "message": ("ToNative(m.{n}, *t.mutable_{n}());",),
            "bytes": ("t.set_{n}(m.{n}.data(), m.{n}.size());",),
            "string": ("t.set_{n}(m.{n});",),
            "scalar": ("t.set_{n}(ToWire<decltype(t.{n}())>(m.{n}));",),
            "optional_string": ("if (m.{n}) t.set_{n}(*m.{n});",),
            "optional_scalar": ("if (m.{n}) t.set_{n}(ToWire<decltype(t.{n}())>(*m.{n}));",),
        }
    )
    FROM = cases(
        {
            "messages": (
                "m.{n}.reserve(t.{n}_size());",
                "for (const auto& e : t.{n}()) m.{n}.push_back(ToModel(e));",
            ),
            ("strings", "scalars", "bytes"): ("m.{n}.assign(t.{n}().begin(), t.{n}().end());",),
            "message": ("m.{n} = ToModel(t.{n}());",),
            "string": ("m.{n} = t.{n}();",),
            "scalar": ("m.{n} = FromWire<decltype(m.{n})>(t.{n}());",),
            "optional_string": ("if (t.has_{n}()) m.{n} = t.{n}();",),
            "optional_scalar": ("if (t.has_{n}()) m.{n} = FromWire<{V}>(t.{n}());",),
        }
    )

    def include(self) -> str:
        return f'#include "{self.d.idl["proto"].with_suffix(".pb.h")}"'

    def to_oneof(self, o: Oneof) -> list[str]:
        return _each_alternative(o, lambda f: [f"ToNative(*v, *t.mutable_{f.name}());"])

    def from_oneof(self, m: Message, o: Oneof) -> list[str]:
        return [
            *_alternatives(o, lambda f: f"t.has_{f.name}()", lambda f: f"t.{f.name}()"),
            "} else {",
            "  " + self.missing(m, o, ""),
            "}",
        ]


class Flatbuffers(Lib):
    """The object API: tables as XT with members; structs as X (returned)."""

    idl = "fbs"
    adapter_ns = "fbs"
    # An absent sub-table or struct reads as the model's default. The object
    # API holds an optional string as a plain one (Pack writes an empty one
    # as absent): empty reads back as absent.
    TO = cases(
        {
            "messages": (
                "t.{n}.reserve(m.{n}.size());",
                "for (const auto& e : m.{n}) ToNative(e, *t.{n}.emplace_back(std::make_unique<{T}>()));",
            ),
            "structs": (
                "t.{n}.reserve(m.{n}.size());",
                "for (const auto& e : m.{n}) t.{n}.push_back(ToNative(e));",
            ),
            "message": (
                "t.{n} = std::make_unique<{T}>();",
                "ToNative(m.{n}, *t.{n});",
            ),
            "struct": ("t.{n} = std::make_unique<{T}>(ToNative(m.{n}));",),
            ("strings", "scalars", "bytes"): ("t.{n}.assign(m.{n}.begin(), m.{n}.end());",),
            "string": ("t.{n} = m.{n};",),
            "scalar": ("t.{n} = ToWire<decltype(t.{n})>(m.{n});",),
            "optional_string": ("if (m.{n}) t.{n} = *m.{n};",),
            "optional_scalar": ("if (m.{n}) t.{n} = ToWire<std::remove_cvref_t<decltype(*t.{n})>>(*m.{n});",),
        }
    )
    FROM = cases(
        {
            "messages": (
                "m.{n}.reserve(t.{n}.size());",
                "for (const auto& e : t.{n}) m.{n}.push_back(e == nullptr ? {M}{{}} : ToModel(*e));",
            ),
            "structs": (
                "m.{n}.reserve(t.{n}.size());",
                "for (const auto& e : t.{n}) m.{n}.push_back(ToModel(e));",
            ),
            ("message", "struct"): ("if (t.{n} != nullptr) m.{n} = ToModel(*t.{n});",),
            ("strings", "scalars", "bytes"): ("m.{n}.assign(t.{n}.begin(), t.{n}.end());",),
            "string": ("m.{n} = t.{n};",),
            "scalar": ("m.{n} = FromWire<decltype(m.{n})>(t.{n});",),
            "optional_string": ("if (!t.{n}.empty()) m.{n} = t.{n};",),
            "optional_scalar": ("if (t.{n}) m.{n} = FromWire<{V}>(*t.{n});",),
        }
    )

    def __init__(self, d: Dataset) -> None:
        super().__init__(d)
        self.structs = fbs_structs(d)

    def include(self) -> str:
        p = self.d.idl["fbs"]
        return f'#include "{p.with_name(p.stem + "_generated.h")}"'

    def table(self, message: str) -> str:
        return f"{self.ns}::{message}T"

    def case(self, f: Field) -> str:
        """Structs (held by value) apart from tables (held by unique_ptr)."""
        plain = super().case(f)
        if plain in ("messages", "message") and f.type_name in self.structs:
            return plain.replace("message", "struct")
        return plain

    def native_type(self, f: Field) -> str:
        return self.native(f.type_name) if f.type_name in self.structs else self.table(f.type_name)

    def declarations(self, m: Message) -> list[str]:
        if m.name not in self.structs:
            return super().declarations(m)
        s = self.native(m.name)
        return [f"{s} ToNative(const model::{m.name}& m);", f"model::{m.name} ToModel(const {s}& t);"]

    def definitions(self, m: Message) -> list[str]:
        if m.name not in self.structs:
            return super().definitions(m)
        s = self.native(m.name)
        names = self.structs[m.name]
        args = ", ".join(f"ToWire<decltype(std::declval<const {s}&>().{n}())>(m.{n})" for n in names)
        return [
            f"inline {s} ToNative(const model::{m.name}& m) {{ return {s}({args}); }}",
            f"inline model::{m.name} ToModel(const {s}& t) {{",
            f"  model::{m.name} m;",
            *(f"  m.{n} = FromWire<decltype(m.{n})>(t.{n}());" for n in names),
            "  return m;",
            "}",
        ]

    def to_param(self, message: str) -> str:
        return f"{self.table(message)}& t"

    def from_param(self, message: str) -> str:
        return f"const {self.table(message)}& t"

    def to_oneof(self, o: Oneof) -> list[str]:
        return _each_alternative(
            o,
            lambda f: [f"{self.table(f.type_name)} u;", "ToNative(*v, u);", f"t.{o.name}.Set(std::move(u));"],
        )

    def from_oneof(self, m: Message, o: Oneof) -> list[str]:
        # A union whose type is set but whose value is absent (legal in a
        # verified buffer) unpacks to a null value: As*() gives nullptr.
        lines = []
        for i, f in enumerate(o.members):
            head = "" if i == 0 else "} else "
            lines += [
                f"{head}if (const auto* v = t.{o.name}.As{f.type_name}()) {{",
                f"  m.{o.name} = ToModel(*v);",
            ]
        return [*lines, "} else {", "  " + self.missing(m, o, "flatbuffers: "), "}"]

    def payload(self) -> str:
        return f"{self.ns}::Payload"


class Capnp(Lib):
    """Builders filled in place (setX / initX), readers read (getX / hasX)."""

    idl = "capnp"
    adapter_ns = "cp"
    # No optional scalars in Cap'n Proto: a union of none and value.
    TO = cases(
        {
            "messages": (
                "{{",
                "  auto l = t.init{c}(m.{n}.size());",
                "  for (unsigned i = 0; i < m.{n}.size(); ++i) ToNative(m.{n}[i], l[i]);",
                "}}",
            ),
            "strings": (
                "{{",
                "  auto l = t.init{c}(m.{n}.size());",
                "  for (unsigned i = 0; i < m.{n}.size(); ++i) l.set(i, AsText(m.{n}[i]));",
                "}}",
            ),
            ("scalars", "bytes"): ("t.set{c}(kj::arrayPtr(m.{n}.data(), m.{n}.size()));",),
            "message": ("ToNative(m.{n}, t.init{c}());",),
            "string": ("t.set{c}(AsText(m.{n}));",),
            "scalar": ("t.set{c}(ToWire<decltype(t.get{c}())>(m.{n}));",),
            "optional_string": ("if (m.{n}) t.set{c}(AsText(*m.{n}));",),
            "optional_scalar": (
                "if (m.{n}) t.get{c}().setValue(ToWire<decltype(t.get{c}().getValue())>(*m.{n}));",
            ),
        }
    )
    FROM = cases(
        {
            "messages": (
                "m.{n}.reserve(t.get{c}().size());",
                "for (auto e : t.get{c}()) m.{n}.push_back(ToModel(e));",
            ),
            "strings": (
                "m.{n}.reserve(t.get{c}().size());",
                "for (auto e : t.get{c}()) m.{n}.push_back(AsString(e));",
            ),
            "scalars": (
                "m.{n}.reserve(t.get{c}().size());",
                "for (auto e : t.get{c}()) m.{n}.push_back(FromWire<{V}>(e));",
            ),
            "bytes": ("m.{n}.assign(t.get{c}().begin(), t.get{c}().end());",),
            "message": ("m.{n} = ToModel(t.get{c}());",),
            "string": ("m.{n} = AsString(t.get{c}());",),
            "scalar": ("m.{n} = FromWire<decltype(m.{n})>(t.get{c}());",),
            "optional_string": ("if (t.has{c}()) m.{n} = AsString(t.get{c}());",),
            "optional_scalar": ("if (t.get{c}().isValue()) m.{n} = FromWire<{V}>(t.get{c}().getValue());",),
        }
    )
    preamble = """\
// std::string keeps the NUL terminator Text::Reader asks for.
inline ::capnp::Text::Reader AsText(const std::string& s) { return {s.data(), s.size()}; }
inline std::string AsString(::capnp::Text::Reader t) { return {t.begin(), t.size()}; }
"""

    def include(self) -> str:
        return f'#include "{self.d.idl["capnp"]}.h"'

    def to_param(self, message: str) -> str:
        return f"{self.native(message)}::Builder t"

    def from_param(self, message: str) -> str:
        return f"{self.native(message)}::Reader t"

    def _union(self, o: Oneof) -> str:
        """A whole-message oneof is the struct's anonymous union, else a group."""
        return "t" if o.whole else f"t.get{pascal(o.name)}()"

    def to_oneof(self, o: Oneof) -> list[str]:
        return _each_alternative(
            o, lambda f: [f"ToNative(*v, {self._union(o)}.init{pascal(o.member(f))}());"]
        )

    def from_oneof(self, m: Message, o: Oneof) -> list[str]:
        u = self._union(o)
        return [
            *_alternatives(
                o, lambda f: f"{u}.is{pascal(o.member(f))}()", lambda f: f"{u}.get{pascal(o.member(f))}()"
            ),
            "} else {",
            "  " + self.missing(m, o, "capnp: "),
            "}",
        ]


class Thrift(Lib):
    """Structs with public members; optional fields and union members
    carry __isset flags."""

    idl = "thrift"
    adapter_ns = "th"
    TO = cases(
        {
            "messages": (
                "t.{n}.resize(m.{n}.size());",
                "for (std::size_t i = 0; i < m.{n}.size(); ++i) ToNative(m.{n}[i], t.{n}[i]);",
            ),
            ("strings", "scalars", "bytes"): ("t.{n}.assign(m.{n}.begin(), m.{n}.end());",),
            "message": ("ToNative(m.{n}, t.{n});",),
            ("string", "scalar"): ("t.{n} = ToWire<decltype(t.{n})>(m.{n});",),
            ("optional_string", "optional_scalar"): (
                "if (m.{n}) t.__set_{n}(ToWire<decltype(t.{n})>(*m.{n}));",
            ),
        }
    )
    FROM = cases(
        {
            "messages": (
                "m.{n}.reserve(t.{n}.size());",
                "for (const auto& e : t.{n}) m.{n}.push_back(ToModel(e));",
            ),
            ("strings", "scalars", "bytes"): ("m.{n}.assign(t.{n}.begin(), t.{n}.end());",),
            "message": ("m.{n} = ToModel(t.{n});",),
            ("string", "scalar"): ("m.{n} = FromWire<decltype(m.{n})>(t.{n});",),
            ("optional_string", "optional_scalar"): ("if (t.__isset.{n}) m.{n} = FromWire<{V}>(t.{n});",),
        }
    )

    def include(self) -> str:
        p = self.d.idl["thrift"]
        return f'#include "{p.with_name(p.stem + "_types.h")}"'

    def _union(self, o: Oneof) -> str:
        """A whole-message oneof is a Thrift union itself, else a union field."""
        return "t" if o.whole else f"t.{o.name}"

    def to_oneof(self, o: Oneof) -> list[str]:
        u = self._union(o)
        return _each_alternative(
            o, lambda f: [f"ToNative(*v, {u}.{o.member(f)});", f"{u}.__isset.{o.member(f)} = true;"]
        )

    def from_oneof(self, m: Message, o: Oneof) -> list[str]:
        u = self._union(o)
        count = " + ".join(f"int({u}.__isset.{o.member(f)})" for f in o.members)
        what = f"{self.d.name} {m.name}" + ("" if o.whole else f" {o.name}")
        return [
            f"if ({count} != 1) {{",
            f'  throw DecodeError("{what}: want exactly one union member");',
            "}",
            *_alternatives(o, lambda f: f"{u}.__isset.{o.member(f)}", lambda f: f"{u}.{o.member(f)}"),
            "}",
        ]


LIBS: dict[str, type[Lib]] = {
    "protobuf": Protobuf,
    "flatbuffers": Flatbuffers,
    "capnp": Capnp,
    "thrift": Thrift,
}


def generate(lib: type[Lib], datasets: list[Dataset]) -> str:
    libs = [lib(d) for d in datasets]
    out = [
        "// Generated by //cpp/codegen:mappings from the dataset schemas; do not edit.",
        "#pragma once",
        "",
        "#include <cstddef>",
        "#include <memory>",
        "#include <string>",
        "#include <type_traits>",
        "#include <utility>",
        "#include <variant>",
        "",
        '#include "cpp/adapters/wire_cast.h"',
        '#include "cpp/model/datasets.h"',
        *sorted(x.include() for x in libs),
        "",
        f"namespace serbench::adapters::{lib.adapter_ns} {{",
        "",
        *([lib.preamble] if lib.preamble else []),
        "// Each dataset's Payload, by its record type.",
        "template <typename R>",
        "struct Schema;",
    ]
    for x in libs:
        out.append(f"template <> struct Schema<model::{x.d.record}> {{ using Payload = {x.payload()}; }};")
    out.append("")
    out += [line for x in libs for m in x.d.messages for line in x.declarations(m)]
    for x in libs:
        for m in x.d.messages:
            out += ["", *x.definitions(m)]
    out += ["", f"}}  // namespace serbench::adapters::{lib.adapter_ns}", ""]
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lib", choices=sorted(LIBS), required=True)
    parser.add_argument("--descriptors", type=Path, required=True)
    parser.add_argument("--idl", type=Path, nargs="+", required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    args.out.write_text(generate(LIBS[args.lib], load(args.descriptors, args.idl)))


if __name__ == "__main__":
    main()
