"""The C# model's spelling: types, numbers, unions and each library's attributes; the
generated C# itself is checked by compiling it (warnings as errors) and by the round
trips of //dotnet/tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from dotnet.core.codegen import model
from tools.codegen.describe import Dataset, Field, Message, Oneof


def _field(name: str, kind: str = "scalar", type_name: str = "", number: int = 1, **extra: bool) -> Field:
    return Field(
        name,
        kind,
        type_name,
        extra.get("repeated", False),
        extra.get("optional", False),
        enum=extra.get("enum", False),
        number=number,
        packed=extra.get("packed", False),
    )


_FBS = """attribute "timestamp";
enum Color : byte { RED = 0, GREEN }
union Equipment { Weapon, Shield }
table Weapon { damage:short; }
table Shield { armor:short; }
table Monster {
  hp:short;
  seen:int64 = null (timestamp);
  inventory:[ubyte];
  samples:[double];
  color:Color;
  equipped:Equipment;
}
table File { size:uint64; }
"""
_WEAPON = Message("Weapon", (_field("damage"),))
_SHIELD = Message("Shield", (_field("armor"),))
_MONSTER = Message(
    "Monster",
    (
        _field("hp", number=1),
        _field("seen", number=2, optional=True),
        _field("inventory", "bytes", number=3),
        _field("samples", number=4, repeated=True, packed=True),
        _field("color", type_name="Color", number=5, enum=True),
        Oneof(
            "equipped",
            (
                _field("equipped_weapon", "message", "Weapon", number=8),
                _field("equipped_shield", "message", "Shield", number=9),
            ),
            whole=False,
        ),
        _field("name", "string", number=10),
        _field("tags", "string", number=11, repeated=True),
    ),
)
_FILE = Message("File", (_field("size"),))
_NODE = Message("Node", (Oneof("entry", (_field("file", "message", "File", number=3),), whole=True),))


def _game(tmp_path: Path, *messages: Message, record: str = "Monster") -> Dataset:
    (tmp_path / "game.fbs").write_text(_FBS)
    messages = messages or (_WEAPON, _SHIELD, _MONSTER)
    return Dataset(
        "game", record, messages, {"fbs": tmp_path / "game.fbs"}, enums={"Color": ("RED", "GREEN")}
    )


def _text(tmp_path: Path, *messages: Message, record: str = "Monster") -> str:
    return model.generate([_game(tmp_path, *messages, record=record)])


def test_types_widths_and_initializers_follow_the_schemas(tmp_path: Path) -> None:
    text = _text(tmp_path)
    assert "namespace Serbench.Model.Games\n" in text
    assert "public required short Hp { get; init; }" in text  # the .fbs width
    assert "public long? Seen { get; init; }" in text  # optional: nullable, not required
    assert "public required byte[] Inventory { get; init; } = [];" in text
    assert "public required List<double> Samples { get; init; } = [];" in text
    assert "public required Color Color { get; init; }" in text
    assert 'public required string Name { get; init; } = "";' in text
    assert "public required List<string> Tags { get; init; } = [];" in text
    assert "public enum Color { RED = 0, GREEN = 1 }" in text


def _above(text: str, declaration: str) -> str:
    """The attribute lines right above the line holding `declaration`."""
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if declaration in line)
    start = at
    while start > 0 and lines[start - 1].strip().startswith("["):
        start -= 1
    return "\n".join(lines[start:at])


def test_every_library_spells_its_attributes_with_the_proto_numbers(tmp_path: Path) -> None:
    text = _text(tmp_path)
    monster = _above(text, "record Monster")
    for attribute in ("MemoryPackable", "MessagePackObject", "MsgPackMap", "ProtoContract"):
        assert attribute in monster
    hp = _above(text, "short Hp")
    assert all(a in hp for a in ('Key("hp")', 'MsgPackMapElement("hp")', "ProtoMember(1)"))
    assert "ProtoMember(4, IsPacked = true)" in _above(text, "List<double> Samples")
    seen = _above(text, "long? Seen")
    assert "ProtoMember(2)" in seen and "JsonConverter(typeof(TimestampJsonConverter))" in seen
    assert "JsonConverter(typeof(ByteListJsonConverter))" in _above(text, "byte[] Inventory")
    assert "JsonConverter(typeof(JsonStringEnumConverter<Color>))" in _above(text, "enum Color")
    for lib in model.LIBRARIES:
        assert f"using {lib.namespace};" in text


def test_a_oneof_is_a_base_named_as_the_fbs_union_and_protobuf_net_reads_its_members(tmp_path: Path) -> None:
    text = _text(tmp_path)
    assert "public sealed partial record Weapon : Equipment" in text
    equipped = _above(text, "public required Equipment Equipped")
    assert 'Key("equipped")' in equipped and "ProtoMember" not in equipped
    base = _above(text, "public abstract partial record Equipment;")
    assert "MemoryPackUnion(0, typeof(Weapon)), MemoryPackUnion(1, typeof(Shield))" in base
    assert "[Union(0, typeof(Weapon)), Union(1, typeof(Shield))]" in base
    assert 'JsonDerivedType(typeof(Weapon), "weapon"), JsonDerivedType(typeof(Shield), "shield")' in base
    assert "ProtoInclude" not in text  # a oneof inside a message is two fields of it
    private = "private Shield? EquippedShield { get => Equipped as Shield; init => Equipped = value!; }"
    assert _above(text, private).strip() == "[ProtoMember(9)]"  # protobuf-net's alone


def test_a_message_of_one_oneof_is_the_base_of_its_members(tmp_path: Path) -> None:
    text = _text(tmp_path, _FILE, _NODE, record="Node")
    node = _above(text, "public abstract partial record Node;")
    assert "[ProtoContract, ProtoInclude(3, typeof(File))]" in node
    assert (
        'JsonPolymorphic(TypeDiscriminatorPropertyName = "type"), JsonDerivedType(typeof(File), "file")'
        in node
    )
    assert "public sealed partial record File : Node" in text


def test_a_new_library_is_one_entry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    extra = model.Library(
        "Zipped",
        record=("Zipped",),
        member=lambda m: (f"Zip({m.number})",) if m.number else (),
        union=lambda u: tuple(f"ZipCase({c.number})" for c in u.cases),
        enum=lambda e: (f"ZipEnum({e})",),
    )
    monkeypatch.setattr(model, "LIBRARIES", (*model.LIBRARIES, extra))
    text = _text(tmp_path)
    assert "using Zipped;" in text
    assert "Zipped]" in _above(text, "record Monster")
    assert "Zip(1)]" in _above(text, "short Hp")
    assert "[ZipCase(8), ZipCase(9)]" in _above(text, "record Equipment;")
    assert "[ZipEnum(Color)]" in _above(text, "enum Color")
    assert "Zip(8)" not in text  # only protobuf-net reads a oneof's members as fields


def test_payload_is_one_class_with_the_records_number(tmp_path: Path) -> None:
    d = _game(tmp_path)
    text = model.generate([d])
    assert "ProtoMember(1)" in _above(text, "List<TRecord> Records")
    other = Dataset("user", "User", (Message("User", ()),), {"fbs": d.idl["fbs"]}, records_number=2)
    with pytest.raises(SystemExit, match="several numbers"):
        model.generate([d, other])


def test_a_oneof_without_its_fbs_union_stops_the_build(tmp_path: Path) -> None:
    orphan = Message("Orphan", (Oneof("entry", (_field("file", "message", "File"),), whole=False),))
    with pytest.raises(SystemExit, match="table Orphan has no union field entry"):
        _text(tmp_path, _FILE, orphan, record="Orphan")


def test_namespaces_are_plural() -> None:
    assert model.model_namespace(Dataset("game", "Monster", (), {})) == "Serbench.Model.Games"
    assert model.model_namespace(Dataset("metrics", "Series", (), {})) == "Serbench.Model.Metrics"


def test_the_json_context_names_every_payload_and_a_repeated_class_apart() -> None:
    # Two datasets' Address: unlike, so two model classes, the second named apart.
    user = Dataset(
        "user",
        "User",
        (
            Message("User", (_field("address", "message", "Address"),)),
            Message("Address", (_field("city", "string"),)),
        ),
        {},
    )
    order = Dataset(
        "order", "Order", (Message("Order", ()), Message("Address", (_field("zip", "string"),))), {}
    )
    context = "\n".join(model.json_context([user, order], model.shared_messages([user, order])))
    assert (
        "JsonSerializable(typeof(global::Serbench.Model.Payload<global::Serbench.Model.Users.User>))"
        in context
    )
    assert (
        "JsonSerializable(typeof(global::Serbench.Model.Payload<global::Serbench.Model.Orders.Order>))"
        in context
    )
    assert 'typeof(global::Serbench.Model.Orders.Address), TypeInfoPropertyName = "OrderAddress"' in context
    assert "Users.Address" not in context  # the first dataset keeps the bare name
    assert context.count("partial class SourceGenContext") == 1


def test_a_message_datasets_define_alike_is_one_shared_model_class(tmp_path: Path) -> None:
    address = Message("Address", (_field("city", "string"), _field("number")))
    with_enum = Message("Tag", (_field("color", type_name="Color", enum=True),))
    user = Dataset(
        "user", "User", (Message("User", (_field("address", "message", "Address"),)), address, with_enum), {}
    )
    order = Dataset(
        "order", "Order", (Message("Order", (_field("to", "message", "Address"),)), address, with_enum), {}
    )
    # Tag names an enum, which stays per dataset, so Tag does too.
    assert model.shared_messages([user, order]) == {"Address"}
    assert model.shared_messages([user]) == set()
    unlike = Dataset("mail", "Mail", (Message("Address", (_field("city", "string"),)),), {})
    assert model.shared_messages([user, order, unlike]) == set()
    shared = model.shared_messages([user, order])
    assert "Address" not in "\n".join(model.json_context([user, order], shared))  # one class, one name
