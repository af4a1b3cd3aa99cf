"""The reading of the description: oneofs, proto3 optional fields, enums,
FlatBuffers structs and names."""

from __future__ import annotations

from pathlib import Path

import pytest
from google.protobuf import descriptor_pb2

from tools.codegen import describe
from tools.codegen.testing import F as _F
from tools.codegen.testing import field as _field
from tools.codegen.testing import message as _message


def test_a_oneof_keeps_its_members_and_names_them_without_its_prefix() -> None:
    m = describe.message(
        _message(
            "Monster",
            _field("name", _F.TYPE_STRING),
            _field("equipped_weapon", _F.TYPE_MESSAGE, type_name=".g.Weapon", oneof_index=0),
            _field("equipped_shield", _F.TYPE_MESSAGE, type_name=".g.Shield", oneof_index=0),
            oneofs=("equipped",),
        )
    )
    assert [f.name for f in m.fields] == ["name"]
    (o,) = m.oneofs
    assert not o.whole
    assert [o.member(f) for f in o.members] == ["weapon", "shield"]
    assert [f.type_name for f in o.members] == ["Weapon", "Shield"]


def test_a_message_of_one_oneof_is_whole_and_proto3_optional_is_a_field() -> None:
    node = describe.message(
        _message(
            "Node",
            _field("file", _F.TYPE_MESSAGE, type_name=".f.File", oneof_index=0),
            oneofs=("entry",),
        )
    )
    assert node.oneofs[0].whole
    file = describe.message(
        _message(
            "File",
            _field("updated_at", _F.TYPE_INT64, oneof_index=0, proto3_optional=True),
            oneofs=("_updated_at",),
        )
    )
    assert file.oneofs == ()
    assert file.fields[0].optional


def test_an_enum_field_is_a_scalar_that_names_its_enum() -> None:
    m = describe.message(_message("Order", _field("status", _F.TYPE_ENUM, type_name=".o.OrderStatus")))
    (status,) = m.fields
    assert (status.kind, status.enum, status.type_name) == ("scalar", True, "OrderStatus")
    assert not describe.message(_message("User", _field("age", _F.TYPE_UINT32))).fields[0].enum


def test_a_field_keeps_its_number_and_proto3_packs_repeated_numbers() -> None:
    m = describe.message(
        _message(
            "Series",
            _field("name", _F.TYPE_STRING, number=2),
            _field("values", _F.TYPE_DOUBLE, number=4, label=_F.LABEL_REPEATED),
            _field("tags", _F.TYPE_STRING, label=_F.LABEL_REPEATED),
            _field(
                "raw",
                _F.TYPE_INT64,
                label=_F.LABEL_REPEATED,
                options=descriptor_pb2.FieldOptions(packed=False),
            ),
        )
    )
    assert [(f.number, f.packed) for f in m.fields] == [(2, False), (4, True), (1, False), (1, False)]


def test_a_dataset_is_proto3_and_keeps_the_records_number(tmp_path: Path) -> None:
    payload = _message("Payload", _field("records", _F.TYPE_MESSAGE, type_name=".s.User", number=3))
    f = descriptor_pb2.FileDescriptorProto(name="user.proto", package="s.user", syntax="proto3")
    f.message_type.extend([_message("User"), payload])
    f.enum_type.add(name="Unit").value.add(name="NONE", number=0)
    d = describe.dataset(f, [])
    assert (d.record, d.records_number, d.enums) == ("User", 3, {"Unit": ("NONE",)})
    f.syntax = "proto2"
    with pytest.raises(SystemExit, match="proto3"):
        describe.dataset(f, [])


def test_fbs_unions(tmp_path: Path) -> None:
    fbs = tmp_path / "game.fbs"
    fbs.write_text(
        "union Equipment { Weapon, Shield }\ntable Monster {\n  hp:short;\n  equipped:Equipment;\n}\n"
    )
    d = describe.Dataset("game", "Monster", (), {"fbs": fbs})
    assert describe.fbs_unions(d) == {("Monster", "equipped"): "Equipment"}


def test_fbs_structs_and_pascal(tmp_path: Path) -> None:
    fbs = tmp_path / "game.fbs"
    fbs.write_text("namespace g;\nstruct Vec3 {\n  x:float;\n  y:float;\n}\ntable T { a:int; }\n")
    assert describe.fbs_structs(describe.Dataset("game", "Monster", (), {"fbs": fbs})) == {"Vec3": ["x", "y"]}
    assert describe.pascal("message_id") == "MessageId"


def _value(name: str, kind: str = "scalar", type_name: str = "", **extra: bool) -> describe.Field:
    return describe.Field(name, kind, type_name, extra.get("repeated", False), extra.get("optional", False))


_OWNER = describe.Message("Owner", (_value("id"), _value("tags", "string", repeated=True)))
_FILE = describe.Message(
    "File",
    (_value("name", "string"), _value("owner", "message", "Owner"), _value("note", "string", optional=True)),
)
_NODE = describe.Message("Node", (describe.Oneof("entry", (_value("file", "message", "File"),), whole=True),))


def _access(*paths: str) -> describe.Access:
    return describe.access(describe.Dataset("d", "Node", (_NODE, _FILE, _OWNER), {}, paths))


def test_access_paths_start_from_each_member_of_a_whole_oneof_and_step_through_messages() -> None:
    found = _access("name", "owner.id")
    assert found.union is not None and found.union.name == "entry"
    assert [[f.name for f in c] for c in found.chains["File"]] == [["name"], ["owner", "id"]]
    plain = describe.access(describe.Dataset("d", "File", (_FILE, _OWNER), {}, ("owner.id",)))
    assert plain.union is None and list(plain.chains) == ["File"]


@pytest.mark.parametrize(
    ("path", "why"),
    [
        ("size", "File has no field size"),
        ("owner", "owner is a message: a path ends at a value"),
        ("name.x", "name is not a message"),
        ("owner.tags", "tags is repeated"),
        ("note", "note is optional"),
    ],
)
def test_an_access_path_that_names_no_single_value_stops_the_build(path: str, why: str) -> None:
    with pytest.raises(SystemExit, match=f"d: access path {path}: {why}"):
        _access(path)
    with pytest.raises(SystemExit, match="names no access fields"):
        _access()


def test_the_fbs_twin_gives_widths_and_timestamps(tmp_path: Path) -> None:
    fbs = tmp_path / "d.fbs"
    fbs.write_text(
        'attribute "timestamp";\n// at:short; is a comment\n'
        "table T {\n  at:int64 = null (timestamp);\n  hp:short;\n"
        "  bits:[ubyte];\n  n:uint64;\n  s:string;\n}\n"
    )
    d = describe.Dataset("d", "T", (), {"fbs": fbs})
    fields = describe.fbs_fields(d)
    assert fields[("T", "at")] == describe.FbsField("int64", frozenset({"timestamp"}))

    def scalar(name: str) -> str:
        return describe.scalar(d, fields, "T", _value(name))

    assert [scalar(n) for n in ("at", "hp", "bits", "n")] == ["timestamp", "int16", "uint8", "uint64"]
    for name in ("s", "missing"):
        with pytest.raises(SystemExit, match=f"d: T.{name} has no scalar twin in the .fbs"):
            scalar(name)


def test_enum_values_are_their_names_by_value() -> None:
    e = descriptor_pb2.EnumDescriptorProto(name="Mode")
    e.value.add(name="READ", number=0)
    e.value.add(name="WRITE", number=1)
    assert describe.enum(e) == ("READ", "WRITE")
    e.value.add(name="ALL", number=7)
    with pytest.raises(SystemExit, match="Mode: enum values must be 0, 1, 2"):
        describe.enum(e)
