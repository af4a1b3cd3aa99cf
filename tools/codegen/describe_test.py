"""The reading of the description: oneofs, proto3 optional fields, enums,
FlatBuffers structs and names."""

from __future__ import annotations

from pathlib import Path

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


def test_fbs_structs_and_pascal(tmp_path: Path) -> None:
    fbs = tmp_path / "game.fbs"
    fbs.write_text("namespace g;\nstruct Vec3 {\n  x:float;\n  y:float;\n}\ntable T { a:int; }\n")
    assert describe.fbs_structs(describe.Dataset("game", "Monster", (), {"fbs": fbs})) == {"Vec3": ["x", "y"]}
    assert describe.pascal("message_id") == "MessageId"
