"""The C# generator's spelling per library and its refusals; the generated C#
itself is checked by compiling it (warnings as errors) and by the round trips
of //dotnet/tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from dotnet.core.codegen import mappings
from tools.codegen.describe import Dataset, Field, Message, Oneof


def _field(name: str, kind: str = "scalar", type_name: str = "", enum: bool = False) -> Field:
    return Field(name=name, kind=kind, type_name=type_name, repeated=False, optional=False, enum=enum)


_WEAPON = _field("equipped_weapon", "message", "Weapon")
_SHIELD = _field("equipped_shield", "message", "Shield")
_MONSTER = Message(
    "Monster",
    (
        _field("color", type_name="Color", enum=True),
        Oneof("equipped", (_WEAPON, _SHIELD), whole=False),
        Field("path", "message", "Vec3", repeated=True, optional=False),
        Field("updated_at", "scalar", "", repeated=False, optional=True),
    ),
)
_NODE = Message("Node", (Oneof("entry", (_field("file", "message", "File"),), whole=True),))


def _game(
    tmp_path: Path, *messages: Message, record: str = "Monster", access: tuple[str, ...] = ("color",)
) -> Dataset:
    texts = {
        "proto": 'package serbench.game;\noption csharp_namespace = "G.Proto";\n',
        "fbs": "namespace g.fbs;\nunion Equipment { Weapon, Shield }\nunion Entry { File }\n"
        "table Monster {\n  color:Color;\n  equipped:Equipment;\n}\ntable Node {\n  entry:Entry;\n}\n",
        "thrift": "namespace netstd g.thrift\n",
    }
    for idl, text in texts.items():
        (tmp_path / f"game.{idl}").write_text(text)
    return Dataset("game", record, messages, {idl: tmp_path / f"game.{idl}" for idl in texts}, access)


def _class(tmp_path: Path, lib: type[mappings.Lib], *messages: Message) -> str:
    return "\n".join(lib(_game(tmp_path, *messages)).mapping())


def test_namespaces_and_the_dataset_list(tmp_path: Path) -> None:
    d = _game(tmp_path, _MONSTER)
    assert [mappings.namespace(d, idl) for idl in ("proto", "fbs", "thrift")] == [
        "G.Proto",
        "g.fbs",
        "g.thrift",
    ]
    text = mappings.generate([d])
    assert (
        'new Dataset<global::Serbench.Model.Games.Monster>("game", [new Mappings.GameProtobuf(), '
        "new Mappings.GameFlatBuffers(), new Mappings.GameThrift()])" in text
    )


def test_enums_are_cast_and_thrift_checks_them(tmp_path: Path) -> None:
    assert "Color = (M.Color)t.Color," in _class(tmp_path, mappings.Protobuf, _MONSTER)
    assert 'Color = Mapped.Enum<M.Color>((int)t.Color, "color"),' in _class(
        tmp_path, mappings.Thrift, _MONSTER
    )


def test_optional_scalars_read_their_presence(tmp_path: Path) -> None:
    assert "UpdatedAt = t.HasUpdatedAt ? Wire.Of(t.UpdatedAt) : null," in _class(
        tmp_path, mappings.Protobuf, _MONSTER
    )
    thrift = _class(tmp_path, mappings.Thrift, _MONSTER)
    assert "UpdatedAt = t.__isset.updated_at ? Wire.Of(t.UpdatedAt) : null," in thrift
    assert "if (m.UpdatedAt.HasValue) t.UpdatedAt = Wire.Of(m.UpdatedAt.Value);" in thrift


def test_a_oneof_in_each_library(tmp_path: Path) -> None:
    proto = _class(tmp_path, mappings.Protobuf, _MONSTER)
    assert "N.Monster.EquippedOneofCase.EquippedShield => From(t.EquippedShield)" in proto
    fbs = _class(tmp_path, mappings.FlatBuffers, _MONSTER)
    assert "M.Weapon v => N.EquipmentUnion.FromWeapon(To(v))" in fbs
    assert "t.Equipped?.Type switch { N.Equipment.Weapon => From(t.Equipped.AsWeapon())" in fbs
    assert "    Weigh.Of((long?)record.Color);" in fbs  # an enum weighs its value
    thrift = _class(tmp_path, mappings.Thrift, _MONSTER)
    assert (
        'Mapped.Required(t.Equipped, "equipped") switch { { Weapon: { } v, Shield: null } => From(v)'
        in thrift
    )


def test_a_whole_oneof_is_the_message(tmp_path: Path) -> None:
    thrift = _class(tmp_path, mappings.Thrift, _NODE)
    assert "private static N.Node To(M.Node m) =>" in thrift
    assert "M.File v => new() { File = To(v) }" in thrift
    assert "node: a union needs exactly one member" in thrift
    assert "switch (m)" in _class(tmp_path, mappings.Protobuf, _NODE)


def test_flatbuffers_reads_the_access_paths_from_the_buffer_and_the_object(tmp_path: Path) -> None:
    file = Message("File", (_field("name", "string"), _field("owner", "message", "Owner")))
    owner = Message("Owner", (_field("id"),))
    node = Message("Node", (Oneof("entry", (_field("file", "message", "File"),), whole=True),))
    d = _game(tmp_path, node, file, owner, record="Node", access=("name", "owner.id"))
    fbs = "\n".join(mappings.FlatBuffers(d).mapping())
    for suffix in ("", "T"):  # the same sum lazily (the table) and fully (the object)
        assert f"private static long Read(N.File{suffix} record) =>\n" in fbs
    assert fbs.count("    Weigh.Of(record.Name) + Weigh.Of(record.Owner?.Id);") == 2  # absent: 0
    assert "record.EntryType switch { N.Entry.File => Read(record.EntryAsFile()), _ => 0 };" in fbs
    assert "record.Entry?.Type switch { N.Entry.File => Read(record.Entry.AsFile()), _ => 0 };" in fbs


@pytest.mark.parametrize(
    ("field", "why"),
    [
        (Field("tags", "scalar", "Color", repeated=True, optional=False, enum=True), "repeated enums"),
        (Field("raw", "bytes", "", repeated=True, optional=False), "repeated bytes"),
        (Field("color", "scalar", "Color", repeated=False, optional=True, enum=True), "optional enums"),
    ],
)
def test_unsupported_shapes_stop_the_build(field: Field, why: str, tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match=why):
        _class(tmp_path, mappings.Protobuf, Message("X", (field,)))


def test_a_oneof_without_its_union_in_the_fbs_stops_the_build(tmp_path: Path) -> None:
    orphan = Message("Orphan", (Oneof("entry", (_field("file", "message", "File"),), whole=False),))
    with pytest.raises(SystemExit, match="table Orphan has no union field entry"):
        _class(tmp_path, mappings.FlatBuffers, orphan)


def test_a_shared_message_maps_to_its_one_class(tmp_path: Path) -> None:
    address = Message("Address", (_field("city", "string"), _field("number")))
    game = _game(tmp_path, address, Message("Monster", (_field("home", "message", "Address"),)))
    text = "\n".join(mappings.Protobuf(game, frozenset({"Address"})).mapping())
    assert "private static N.Address To(global::Serbench.Model.Address m)" in text
    assert "private static global::Serbench.Model.Address From(N.Address t) =>" in text
    assert "private static N.Monster To(M.Monster m)" in text
