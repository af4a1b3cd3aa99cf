"""Writes C++'s access functions: what the access operations read of one
record, from the catalog's access paths (schemas/README.md, "Access fields")
resolved against the dataset description (tools/codegen/describe.py).

Per record type R (and, for a record that is nothing but a oneof, per member
message) one `std::uint64_t AccessFew(R)` adds up `Weigh` of every path's value
(cpp/model/weigh.h: a string's length, a number's value). Each reader spells
the same paths for one kind of object:
    Model              the model structs: model-first libraries' access_full,
                       and Cap'n Proto's (its full decode is the copy into the
                       model); into cpp/model/access.h by this script's main,
                       with AccessPointers (the same paths as JSON pointers
                       into one record of the canonical JSON, which the
                       schema-less JSON DOMs read)
    Protobuf, Thrift,  what each library's decode returns (access_full), into
    FlatbuffersObject  its mapping header by mappings.py
    FlatbuffersTable,  a verified table or a reader, in place (access_lazy),
    Capnp              likewise

    access --descriptors FILE --out access.h
"""

from __future__ import annotations

import argparse
from pathlib import Path

from tools.codegen.describe import Dataset, Field, Oneof, access, load, pascal


class Reader:
    """How one C++ API reads a record's fields: by value (never absent: the
    model, protobuf and Thrift objects, Cap'n Proto readers) or through
    pointers (FlatBuffers, null when a table or struct is absent)."""

    pointers = False

    def __init__(self, native: str = "", structs: frozenset[str] = frozenset()) -> None:
        self.native = native  # the generated classes' namespace (not the model's)
        self.structs = structs  # FlatBuffers structs (read through accessors)

    def param(self, message: str) -> str:
        return f"const {self.native}::{message}& t"

    def get(self, owner: str, f: Field, parent: str) -> str:
        """Field f of message `parent`, read from `owner` (a value, or, with
        pointers, a pointer but at the root `t`)."""
        raise NotImplementedError

    def pointer(self, read: str) -> str:
        """A raw pointer to a message field `get` read (pointers only)."""
        return read

    def dispatch(self, o: Oneof) -> list[str]:
        """The body reading the member of whole-record oneof `o` that is set."""
        raise NotImplementedError


class Model(Reader):
    def param(self, message: str) -> str:
        return f"const {message}& t"

    def get(self, owner: str, f: Field, parent: str) -> str:
        return f"{owner}.{f.name}"

    def dispatch(self, o: Oneof) -> list[str]:
        return [f"return std::visit([](const auto& m) {{ return AccessFew(m); }}, t.{o.name});"]


class Protobuf(Reader):
    """Generated messages: an absent sub-message reads as its default instance."""

    def get(self, owner: str, f: Field, parent: str) -> str:
        return f"{owner}.{f.name}()"

    def dispatch(self, o: Oneof) -> list[str]:
        return [*(f"if (t.has_{f.name}()) return AccessFew(t.{f.name}());" for f in o.members), "return 0;"]


class Thrift(Reader):
    """Generated structs with public members; a union's members carry __isset flags."""

    def get(self, owner: str, f: Field, parent: str) -> str:
        return f"{owner}.{f.name}"

    def dispatch(self, o: Oneof) -> list[str]:
        member = [o.member(f) for f in o.members]
        return [*(f"if (t.__isset.{m}) return AccessFew(t.{m});" for m in member), "return 0;"]


class FlatbuffersTable(Reader):
    """A verified table read in place: accessors; tables and structs as pointers."""

    pointers = True

    def get(self, owner: str, f: Field, parent: str) -> str:
        return f"{owner}{'.' if owner == 't' else '->'}{f.name}()"

    def dispatch(self, o: Oneof) -> list[str]:
        return [
            *(f"if (const auto* m = t.{o.name}_as_{f.type_name}()) return AccessFew(*m);" for f in o.members),
            "return 0;",
        ]


class FlatbuffersObject(Reader):
    """The object API (what decode unpacks): tables XT with members, each table
    or struct held by unique_ptr; a struct's fields are its accessors."""

    pointers = True

    def param(self, message: str) -> str:
        return f"const {self.native}::{message}T& t"

    def get(self, owner: str, f: Field, parent: str) -> str:
        call = "()" if parent in self.structs else ""
        return f"{owner}{'.' if owner == 't' else '->'}{f.name}{call}"

    def pointer(self, read: str) -> str:
        return f"{read}.get()"

    def dispatch(self, o: Oneof) -> list[str]:
        return [
            *(f"if (const auto* m = t.{o.name}.As{f.type_name}()) return AccessFew(*m);" for f in o.members),
            "return 0;",
        ]


class Capnp(Reader):
    def param(self, message: str) -> str:
        return f"{self.native}::{message}::Reader t"

    def get(self, owner: str, f: Field, parent: str) -> str:
        return f"{owner}.get{pascal(f.name)}()"

    def dispatch(self, o: Oneof) -> list[str]:
        member = [pascal(o.member(f)) for f in o.members]
        return [*(f"if (t.is{m}()) return AccessFew(t.get{m}());" for m in member), "return 0;"]


def _add(reader: Reader, start: str, chain: tuple[Field, ...]) -> str:
    """The statement adding one path's value to `sum`; through pointers, only
    when every message on the way is present."""
    owner, parent, guards = "t", start, []
    for i, f in enumerate(chain[:-1]):
        read = reader.get(owner, f, parent)
        if reader.pointers:
            guards.append(f"if (const auto* p{i} = {reader.pointer(read)}) ")
            owner = f"p{i}"
        else:
            owner = read
        parent = f.type_name
    return "".join(guards) + f"sum += Weigh({reader.get(owner, chain[-1], parent)});"


def functions(reader: Reader, d: Dataset) -> list[str]:
    """AccessFew of d's record type (and of its oneof's members, first)."""
    found = access(d)
    out: list[str] = []
    for message, chains in found.chains.items():
        out += [
            *([""] if out else []),
            f"inline std::uint64_t AccessFew({reader.param(message)}) {{",
            "  std::uint64_t sum = 0;",
            *(f"  {_add(reader, message, c)}" for c in chains),
            "  return sum;",
            "}",
        ]
    if found.union is not None:
        out += [
            "",
            f"inline std::uint64_t AccessFew({reader.param(d.record)}) {{",
            *(f"  {x}" for x in reader.dispatch(found.union)),
            "}",
        ]
    return out


def pointer(path: str) -> str:
    """A dotted access path as a JSON pointer (RFC 6901; field names need no escaping)."""
    return "/" + path.replace(".", "/")


def pointers_function(datasets: list[Dataset]) -> list[str]:
    """AccessPointers(dataset): each dataset's paths as JSON pointers into one record."""

    def returns(d: Dataset) -> str:
        quoted = ", ".join(f'"{pointer(p)}"' for p in d.access)
        return f'  if (dataset == "{d.name}") return {{{quoted}}};'

    return [
        "// A dataset's access paths as JSON pointers into one record of its canonical JSON.",
        "inline std::vector<std::string> AccessPointers(std::string_view dataset) {",
        *(returns(d) for d in datasets),
        '  throw std::invalid_argument("no access paths for dataset " + std::string(dataset));',
        "}",
    ]


def model_header(datasets: list[Dataset]) -> str:
    out = [
        "// Generated by //cpp/codegen:access from the catalog's access paths; do not edit.",
        "#pragma once",
        "",
        "#include <cstdint>",
        "#include <stdexcept>",
        "#include <string>",
        "#include <string_view>",
        "#include <variant>",
        "#include <vector>",
        "",
        '#include "cpp/model/records.h"',
        '#include "cpp/model/weigh.h"',
        "",
        "namespace serbench::model {",
    ]
    for d in datasets:
        out += ["", f"// {d.name}: {', '.join(d.access)}", *functions(Model(), d)]
    out += ["", *pointers_function(datasets)]
    return "\n".join([*out, "", "}  // namespace serbench::model", ""])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--descriptors", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    args.out.write_text(model_header(load(args.descriptors, [])))


if __name__ == "__main__":
    main()
