"""Writes C#'s native model (Model.g.cs) from the dataset description
(tools/codegen/describe.py): per message one record with a `required init`
property per field, each enum, the `Payload<TRecord>` wrapper, every
model-first library's attributes on them, and System.Text.Json's
source-generated context.

The model of dataset d is namespace Serbench.Model.<D>s, its classes named as
the schema's messages, but a message of plain fields several datasets define
alike (user's and order's Address) is one class in Serbench.Model. A field is
the property of its PascalCase name, typed as the .proto says (lists,
optional values nullable) with a scalar's width from the .fbs twin (`short`,
`[ubyte]` is byte[]). A oneof is a property of the oneof's name whose type is
an abstract base of its members' classes, named as the .fbs union; a message
that is nothing but a oneof (filetree's Node) is that base itself.

Each model-first library declares its attributes once, in LIBRARIES: on every
class, on every property (with the schema's name as key and the .proto's
number), on a union's base (its cases), on an enum; a library that reads a
oneof as one field per member (protobuf-net) gets a private property per
member, visible to it alone.

    model --descriptors FILE --idl FILE.fbs... --out Model.g.cs
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tools.codegen.describe import (
    TIMESTAMP,
    Dataset,
    FbsField,
    Field,
    Message,
    Oneof,
    fbs_fields,
    fbs_union,
    pascal,
    run,
    scalar,
)

# describe.scalar's widths as C# types.
_CS = {
    "bool": "bool",
    "int8": "sbyte",
    "uint8": "byte",
    "int16": "short",
    "uint16": "ushort",
    "int32": "int",
    "uint32": "uint",
    "int64": "long",
    "uint64": "ulong",
    "float32": "float",
    "float64": "double",
    TIMESTAMP: "long",
}
# The canonical JSON's tag of a union's case (schemas/README.md): {"type": "file", ...}.
UNION_TAG = "type"


@dataclass(frozen=True)
class Member:
    """A property as the libraries' attributes see it."""

    key: str  # the schema's name
    number: int | None  # the .proto field number; None for a oneof's property
    packed: bool = False
    holds: str = ""  # what a converter may care for: timestamp | bytes | "" (anything else)


@dataclass(frozen=True)
class Case:
    tag: int  # the case's index in the oneof
    number: int  # the member's .proto field number
    type: str  # its class
    name: str  # the member's name (File, Directory -> file, directory)


@dataclass(frozen=True)
class Union:
    cases: tuple[Case, ...]
    whole: bool  # the base is a message that is nothing but the oneof


def _none(_: object) -> tuple[str, ...]:
    return ()


@dataclass(frozen=True)
class Library:
    """One model-first library's attributes: each callable gives the attributes
    (without brackets) of one property, union base or enum."""

    namespace: str  # its attributes' namespace (a using directive)
    record: tuple[str, ...] = ()  # on every class
    member: Callable[[Member], tuple[str, ...]] = _none
    union: Callable[[Union], tuple[str, ...]] = _none
    enum: Callable[[str], tuple[str, ...]] = _none
    oneof_fields: bool = False  # reads a oneof inside a message as one field per member


def _protobuf_member(m: Member) -> tuple[str, ...]:
    if m.number is None:
        return ()
    return (f"ProtoMember({m.number}{', IsPacked = true' if m.packed else ''})",)


def _json_member(m: Member) -> tuple[str, ...]:
    converter = {TIMESTAMP: "TimestampJsonConverter", "bytes": "ByteListJsonConverter"}.get(m.holds)
    return (f"JsonConverter(typeof({converter}))",) if converter else ()


def _json_union(u: Union) -> tuple[str, ...]:
    return (
        f'JsonPolymorphic(TypeDiscriminatorPropertyName = "{UNION_TAG}")',
        *(f'JsonDerivedType(typeof({c.type}), "{c.name}")' for c in u.cases),
    )


LIBRARIES: tuple[Library, ...] = (
    Library(
        "MemoryPack",
        record=("MemoryPackable",),
        union=lambda u: ("MemoryPackable", *(f"MemoryPackUnion({c.tag}, typeof({c.type}))" for c in u.cases)),
    ),
    Library(
        "MessagePack",
        record=("MessagePackObject",),
        member=lambda m: (f'Key("{m.key}")',),
        union=lambda u: tuple(f"Union({c.tag}, typeof({c.type}))" for c in u.cases),
    ),
    Library(
        "ProGaudi.MsgPack.Light", record=("MsgPackMap",), member=lambda m: (f'MsgPackMapElement("{m.key}")',)
    ),
    # A message that is nothing but a oneof is its members as sub-messages (ProtoInclude);
    # any other oneof is one private property per member, at the member's number.
    Library(
        "ProtoBuf",
        record=("ProtoContract",),
        member=_protobuf_member,
        union=lambda u: (
            ("ProtoContract", *(f"ProtoInclude({c.number}, typeof({c.type}))" for c in u.cases))
            if u.whole
            else ()
        ),
        oneof_fields=True,
    ),
    Library(
        "System.Text.Json.Serialization",
        member=_json_member,
        union=_json_union,
        enum=lambda e: (f"JsonConverter(typeof(JsonStringEnumConverter<{e}>))",),
    ),
)


def model_namespace(d: Dataset) -> str:
    """Serbench.Model.<D>s: plural, so that the namespace is not one of its classes."""
    plural = pascal(d.name)
    return "Serbench.Model." + (plural if plural.endswith("s") else plural + "s")


def shared_messages(datasets: list[Dataset]) -> frozenset[str]:
    """The messages several datasets define alike (same fields, none of them a message or
    an enum): the model has one class for each, Serbench.Model.<Name> (user's and order's
    Address), not one per dataset."""
    defined: dict[str, list[Message]] = {}
    for d in datasets:
        for m in d.messages:
            defined.setdefault(m.name, []).append(m)
    return frozenset(
        name for name, ms in defined.items() if len(ms) > 1 and len(set(ms)) == 1 and _leaf(ms[0])
    )


def _leaf(m: Message) -> bool:
    return all(isinstance(x, Field) and x.kind != "message" and not x.enum for x in m.items)


def _block(head: str, body: list[str]) -> list[str]:
    """head { body }, the body indented without its trailing blank line."""
    while body and not body[-1]:
        body = body[:-1]
    return [head, "{", *(f"    {x}".rstrip() for x in body), "}"]


def _attributes(lines: list[tuple[str, ...]]) -> list[str]:
    """One bracketed list per non-empty group."""
    return [f"[{', '.join(x)}]" for x in lines if x]


def _class_attributes() -> list[str]:
    return _attributes([tuple(a for lib in LIBRARIES for a in lib.record)])


def _property(m: Member, declaration: str, libraries: tuple[Library, ...] | None = None) -> list[str]:
    """The property's attributes (of every library unless `libraries`), its declaration, a blank line."""
    attributes = tuple(a for lib in (LIBRARIES if libraries is None else libraries) for a in lib.member(m))
    return [*_attributes([attributes]), declaration, ""]


class Model:
    """The model classes of one dataset."""

    def __init__(self, d: Dataset, shared: frozenset[str]) -> None:
        self.d = d
        self.shared = shared
        self.fbs: dict[tuple[str, str], FbsField] = fbs_fields(d)
        # member class -> the base it derives from
        self.bases = {f.type_name: self.base(m, o) for m in d.messages for o in m.oneofs for f in o.members}

    def base(self, m: Message, o: Oneof) -> str:
        """The class of a oneof: the message itself if it is nothing but it, else the .fbs union."""
        return m.name if o.whole else fbs_union(self.d, m.name, o.name)

    def type(self, message: str, f: Field) -> str:
        if f.kind == "bytes":
            return "byte[]"
        if f.kind == "message" or f.enum:
            one = f.type_name
        elif f.kind == "string":
            one = "string"
        else:
            one = _CS[scalar(self.d, self.fbs, message, f)]
        if f.repeated:
            return f"List<{one}>"
        return one + "?" if f.optional else one

    def field(self, message: str, f: Field) -> list[str]:
        cs = self.type(message, f)
        one_number = f.kind == "scalar" and not f.enum and not f.repeated
        holds = "bytes" if f.kind == "bytes" else scalar(self.d, self.fbs, message, f) if one_number else ""
        initial = " = [];" if f.repeated or f.kind == "bytes" else ' = "";' if cs == "string" else ""
        required = "" if f.optional else "required "
        declaration = f"public {required}{cs} {pascal(f.name)} {{ get; init; }}{initial}"
        return _property(Member(f.name, f.number, f.packed, holds), declaration)

    def oneof(self, m: Message, o: Oneof) -> list[str]:
        """The oneof's property, then (for the libraries reading it as one field per member)
        a private property per member."""
        base = self.base(m, o)
        c = pascal(o.name)
        lines = _property(Member(o.name, None), f"public required {base} {c} {{ get; init; }}")
        libraries = tuple(lib for lib in LIBRARIES if lib.oneof_fields)
        for f in o.members:
            access = f"{{ get => {c} as {f.type_name}; init => {c} = value!; }}"
            declaration = f"private {f.type_name}? {pascal(f.name)} {access}"
            lines += _property(Member(f.name, f.number), declaration, libraries)
        return lines

    def message(self, m: Message) -> list[str]:
        if m.whole:
            return self.union(m.name, m.whole)
        body: list[str] = []
        for x in m.items:
            body += self.oneof(m, x) if isinstance(x, Oneof) else self.field(m.name, x)
        base = f" : {self.bases[m.name]}" if m.name in self.bases else ""
        return [*_class_attributes(), *_block(f"public sealed partial record {m.name}{base}", body)]

    def union(self, name: str, o: Oneof) -> list[str]:
        u = Union(
            tuple(Case(i, f.number, f.type_name, o.member(f)) for i, f in enumerate(o.members)),
            whole=o.whole,
        )
        return [*_attributes([lib.union(u) for lib in LIBRARIES]), f"public abstract partial record {name};"]

    def enums(self) -> list[str]:
        out: list[str] = []
        for name, values in self.d.enums.items():
            out += [
                *_attributes([lib.enum(name) for lib in LIBRARIES]),
                f"public enum {name} {{ {', '.join(f'{v} = {i}' for i, v in enumerate(values))} }}",
                "",
            ]
        return out

    def classes(self) -> list[str]:
        """Enums, the bases of oneofs inside messages, then every message not shared."""
        out = self.enums()
        for m in self.d.messages:
            for o in m.oneofs:
                if not o.whole:
                    out += [*self.union(self.base(m, o), o), ""]
        for m in self.d.messages:
            if m.name not in self.shared:
                out += [*self.message(m), ""]
        return out


def payload(datasets: list[Dataset]) -> list[str]:
    """Payload<TRecord>: `Payload {records}` of every dataset, one generic class."""
    numbers = {d.records_number for d in datasets}
    if len(numbers) != 1:
        raise SystemExit(f"Payload.records has several numbers across the datasets: {sorted(numbers)}")
    records = _property(
        Member("records", numbers.pop()), "public required List<TRecord> Records { get; init; } = [];"
    )
    return [*_class_attributes(), *_block("public sealed partial class Payload<TRecord>", records), ""]


def _shared(datasets: list[Dataset], shared: frozenset[str]) -> list[str]:
    """The shared classes, each from the first dataset defining it."""
    out: list[str] = []
    for name in sorted(shared):
        d = next(d for d in datasets if any(m.name == name for m in d.messages))
        out += [*Model(d, frozenset()).message(d.message(name)), ""]
    return out


_STJ = "global::System.Text.Json.Serialization"


def _type_names(d: Dataset, shared: frozenset[str]) -> list[str]:
    """The model classes and enums of a dataset, as the source generator names them (but
    the classes several datasets share: one type, one name)."""
    enums = [f.type_name for m in d.messages for f in m.fields if f.enum]
    return [x for x in dict.fromkeys([m.name for m in d.messages] + enums) if x not in shared]


def json_context(datasets: list[Dataset], shared: frozenset[str]) -> list[str]:
    """System.Text.Json's source-generated context (the source_gen variant of
    Libraries/SystemTextJsonLibrary.cs): every dataset's payload as a root type, the
    generator needing each at compile time. A class or enum whose name an earlier dataset
    already took is named apart (the generator names its type info by the bare name)."""
    lines = [
        f"[{_STJ}.JsonSourceGenerationOptions(",
        f"    PropertyNamingPolicy = {_STJ}.JsonKnownNamingPolicy.SnakeCaseLower,",
        f"    DefaultIgnoreCondition = {_STJ}.JsonIgnoreCondition.WhenWritingNull)]",
    ]
    taken: set[str] = set()
    for d in datasets:
        model = f"global::{model_namespace(d)}"
        lines.append(f"[{_STJ}.JsonSerializable(typeof(global::Serbench.Model.Payload<{model}.{d.record}>))]")
        for name in _type_names(d, shared):
            if name in taken:
                apart = f'TypeInfoPropertyName = "{pascal(d.name)}{name}"'
                lines.append(f"[{_STJ}.JsonSerializable(typeof({model}.{name}), {apart})]")
            taken.add(name)
    return [*lines, f"internal sealed partial class SourceGenContext : {_STJ}.JsonSerializerContext;", ""]


def banner(generator: str) -> list[str]:
    """The first lines of a generated file: auto-generated (no style analyzers), nullable on."""
    return [
        "// <auto-generated/>",
        f"// Generated by //dotnet/core/codegen:{generator} from the dataset schemas; do not edit.",
        "#nullable enable",
    ]


def generate(datasets: list[Dataset]) -> str:
    shared = shared_messages(datasets)
    out = [
        *banner("model"),
        *(f"using {lib.namespace};" for lib in LIBRARIES),
        "",
        *_block("namespace Serbench.Model", [*payload(datasets), *_shared(datasets, shared)]),
    ]
    for d in datasets:
        out += ["", *_block(f"namespace {model_namespace(d)}", Model(d, shared).classes())]
    out += ["", *_block("namespace Serbench.Libraries", json_context(datasets, shared))]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    run(__doc__, generate)
