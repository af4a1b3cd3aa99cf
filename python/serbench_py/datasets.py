"""The synthetic datasets and the packages document's records, described once.

The synthetic ones are read from their schemas as the other languages' generators
read them (tools/codegen/describe.py): the .proto of each, through its generated
module's descriptor, with the .fbs twin for widths and timestamps. The packages
document has no IDL schemas, so its records are written here (see
schemas/README.md for the contract).
"""

import importlib

import describe
from google.protobuf import descriptor_pb2

from schemas.catalog import catalog
from serbench_py.fixtures import runfile
from serbench_py.schema import (
    STR,
    TIMESTAMP,
    Dataset,
    Enum,
    Field,
    List,
    Map,
    Optional,
    Record,
    Ref,
    Scalar,
    Type,
    Union,
)


class _Reader:
    """One dataset's description as the schema module's types."""

    def __init__(self, d: describe.Dataset) -> None:
        self.d = d
        self.fbs = describe.fbs_fields(d)
        self.unions = {m.name: self._union(m, o) for m in d.messages if (o := m.whole)}

    def _union(self, m: describe.Message, o: describe.Oneof, inline: bool = False) -> Union:
        tags = tuple((o.member(f), f.type_name) for f in o.members)
        fbs = self.fbs[(m.name, o.name)].type
        if inline:
            return Union(fbs, tags)
        fbs_enum = "" if fbs == m.name else fbs
        return Union(m.name, tags, wrapper=m.name, field=o.name, fbs_enum=fbs_enum)

    def type(self, message: str, f: describe.Field) -> Type:
        one: Type
        if f.kind == "message":
            one = self.unions.get(f.type_name) or Ref(f.type_name)
        elif f.kind == "string":
            one = STR
        elif f.enum:
            one = Enum(f.type_name, self.d.enums[f.type_name])
        else:
            kind = describe.scalar(self.d, self.fbs, message, f)
            one = TIMESTAMP if kind == describe.TIMESTAMP else Scalar(kind)
        if f.repeated or f.kind == "bytes":
            return List(one)
        return Optional(one) if f.optional else one

    def record(self, m: describe.Message) -> Record:
        fields = tuple(
            Field(x.name, self._union(m, x, inline=True))
            if isinstance(x, describe.Oneof)
            else Field(x.name, self.type(m.name, x))
            for x in m.items
        )
        return Record(m.name, fields)

    def dataset(self) -> Dataset:
        d = self.d
        records = tuple(self.record(m) for m in d.messages if not m.whole)
        inline = tuple(f.type for r in records for f in r.fields if isinstance(f.type, Union))
        return Dataset(
            d.name,
            records=records,
            root=self.unions.get(d.record) or Ref(d.record),
            access=d.access,
            unions=tuple(self.unions.values()) + inline,
        )


def _synthetic(name: str) -> Dataset:
    proto = descriptor_pb2.FileDescriptorProto()
    importlib.import_module(f"schemas.{name}.{name}_pb2").DESCRIPTOR.CopyToProto(proto)
    return _Reader(describe.dataset(proto, [runfile(f"schemas/{name}/{name}.fbs")])).dataset()


SYNTHETIC: dict[str, Dataset] = {name: _synthetic(name) for name in catalog.SYNTHETIC_DATASETS}

_INT = Scalar("int64")

# The packages document (apt's index): no IDL schemas, only typed classes use it.
PACKAGES = Dataset(
    "packages",
    records=(
        Record(
            "Package",
            (
                *(Field(n, STR) for n in ("version", "architecture")),
                Field("depends", List(STR)),
                Field("installed_size", _INT),
                Field("size", _INT),
                *(Field(n, STR) for n in ("md5", "sha256", "section", "maintainer", "description")),
            ),
        ),
    ),
    root=Ref("Package"),
    access=(),  # one document: no records to access
    top=Record("Packages", (Field("packages", Map(Ref("Package"))),)),
)
