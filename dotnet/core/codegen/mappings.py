"""Writes C#'s conversions between the model (model.py) and the
classes protoc, flatc (object API) and `thrift --gen netstd` generate, for
every synthetic dataset, from the dataset description.

The description is the .proto schemas, read by tools/codegen/describe.py
(messages, fields, enums, optional fields, oneofs). The other IDLs are twins
with the same names; from them only what the .proto cannot say is read: each
file's C# namespace and, in FlatBuffers, the union type of each oneof.

Per dataset d and library L the output has the class <D><L> (UserProtobuf,
UserFlatBuffers, UserThrift), derived from the library's mapping base (its
<Name>Mapping in Libraries/, e.g. ProtobufMapping), with per message M
    static native To(M.M m)     model -> native
    static M.M From(native t)   native -> model
in plain statements (no reflection, no LINQ), plus GeneratedDatasets.All,
every dataset bound to one mapping per library (LIBS), in the catalog's order. The
access operations of FlatBuffers sum, over the records, what Read of one
record returns (lazily from the buffer, fully from the unpacked object): the
catalog's access paths (schemas/README.md), each value weighed by Weigh.Of
(Mappings/Weigh.cs), as C++ reads them.

The model's names are model.py's: namespace Serbench.Model.<D>s (or
Serbench.Model for a shared message), a class per message, a property per
field or oneof. Numbers whose widths or
signedness differ between the model and a twin are converted by
Wire.Of (checked), chosen by type as C++'s wire_cast.h does.

    mappings --descriptors FILE --idl FILE... --out FILE.cs
"""

from __future__ import annotations

import re
from typing import ClassVar

from dotnet.core.codegen.model import banner, model_namespace, shared_messages
from tools.codegen.describe import Dataset, Field, Message, Oneof, access, fbs_union, pascal, run

# Each IDL's C# namespace, as its file declares it.
_NAMESPACE = {
    "proto": r'^option\s+csharp_namespace\s*=\s*"([\w.]+)";',
    "fbs": r"^namespace\s+([\w.]+);",
    "thrift": r"^namespace\s+netstd\s+([\w.]+)",
}


def namespace(d: Dataset, idl: str) -> str:
    found = re.search(_NAMESPACE[idl], d.idl[idl].read_text(), re.M)
    if found is None:
        raise SystemExit(f"{d.idl[idl]}: no C# namespace")
    return found.group(1)


def case(f: Field) -> str:
    """messages | strings | scalars | message | bytes | string | enum | scalar |
    optional_string | optional_scalar."""
    if f.repeated:
        if f.kind == "bytes" or f.enum:
            raise SystemExit(f"{f.name}: repeated {'enums' if f.enum else 'bytes'} are not supported")
        return {"message": "messages", "string": "strings"}.get(f.kind, "scalars")
    if f.kind in ("message", "bytes"):
        return f.kind
    if f.enum:
        if f.optional:
            raise SystemExit(f"{f.name}: optional enums are not supported")
        return "enum"
    kind = "string" if f.kind == "string" else "scalar"
    return "optional_" + kind if f.optional else kind


class Lib:
    """One library's spelling of each kind of field, both directions.

    To fills a new native object statement by statement; From is one object
    initializer of the model record (its properties are `required init`)."""

    name = ""  # the class suffix: Protobuf | FlatBuffers | Thrift
    idl = ""  # the schema suffix: proto | fbs | thrift
    base = ""  # its mapping base class, beside the library's class in Libraries/
    # Per field case: TO, the statements filling native `t` from model `m`;
    # FROM, the expression of the model property read from `t`. Placeholders:
    # {n} the field's name, {c} its PascalCase name, {E} its enum's name.
    # Aliases: M the model's namespace, N the native one.
    TO: ClassVar[dict[str, tuple[str, ...]]] = {}
    FROM: ClassVar[dict[str, str]] = {}

    def __init__(self, d: Dataset, shared: frozenset[str] = frozenset()) -> None:
        self.d = d
        self.ns = namespace(d, self.idl)
        self.shared = shared  # shared_messages of every dataset

    def model(self, message: str) -> str:
        """The model class of a message: its dataset's, or the one several datasets share."""
        return f"global::Serbench.Model.{message}" if message in self.shared else f"M.{message}"

    def cls(self) -> str:
        return pascal(self.d.name) + self.name

    def native(self, message: str) -> str:
        return f"N.{message}"

    def payload_members(self) -> list[str]:
        """The base class's abstract members but the mapping of the payload."""
        return []

    def payload(self, record: str) -> list[str]:
        """The overrides mapping Payload<record> both ways (the base's ToNative / FromNative)."""
        return [
            *self.payload_to(record),
            "",
            f"protected override Payload<{self.model(record)}> FromNative("
            f"{self.native('Payload')} payload) =>",
            "    new() { Records = Mapped.List(payload.Records, From) };",
        ]

    def payload_to(self, record: str) -> list[str]:
        return [
            f"protected override {self.native('Payload')} ToNative(Payload<{self.model(record)}> payload) =>",
            "    new() { Records = Mapped.List(payload.Records, To) };",
        ]

    def to_oneof(self, o: Oneof, source: str) -> list[str]:
        raise NotImplementedError

    def from_oneof(self, m: Message, o: Oneof, source: str) -> str:
        """The switch expression reading oneof `o` of native `source`."""
        raise NotImplementedError

    def fill(self, template: str, f: Field) -> str:
        return template.format(n=f.name, c=pascal(f.name), E=f.type_name)

    def to(self, m: Message) -> list[str]:
        lines = []
        for x in m.items:
            if isinstance(x, Oneof):
                lines += self.to_oneof(x, "m" if x.whole else f"m.{pascal(x.name)}")
            else:
                lines += [self.fill(y, x) for y in self.TO[case(x)]]
        return [
            f"private static {self.native(m.name)} To({self.model(m.name)} m)",
            "{",
            f"    var t = new {self.native(m.name)}();",
            *("    " + x for x in lines),
            "    return t;",
            "}",
        ]

    def from_(self, m: Message) -> list[str]:
        head = f"private static {self.model(m.name)} From({self.native(m.name)} t) =>"
        if len(m.oneofs) == 1 and m.oneofs[0].whole:
            return [head, f"    {self.from_oneof(m, m.oneofs[0], 't')};"]
        members = [
            f"{pascal(x.name)} = "
            + (
                self.from_oneof(m, x, f"t.{pascal(x.name)}")
                if isinstance(x, Oneof)
                else self.fill(self.FROM[case(x)], x)
            )
            for x in m.items
        ]
        return [head, "    new()", "    {", *(f"        {x}," for x in members), "    };"]

    def mapping(self) -> list[str]:
        record = self.d.record
        body = self.payload(record)
        for m in self.d.messages:
            body += ["", *self.to(m), "", *self.from_(m)]
        body += self.payload_members()
        return [
            "namespace Serbench.Mappings",
            "{",
            f"    using M = global::{model_namespace(self.d)};",
            f"    using N = global::{self.ns};",
            "",
            f"    public sealed partial class {self.cls()}",
            f"        : {self.base}<{self.model(record)}, {self.native('Payload')}>",
            "    {",
            *(("        " + x).rstrip() for x in body),
            "    }",
            "}",
        ]


# The spellings the libraries share; each class adds or overrides its own. Optional
# fields are set only when present (in Thrift, setting one marks it for writing).
_TO: dict[str, tuple[str, ...]] = {
    "message": ("t.{c} = To(m.{c});",),
    "string": ("t.{c} = m.{c};",),
    "enum": ("t.{c} = (N.{E})m.{c};",),
    "scalar": ("t.{c} = Wire.Of(m.{c});",),
    "optional_string": ("if (m.{c} is not null) t.{c} = m.{c};",),
    "optional_scalar": ("if (m.{c}.HasValue) t.{c} = Wire.Of(m.{c}.Value);",),
}
_FROM = {
    "messages": "Mapped.List(t.{c}, From)",
    "message": 'From(Mapped.Required(t.{c}, "{n}"))',
    "enum": "(M.{E})t.{c}",
    "scalar": "Wire.Of(t.{c})",
}
# FlatBuffers and Thrift: lists are assigned whole; an absent string or vector reads
# as null, the model's "" or empty.
_LISTS_TO = {x: ("t.{c} = [.. m.{c}];",) for x in ("strings", "scalars", "bytes")} | {
    "messages": ("t.{c} = Mapped.List(m.{c}, To);",)
}
_NULLABLE_FROM = {
    "strings": "Mapped.List(t.{c}, Mapped.Text)",
    "scalars": "Mapped.Copy(t.{c})",
    "string": "Mapped.Text(t.{c})",
}


def _switch(subject: str, arms: list[str], otherwise: str) -> str:
    return f"{subject} switch {{ {', '.join([*arms, f'_ => throw {otherwise}'])} }}"


def _unknown(source: str) -> str:
    return f'new ArgumentException($"unknown {{{source}}}")'


class Protobuf(Lib):
    name = "Protobuf"
    idl = "proto"
    base = "ProtobufMapping"
    # Repeated fields are get-only RepeatedFields, added to; nothing reads as null.
    TO: ClassVar[dict[str, tuple[str, ...]]] = {
        **_TO,
        "messages": ("foreach (var e in m.{c}) t.{c}.Add(To(e));",),
        "strings": ("t.{c}.Add(m.{c});",),
        "scalars": ("t.{c}.Add(m.{c});",),
        "bytes": ("t.{c} = global::Google.Protobuf.ByteString.CopyFrom(m.{c});",),
    }
    FROM: ClassVar[dict[str, str]] = {
        **_FROM,
        "strings": "[.. t.{c}]",
        "scalars": "[.. t.{c}]",
        "bytes": "t.{c}.ToByteArray()",
        "string": "t.{c}",
        "optional_string": "t.Has{c} ? t.{c} : null",
        "optional_scalar": "t.Has{c} ? Wire.Of(t.{c}) : null",
    }

    def payload_to(self, record: str) -> list[str]:
        return [
            f"protected override N.Payload ToNative(Payload<{self.model(record)}> payload)",
            "{",
            "    var t = new N.Payload();",
            "    foreach (var e in payload.Records) t.Records.Add(To(e));",
            "    return t;",
            "}",
        ]

    def to_oneof(self, o: Oneof, source: str) -> list[str]:
        lines = [f"switch ({source})", "{"]
        for f in o.members:
            lines += [
                f"    case {self.model(f.type_name)} v:",
                f"        t.{pascal(f.name)} = To(v);",
                "        break;",
            ]
        return [*lines, "    default:", f"        throw {_unknown(source)};", "}"]

    def from_oneof(self, m: Message, o: Oneof, source: str) -> str:
        kind = f"N.{m.name}.{pascal(o.name)}OneofCase"
        arms = [f"{kind}.{pascal(f.name)} => From(t.{pascal(f.name)})" for f in o.members]
        return _switch(f"t.{pascal(o.name)}Case", arms, f'new InvalidDataException("{o.name} is missing")')


class FlatBuffers(Lib):
    """The object API: every table and struct X as a class XT."""

    name = "FlatBuffers"
    idl = "fbs"
    base = "FlatBuffersMapping"
    # An optional string is a plain one, null when absent; an optional scalar is nullable.
    TO: ClassVar[dict[str, tuple[str, ...]]] = {**_TO, **_LISTS_TO, "optional_string": ("t.{c} = m.{c};",)}
    FROM: ClassVar[dict[str, str]] = {
        **_FROM,
        **_NULLABLE_FROM,
        "bytes": "t.{c} is null ? [] : [.. t.{c}]",
        "optional_string": "t.{c}",
        "optional_scalar": "t.{c}.HasValue ? Wire.Of(t.{c}.Value) : null",
    }

    def native(self, message: str) -> str:
        return f"N.{message}T"

    def payload_members(self) -> list[str]:
        return [
            "",
            "protected override int Pack(FlatBufferBuilder builder, N.PayloadT payload) =>",
            "    N.Payload.Pack(builder, payload).Value;",
            "",
            "protected override N.PayloadT Unpack(ByteBuffer buffer) =>",
            "    N.Payload.GetRootAsPayload(buffer).UnPack();",
            "",
            "protected override VerifyTableAction VerifyPayload => N.PayloadVerify.Verify;",
            "",
            "protected override long ReadLazy(ByteBuffer buffer)",
            "{",
            "    var payload = N.Payload.GetRootAsPayload(buffer);",
            "    long sum = 0;",
            "    for (var i = 0; i < payload.RecordsLength; i++) sum += Read(payload.Records(i)!.Value);",
            "    return sum;",
            "}",
            "",
            "protected override long ReadFull(N.PayloadT payload)",
            "{",
            "    long sum = 0;",
            "    foreach (var record in payload.Records) sum += Read(record);",
            "    return sum;",
            "}",
            "",
            f"// What the access operations read of one record: {', '.join(self.d.access)}.",
            *self.reads(lazy=True),
            *self.reads(lazy=False),
        ]

    def reads(self, lazy: bool) -> list[str]:
        """Read of the record (and of its oneof's members): lazily the table, else the object."""
        suffix = "" if lazy else "T"
        found = access(self.d)
        out = []
        for message, chains in found.chains.items():
            out += [
                "",
                f"private static long Read(N.{message}{suffix} record) =>",
                f"    {_weighed(chains)};",
            ]
        if found.union is not None:
            o = found.union
            u = self.union(self.d.message(self.d.record), o)
            c = pascal(o.name)
            if lazy:
                subject, member = f"record.{c}Type", f"record.{c}As"
            else:
                subject, member = f"record.{c}?.Type", f"record.{c}.As"
            arms = [f"N.{u}.{f.type_name} => Read({member}{f.type_name}())" for f in o.members]
            out += [
                "",
                f"private static long Read(N.{self.d.record}{suffix} record) =>",
                f"    {subject} switch {{ {', '.join([*arms, '_ => 0'])} }};",
            ]
        return out

    def union(self, m: Message, o: Oneof) -> str:
        return fbs_union(self.d, m.name, o.name)

    def to_oneof(self, o: Oneof, source: str) -> list[str]:
        message = next(m for m in self.d.messages if o in m.oneofs)
        u = self.union(message, o)
        arms = [f"{self.model(f.type_name)} v => N.{u}Union.From{f.type_name}(To(v))" for f in o.members]
        return [f"t.{pascal(o.name)} = {_switch(source, arms, _unknown(source))};"]

    def from_oneof(self, m: Message, o: Oneof, source: str) -> str:
        u = self.union(m, o)
        field = f"t.{pascal(o.name)}"
        arms = [f"N.{u}.{f.type_name} => From({field}.As{f.type_name}())" for f in o.members]
        return _switch(f"{field}?.Type", arms, f'new InvalidDataException("{o.name} is missing")')


def _weighed(chains: tuple[tuple[Field, ...], ...]) -> str:
    """The sum of every path's value, read through `?.`: an absent table or
    struct (null in both APIs) weighs nothing."""

    def term(chain: tuple[Field, ...]) -> str:
        path = "record." + "?.".join(pascal(f.name) for f in chain)
        return f"Weigh.Of({'(long?)' if chain[-1].enum else ''}{path})"

    return " + ".join(term(c) for c in chains)


class Thrift(Lib):
    """Structs with properties whose setters mark them set (__isset); a
    whole-message oneof is a Thrift union itself, else a union field."""

    name = "Thrift"
    idl = "thrift"
    base = "ThriftMapping"
    TO: ClassVar[dict[str, tuple[str, ...]]] = {**_TO, **_LISTS_TO}
    # Thrift reads any i32 into a generated enum: the model's must define it.
    FROM: ClassVar[dict[str, str]] = {
        **_FROM,
        **_NULLABLE_FROM,
        "bytes": "t.{c} ?? []",
        "enum": 'Mapped.Enum<M.{E}>((int)t.{c}, "{n}")',
        "optional_string": "t.__isset.{n} ? t.{c} : null",
        "optional_scalar": "t.__isset.{n} ? Wire.Of(t.{c}) : null",
    }

    def to(self, m: Message) -> list[str]:
        """A whole-message oneof is the union: one member set on a new one."""
        if not (len(m.oneofs) == 1 and m.oneofs[0].whole):
            return super().to(m)
        return [
            f"private static {self.native(m.name)} To({self.model(m.name)} m) =>",
            f"    {self._union(m.oneofs[0], 'm')};",
        ]

    def _union(self, o: Oneof, source: str) -> str:
        arms = [
            f"{self.model(f.type_name)} v => new() {{ {pascal(o.member(f))} = To(v) }}" for f in o.members
        ]
        return _switch(source, arms, _unknown(source))

    def to_oneof(self, o: Oneof, source: str) -> list[str]:
        return [f"t.{pascal(o.name)} = {self._union(o, source)};"]

    def from_oneof(self, m: Message, o: Oneof, source: str) -> str:
        def only(f: Field) -> str:
            return ", ".join(f"{pascal(o.member(g))}: " + ("{ } v" if g is f else "null") for g in o.members)

        what = m.name.lower() if o.whole else o.name
        subject = "t" if o.whole else f'Mapped.Required(t.{pascal(o.name)}, "{o.name}")'
        arms = [f"{{ {only(f)} }} => From(v)" for f in o.members]
        return _switch(subject, arms, f'new InvalidDataException("{what}: a union needs exactly one member")')


LIBS: tuple[type[Lib], ...] = (Protobuf, FlatBuffers, Thrift)


def datasets_class(datasets: list[Dataset]) -> list[str]:
    lines = [
        "namespace Serbench",
        "{",
        "    /// <summary>Every synthetic dataset bound to its generated mappings.</summary>",
        "    internal static class GeneratedDatasets",
        "    {",
        "        public static IReadOnlyList<IDataset> All { get; } =",
        "        [",
    ]
    for d in datasets:
        record = f"global::{model_namespace(d)}.{d.record}"
        mappings = ", ".join(f"new Mappings.{pascal(d.name)}{lib.name}()" for lib in LIBS)
        lines.append(f'            new Dataset<{record}>("{d.name}", [{mappings}]),')
    return [*lines, "        ];", "    }", "}"]


def generate(datasets: list[Dataset]) -> str:
    shared = shared_messages(datasets)
    out = [
        *banner("mappings"),
        "using Google.FlatBuffers;",
        "using Serbench.Libraries;",
        "using Serbench.Model;",
        "",
        *datasets_class(datasets),
    ]
    for d in datasets:
        for lib in LIBS:
            out += ["", *lib(d, shared).mapping()]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    run(__doc__, generate)
