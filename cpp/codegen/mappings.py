"""Writes one library's C++ conversions between the model (cpp/model) and its
generated classes, for every synthetic dataset, from the dataset description.

The description is the .proto schemas (a descriptor set from protoc
--descriptor_set_out), read by tools/codegen/describe.py: messages, fields,
their kinds, optional fields and oneofs. The other IDLs are twins with the
same names; from them only what the .proto cannot say is read: each file's
C++ namespace, and which FlatBuffers types are structs (and their field
order). Per message M the
output has, in namespace serbench::adapters::<ns>,
    ToNative(const model::M&, native)     model -> native (filled in place;
                                          FlatBuffers structs are returned)
    model::M ToModel(const native&)       native -> model
plus Schema<R>::Payload for each dataset's record type R, and for the
zero-copy libraries AccessFew of each record read in place (access.py). A model field is
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
from pathlib import Path
from typing import ClassVar, TypeVar

from cpp.codegen import access
from tools.codegen.describe import Dataset, Field, Message, Oneof, fbs_structs, load, pascal

_T = TypeVar("_T")

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


def cases(table: dict[str | tuple[str, ...], _T]) -> dict[str, _T]:
    """A table whose keys may name several cases sharing their entry."""
    return {case: entry for key, entry in table.items() for case in ((key,) if isinstance(key, str) else key)}


class Lib:
    """One library's spelling of each kind of field, both directions.

    ToNative fills the native object statement by statement; ToModel is one
    designated initializer of the model struct (its members built in place,
    in declaration order: a model whose order differs does not compile), so
    it costs what hand-written aggregate initialization costs."""

    idl = ""  # the schema suffix: proto | fbs | capnp | thrift
    adapter_ns = ""  # the output's namespace, serbench::adapters::<adapter_ns>
    preamble = ""  # helpers the lines below call, before the declarations
    # How access_full reads what decode returns, then how access_lazy reads in place
    # (zero-copy libraries): access.py's readers.
    readers: tuple[type[access.Reader], ...] = ()
    # After the declarations: Models<M>(list), a native list as a std::vector<M>.
    models = """\
template <typename M, typename L>
std::vector<M> Models(const L& list) {
  std::vector<M> out;
  out.reserve(list.size());
  for (const auto& e : list) out.push_back(ToModel(e));
  return out;
}
"""
    # Per field case (see case()): TO, the statements filling native `t` from
    # model `m`; FROM, the expression of the model member read from `t`.
    # Placeholders: {n} the field's name, {c} its PascalCase name, {T} the
    # native type of a message field, {M} its model type, {F} the model
    # member's type, {V} its value type (of its vector or optional).
    TO: ClassVar[dict[str, tuple[str, ...]]] = {}
    FROM: ClassVar[dict[str, str]] = {}

    def __init__(self, d: Dataset) -> None:
        self.d = d
        self.ns = namespace(d, self.idl)

    def native(self, message: str) -> str:
        return f"{self.ns}::{message}"

    def struct_names(self) -> frozenset[str]:
        """Messages the library holds as plain structs (FlatBuffers structs)."""
        return frozenset()

    def to_param(self, message: str) -> str:
        return f"{self.native(message)}& t"

    def from_param(self, message: str) -> str:
        return f"const {self.native(message)}& t"

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

    def fill(self, template: str, m: Message, f: Field) -> str:
        member = f"decltype(model::{m.name}::{f.name})"
        return template.format(
            n=f.name,
            c=pascal(f.name),
            T=self.native_type(f),
            M=f"model::{f.type_name}",
            F=member,
            V=f"{member}::value_type",
        )

    def to_oneof(self, o: Oneof) -> list[str]:
        raise NotImplementedError

    def from_oneof(self, m: Message, o: Oneof) -> list[str]:
        """The body of the function reading oneof `o` of native `t`."""
        raise NotImplementedError

    def include(self) -> str:
        raise NotImplementedError

    def declarations(self, m: Message) -> list[str]:
        return [
            f"void ToNative(const model::{m.name}& m, {self.to_param(m.name)});",
            f"model::{m.name} ToModel({self.from_param(m.name)});",
        ]

    def to_lines(self, m: Message) -> list[str]:
        lines = []
        for x in m.items:
            lines += (
                self.to_oneof(x)
                if isinstance(x, Oneof)
                else [self.fill(y, m, x) for y in self.TO[self.case(x)]]
            )
        return lines

    def definitions(self, m: Message) -> list[str]:
        out = [
            f"inline void ToNative(const model::{m.name}& m, {self.to_param(m.name)}) {{",
            *("  " + x for x in self.to_lines(m)),
            "}",
        ]
        members = []
        for x in m.items:
            if isinstance(x, Oneof):
                reader = f"{m.name}{pascal(x.name)}"
                out += [
                    f"inline decltype(model::{m.name}::{x.name}) {reader}({self.from_param(m.name)}) {{",
                    *("  " + y for y in self.from_oneof(m, x)),
                    "}",
                ]
                members.append(f".{x.name} = {reader}(t)")
            else:
                members.append(f".{x.name} = {self.fill(self.FROM[self.case(x)], m, x)}")
        return [
            *out,
            f"inline model::{m.name} ToModel({self.from_param(m.name)}) {{",
            f"  return model::{m.name}{{",
            *(f"      {x}," for x in members),
            "  };",
            "}",
        ]

    def payload(self) -> str:
        return f"{self.ns}::Payload"

    def missing(self, m: Message, o: Oneof, prefix: str) -> str:
        what = f"{self.d.name} {m.name} has no {o.name}"
        return f'throw DecodeError("{prefix}{what}");'


def _alternatives(o: Oneof, test: Callable[[Field], str], read: Callable[[Field], str]) -> list[str]:
    """if (test) return ToModel(read); per member, in order."""
    return [f"if ({test(f)}) return ToModel({read(f)});" for f in o.members]


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
    readers = (access.Protobuf,)
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
            "messages": "Models<{V}>(t.{n}())",
            ("strings", "scalars", "bytes"): "{F}(t.{n}().begin(), t.{n}().end())",
            "message": "ToModel(t.{n}())",
            "string": "t.{n}()",
            "scalar": "FromWire<{F}>(t.{n}())",
            "optional_string": "t.has_{n}() ? {F}(t.{n}()) : std::nullopt",
            "optional_scalar": "t.has_{n}() ? {F}(FromWire<{V}>(t.{n}())) : std::nullopt",
        }
    )

    def include(self) -> str:
        return f'#include "{self.d.idl["proto"].with_suffix(".pb.h")}"'

    def to_oneof(self, o: Oneof) -> list[str]:
        return _each_alternative(o, lambda f: [f"ToNative(*v, *t.mutable_{f.name}());"])

    def from_oneof(self, m: Message, o: Oneof) -> list[str]:
        return [
            *_alternatives(o, lambda f: f"t.has_{f.name}()", lambda f: f"t.{f.name}()"),
            self.missing(m, o, ""),
        ]


class Flatbuffers(Lib):
    """The object API: tables as XT with members; structs as X (returned)."""

    idl = "fbs"
    adapter_ns = "fbs"
    readers = (access.FlatbuffersObject, access.FlatbuffersTable)
    preamble = """\
// An absent string weighs nothing (access.py).
inline std::uint64_t Weigh(const ::flatbuffers::String* s) { return s == nullptr ? 0 : s->size(); }
"""
    # An absent sub-table (a null pointer) reads as the model's default.
    models = """\
template <typename M, typename T>
M Read(const std::unique_ptr<T>& t) {
  return t == nullptr ? M{} : ToModel(*t);
}
template <typename M, typename T>
M Read(const T& t) {
  return ToModel(t);
}
template <typename M, typename L>
std::vector<M> Models(const L& list) {
  std::vector<M> out;
  out.reserve(list.size());
  for (const auto& e : list) out.push_back(Read<M>(e));
  return out;
}
"""
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
            "message": ("t.{n} = std::make_unique<{T}>();", "ToNative(m.{n}, *t.{n});"),
            "struct": ("t.{n} = std::make_unique<{T}>(ToNative(m.{n}));",),
            ("strings", "scalars", "bytes"): ("t.{n}.assign(m.{n}.begin(), m.{n}.end());",),
            "string": ("t.{n} = m.{n};",),
            "scalar": ("t.{n} = ToWire<decltype(t.{n})>(m.{n});",),
            "optional_string": ("if (m.{n}) t.{n} = *m.{n};",),
            "optional_scalar": ("if (m.{n}) t.{n} = ToWire<std::remove_cvref_t<decltype(*t.{n})>>(*m.{n});",),
        }
    )
    # The object API holds an optional string as a plain one (Pack writes an
    # empty one as absent): empty reads back as absent.
    FROM = cases(
        {
            ("messages", "structs"): "Models<{V}>(t.{n})",
            ("message", "struct"): "Read<{M}>(t.{n})",
            ("strings", "scalars", "bytes"): "{F}(t.{n}.begin(), t.{n}.end())",
            "string": "t.{n}",
            "scalar": "FromWire<{F}>(t.{n})",
            "optional_string": "t.{n}.empty() ? std::nullopt : {F}(t.{n})",
            "optional_scalar": "t.{n} ? {F}(FromWire<{V}>(*t.{n})) : std::nullopt",
        }
    )

    def __init__(self, d: Dataset) -> None:
        super().__init__(d)
        self.structs = fbs_structs(d)

    def struct_names(self) -> frozenset[str]:
        return frozenset(self.structs)

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
        reads = ", ".join(f".{n} = FromWire<decltype(model::{m.name}::{n})>(t.{n}())" for n in names)
        return [
            f"inline {s} ToNative(const model::{m.name}& m) {{ return {s}({args}); }}",
            f"inline model::{m.name} ToModel(const {s}& t) {{ return model::{m.name}{{{reads}}}; }}",
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
        return [
            *(f"if (const auto* v = t.{o.name}.As{f.type_name}()) return ToModel(*v);" for f in o.members),
            self.missing(m, o, "flatbuffers: "),
        ]


class Capnp(Lib):
    """Builders filled in place (setX / initX), readers read (getX / hasX)."""

    idl = "capnp"
    adapter_ns = "cp"
    readers = (access.Capnp,)
    preamble = """\
// std::string keeps the NUL terminator Text::Reader asks for.
inline ::capnp::Text::Reader AsText(const std::string& s) { return {s.data(), s.size()}; }
inline std::string AsString(::capnp::Text::Reader t) { return {t.begin(), t.size()}; }
inline std::uint64_t Weigh(::capnp::Text::Reader s) { return s.size(); }
"""
    models = """\
template <typename M, typename E>
M Read(E e) {
  if constexpr (std::is_same_v<E, ::capnp::Text::Reader>) {
    return AsString(e);
  } else if constexpr (std::is_arithmetic_v<E> || std::is_enum_v<E>) {
    return FromWire<M>(e);
  } else {
    return ToModel(e);
  }
}
template <typename M, typename L>
std::vector<M> Models(L list) {
  std::vector<M> out;
  out.reserve(list.size());
  for (auto e : list) out.push_back(Read<M>(e));
  return out;
}
"""
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
            ("messages", "strings", "scalars"): "Models<{V}>(t.get{c}())",
            "bytes": "{F}(t.get{c}().begin(), t.get{c}().end())",
            "message": "ToModel(t.get{c}())",
            "string": "AsString(t.get{c}())",
            "scalar": "FromWire<{F}>(t.get{c}())",
            "optional_string": "t.has{c}() ? {F}(AsString(t.get{c}())) : std::nullopt",
            "optional_scalar": (
                "t.get{c}().isValue() ? {F}(FromWire<{V}>(t.get{c}().getValue())) : std::nullopt"
            ),
        }
    )

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
        u = self._union(o)
        return _each_alternative(o, lambda f: [f"ToNative(*v, {u}.init{pascal(o.member(f))}());"])

    def from_oneof(self, m: Message, o: Oneof) -> list[str]:
        u = self._union(o)
        return [
            *_alternatives(
                o, lambda f: f"{u}.is{pascal(o.member(f))}()", lambda f: f"{u}.get{pascal(o.member(f))}()"
            ),
            self.missing(m, o, "capnp: "),
        ]


class Thrift(Lib):
    """Structs with public members; optional fields and union members
    carry __isset flags."""

    idl = "thrift"
    adapter_ns = "th"
    readers = (access.Thrift,)
    TO = cases(
        {
            "messages": (
                "t.{n}.resize(m.{n}.size());",
                "for (std::size_t i = 0; i < m.{n}.size(); ++i) ToNative(m.{n}[i], t.{n}[i]);",
            ),
            ("strings", "scalars", "bytes"): ("t.{n}.assign(m.{n}.begin(), m.{n}.end());",),
            "message": ("ToNative(m.{n}, t.{n});",),
            "string": ("t.{n} = m.{n};",),
            "scalar": ("t.{n} = ToWire<decltype(t.{n})>(m.{n});",),
            "optional_string": ("if (m.{n}) t.__set_{n}(*m.{n});",),
            "optional_scalar": ("if (m.{n}) t.__set_{n}(ToWire<decltype(t.{n})>(*m.{n}));",),
        }
    )
    FROM = cases(
        {
            "messages": "Models<{V}>(t.{n})",
            ("strings", "scalars", "bytes"): "{F}(t.{n}.begin(), t.{n}.end())",
            "message": "ToModel(t.{n})",
            "string": "t.{n}",
            "scalar": "FromWire<{F}>(t.{n})",
            "optional_string": "t.__isset.{n} ? {F}(t.{n}) : std::nullopt",
            "optional_scalar": "t.__isset.{n} ? {F}(FromWire<{V}>(t.{n})) : std::nullopt",
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
        error = f'throw DecodeError("{what}: want exactly one union member");'
        return [
            f"if ({count} == 1) {{",
            *(
                "  " + x
                for x in _alternatives(
                    o, lambda f: f"{u}.__isset.{o.member(f)}", lambda f: f"{u}.{o.member(f)}"
                )
            ),
            "}",
            error,
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
        "#include <cstdint>",
        "#include <memory>",
        "#include <optional>",
        "#include <string>",
        "#include <type_traits>",
        "#include <utility>",
        "#include <variant>",
        "#include <vector>",
        "",
        '#include "cpp/adapters/wire_cast.h"',
        '#include "cpp/model/datasets.h"',
        *sorted(x.include() for x in libs),
        "",
        f"namespace serbench::adapters::{lib.adapter_ns} {{",
        "",
        "using model::Weigh;  // what the access functions add up (cpp/model/weigh.h)",
        *([lib.preamble] if lib.preamble else []),
        "// Each dataset's Payload, by its record type.",
        "template <typename R>",
        "struct Schema;",
    ]
    for x in libs:
        out.append(f"template <> struct Schema<model::{x.d.record}> {{ using Payload = {x.payload()}; }};")
    out.append("")
    out += [line for x in libs for m in x.d.messages for line in x.declarations(m)]
    out += ["", lib.models]
    for x in libs:
        for m in x.d.messages:
            out += ["", *x.definitions(m)]
    if lib.readers:
        out += ["", "// What the access operations read of each record (access.py)."]
    for reader in lib.readers:
        for x in libs:
            out += ["", *access.functions(reader(x.ns, x.struct_names()), x.d)]
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
