"""Writes C++'s native model (cpp/model/records.h) from the dataset description
(tools/codegen/describe.py): per message one struct whose members are the
.proto's fields in order, with `Fields()` (cpp/model/describe.h) naming each,
plus each enum with its `EnumNames`, and `Records`, the record types in the
catalog's order.

A member's type: messages, strings, optional (std::optional) and repeated
(std::vector) as the .proto says; a scalar's width as the .fbs twin says
(`short` is std::int16_t, `[ubyte]` and bytes std::vector<std::uint8_t>), and
an int64 the .fbs marks `(timestamp)` a `Timestamp`. A oneof is a std::variant
member named after it whose alternatives carry the member's name as `kType`; a
message that is nothing but a oneof (filetree's Node) has no `Fields()`, only
the variant. A record type carries its dataset's name as `kDataset`. Messages
of the same name in two datasets (user's and order's Address) must be alike:
they are one struct.

    model --descriptors FILE --idl FILE.fbs... --out records.h
"""

from __future__ import annotations

from tools.codegen.describe import (
    TIMESTAMP,
    Dataset,
    FbsField,
    Field,
    Message,
    Oneof,
    fbs_fields,
    pascal,
    run,
    scalar,
)

# describe.scalar's widths as C++ types.
_CPP = {
    "bool": "bool",
    "float32": "float",
    "float64": "double",
    **{f"{sign}int{bits}": f"std::{sign}int{bits}_t" for sign in ("", "u") for bits in (8, 16, 32, 64)},
    TIMESTAMP: "Timestamp",
}


def enum_value(name: str) -> str:
    """READ_WRITE -> kReadWrite."""
    return "k" + pascal(name.lower())


class Model:
    """The structs of every dataset, each message once."""

    def __init__(self, datasets: list[Dataset]) -> None:
        self.datasets = datasets
        self.messages: dict[str, tuple[Dataset, Message]] = {}
        self.kinds: dict[str, str] = {}  # member message -> its name in a oneof (kType)
        for d in datasets:
            for m in d.messages:
                seen = self.messages.setdefault(m.name, (d, m))[1]
                if seen != m:
                    raise SystemExit(f"{d.name}: message {m.name} differs from the one of another dataset")
                for o in m.oneofs:
                    for f in o.members:
                        if self.kinds.setdefault(f.type_name, o.member(f)) != o.member(f):
                            raise SystemExit(f"{f.type_name} is a member of two oneofs under two names")
        self.cyclic = {n for n in self.messages if n in self._reachable(n)}

    def _refs(self, m: Message) -> list[Field]:
        """The message-typed fields and oneof members of m."""
        return [f for f in m.fields if f.kind == "message"] + [f for o in m.oneofs for f in o.members]

    def _reachable(self, name: str) -> set[str]:
        found: set[str] = set()
        todo = [name]
        while todo:
            for f in self._refs(self.messages[todo.pop()][1]):
                if f.type_name not in found:
                    found.add(f.type_name)
                    todo.append(f.type_name)
        return found

    def order(self) -> list[str]:
        """Every message after the ones it holds by value (a member or a
        variant's alternative) and, but within a cycle, after those it holds in
        a vector; datasets in the catalog's order."""
        out: list[str] = []

        def visit(name: str, path: frozenset[str]) -> None:
            if name in out or name in path:
                return
            m = self.messages[name][1]
            for f in self._refs(m):
                soft = f.repeated and name in self.cyclic and f.type_name in self.cyclic
                if not soft:
                    visit(f.type_name, path | {name})
            out.append(name)

        for d in self.datasets:
            for m in d.messages:
                visit(m.name, frozenset())
        return out

    def member_type(self, d: Dataset, message: str, f: Field, fbs: dict[tuple[str, str], FbsField]) -> str:
        if f.kind == "message":
            one = f.type_name
        elif f.kind == "string":
            one = "std::string"
        elif f.enum:
            one = f.type_name
        else:
            one = _CPP[scalar(d, fbs, message, f)]
        if f.repeated or f.kind == "bytes":
            return f"std::vector<{one}>"
        return f"std::optional<{one}>" if f.optional else one

    def default(self, d: Dataset, f: Field, kind: str) -> str:
        """The member's initializer: numbers and enums start at zero."""
        if f.enum and kind == f.type_name:
            return f" = {f.type_name}::{enum_value(d.enums[f.type_name][0])}"
        return " = 0" if kind in _CPP.values() and kind != "Timestamp" else ""

    def struct(self, name: str) -> list[str]:
        d, m = self.messages[name]
        fbs = fbs_fields(d)
        members: list[tuple[str, str]] = []  # (declaration, name)
        for item in m.items:
            if isinstance(item, Oneof):
                alternatives = ", ".join(f.type_name for f in item.members)
                members.append((f"std::variant<{alternatives}> {item.name};", item.name))
            else:
                kind = self.member_type(d, name, item, fbs)
                members.append((f"{kind} {item.name}{self.default(d, item, kind)};", item.name))
        tags = [f'  static constexpr std::string_view kDataset = "{d.name}";'] if name == d.record else []
        if name in self.kinds:
            tags.append(f'  static constexpr std::string_view kType = "{self.kinds[name]}";')
        equal = f"  bool operator==(const {name}&) const{';' if name in self.cyclic else ' = default;'}"
        fields = (
            []
            if m.whole
            else [
                "  static constexpr auto Fields() {",
                "    return std::tuple{",
                *(f'        Field{{"{n}", &{name}::{n}}},' for _, n in members),
                "    };",
                "  }",
            ]
        )
        return [
            f"struct {name} {{",
            *tags,
            *([""] if tags else []),
            *(f"  {x}" for x, _ in members),
            "",
            equal,
            *fields,
            "};",
        ]

    def enums(self) -> list[str]:
        out: list[str] = []
        seen: dict[str, tuple[str, ...]] = {}
        for d in self.datasets:
            for name, values in d.enums.items():
                if seen.setdefault(name, values) != values:
                    raise SystemExit(f"{d.name}: enum {name} differs from the one of another dataset")
                if seen[name] is not values:
                    continue
                out += [
                    f"enum class {name} : std::uint8_t {{ {', '.join(enum_value(v) for v in values)} }};",
                    "",
                    f"constexpr std::array<std::string_view, {len(values)}> EnumNames({name}) {{",
                    f"  return {{{', '.join(f'{chr(34)}{v}{chr(34)}' for v in values)}}};",
                    "}",
                    "",
                ]
        return out


_INCLUDES = ["array", "cstdint", "optional", "string", "string_view", "tuple", "variant", "vector"]


def header(datasets: list[Dataset]) -> str:
    model = Model(datasets)
    order = model.order()
    cyclic = [n for n in order if n in model.cyclic]
    out = [
        "// Generated by //cpp/codegen:model from the dataset schemas; do not edit.",
        "#pragma once",
        "",
        *(f"#include <{x}>" for x in _INCLUDES),
        "",
        '#include "cpp/model/describe.h"',
        "",
        "namespace serbench::model {",
        "",
        *model.enums(),
        *(f"struct {n};" for n in cyclic),
        *([""] if cyclic else []),
    ]
    for name in order:
        out += [*model.struct(name), ""]
    # Defaulted once the types of the cycle are complete (clang++-14, which
    # cpp/fuzz uses, crashes on them defaulted inside the class).
    out += [f"inline bool {n}::operator==(const {n}&) const = default;" for n in cyclic]
    out += [
        *([""] if cyclic else []),
        "// Record types in the catalog's order (schemas/catalog/catalog.json).",
        f"using Records = std::tuple<{', '.join(d.record for d in datasets)}>;",
        "",
        "}  // namespace serbench::model",
        "",
    ]
    return "\n".join(out)


if __name__ == "__main__":
    run(__doc__, header)
