"""The generator's reading of the description and its refusals; the generated
C++ itself is checked by compiling it and by every adapter test's round trips."""

from __future__ import annotations

from pathlib import Path

import pytest
from google.protobuf import descriptor_pb2

from cpp.codegen import mappings

_F = descriptor_pb2.FieldDescriptorProto


def _message(name: str, *fields: _F, oneofs: tuple[str, ...] = ()) -> descriptor_pb2.DescriptorProto:
    m = descriptor_pb2.DescriptorProto(name=name)
    m.field.extend(fields)
    for o in oneofs:
        m.oneof_decl.add(name=o)
    return m


def _field(name: str, kind: int, **extra: object) -> _F:
    return _F(name=name, number=1, type=kind, label=_F.LABEL_OPTIONAL, **extra)  # type: ignore[arg-type]


def test_a_oneof_keeps_its_members_and_names_them_without_its_prefix() -> None:
    m = mappings._message(
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
    node = mappings._message(
        _message(
            "Node",
            _field("file", _F.TYPE_MESSAGE, type_name=".f.File", oneof_index=0),
            oneofs=("entry",),
        )
    )
    assert node.oneofs[0].whole
    file = mappings._message(
        _message(
            "File",
            _field("updated_at", _F.TYPE_INT64, oneof_index=0, proto3_optional=True),
            oneofs=("_updated_at",),
        )
    )
    assert file.oneofs == ()
    assert file.fields[0].optional


@pytest.mark.parametrize(
    ("field", "why"),
    [
        (_field("m", _F.TYPE_MESSAGE, type_name=".x.M", proto3_optional=True), "optional message"),
        (_F(name="b", number=1, type=_F.TYPE_BYTES, label=_F.LABEL_REPEATED), "repeated bytes"),
    ],
)
def test_unsupported_shapes_stop_the_build(field: _F, why: str, tmp_path: Path) -> None:
    if field.proto3_optional:
        field.oneof_index = 0
    message = _message("X", field, oneofs=("_m",) if field.proto3_optional else ())
    (tmp_path / "x.proto").write_text("package serbench.x;\n")
    with pytest.raises(SystemExit, match=why):
        d = mappings.Dataset("x", "X", (mappings._message(message),), {"proto": tmp_path / "x.proto"})
        mappings.generate(mappings.Protobuf, [d])


def test_names_follow_each_library(tmp_path: Path) -> None:
    def dataset(idl: str, text: str) -> mappings.Dataset:
        (tmp_path / f"game.{idl}").write_text(text)
        return mappings.Dataset("game", "Monster", (), {idl: tmp_path / f"game.{idl}"})

    assert mappings.pascal("message_id") == "MessageId"
    fbs = dataset(
        "fbs", "namespace serbench.game.fbs;\nstruct Vec3 {\n  x:float;\n  y:float;\n}\ntable T { a:int; }\n"
    )
    assert mappings.fbs_structs(fbs) == {"Vec3": ["x", "y"]}
    assert mappings.namespace(fbs, "fbs") == "::serbench::game::fbs"
    capnp = dataset("capnp", '$Cxx.namespace("serbench::game::capnp");\n')
    assert mappings.namespace(capnp, "capnp") == "::serbench::game::capnp"
    thrift = dataset("thrift", "namespace cpp serbench.game.thrift\nnamespace netstd x\n")
    assert mappings.namespace(thrift, "thrift") == "::serbench::game::thrift"
