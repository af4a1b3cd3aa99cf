using System.Text.Json.Serialization;
using MemoryPack;
using MessagePack;
using ProGaudi.MsgPack.Light;
using ProtoBuf;

// The `game` dataset (schemas/game): the FlatBuffers "monster" shape.
namespace Serbench.Model.Games;

#pragma warning disable CA1707 // enum members are the schema's names, as the canonical JSON spells them
[JsonConverter(typeof(JsonStringEnumConverter<Color>))]
public enum Color { RED = 0, GREEN = 1, BLUE = 2 }
#pragma warning restore CA1707

[MemoryPackable, MessagePackObject, MsgPackMap, ProtoContract]
public sealed partial record Vec3
{
    [Key("x"), MsgPackMapElement("x"), ProtoMember(1)] public required float X { get; init; }
    [Key("y"), MsgPackMapElement("y"), ProtoMember(2)] public required float Y { get; init; }
    [Key("z"), MsgPackMapElement("z"), ProtoMember(3)] public required float Z { get; init; }
}

/// <summary>The union Weapon | Shield of `equipped` (see Filetrees.Node for each library's
/// encoding; protobuf-net: the schema's oneof, two fields of Monster).</summary>
[MemoryPackable, MemoryPackUnion(0, typeof(Weapon)), MemoryPackUnion(1, typeof(Shield))]
[Union(0, typeof(Weapon)), Union(1, typeof(Shield))]
[JsonPolymorphic(TypeDiscriminatorPropertyName = "type")]
[JsonDerivedType(typeof(Weapon), "weapon"), JsonDerivedType(typeof(Shield), "shield")]
public abstract partial record Equipment;

[MemoryPackable, MessagePackObject, MsgPackMap, ProtoContract]
public sealed partial record Weapon : Equipment
{
    [Key("name"), MsgPackMapElement("name"), ProtoMember(1)] public required string Name { get; init; } = "";
    [Key("damage"), MsgPackMapElement("damage"), ProtoMember(2)] public required short Damage { get; init; }
}

[MemoryPackable, MessagePackObject, MsgPackMap, ProtoContract]
public sealed partial record Shield : Equipment
{
    [Key("name"), MsgPackMapElement("name"), ProtoMember(1)] public required string Name { get; init; } = "";
    [Key("armor"), MsgPackMapElement("armor"), ProtoMember(2)] public required short Armor { get; init; }
}

[MemoryPackable, MessagePackObject, MsgPackMap, ProtoContract]
public sealed partial record Monster
{
    [Key("pos"), MsgPackMapElement("pos"), ProtoMember(1)] public required Vec3 Pos { get; init; }
    [Key("mana"), MsgPackMapElement("mana"), ProtoMember(2)] public required short Mana { get; init; }
    [Key("hp"), MsgPackMapElement("hp"), ProtoMember(3)] public required short Hp { get; init; }
    [Key("name"), MsgPackMapElement("name"), ProtoMember(4)] public required string Name { get; init; } = "";
    [Key("inventory"), MsgPackMapElement("inventory"), ProtoMember(5), JsonConverter(typeof(ByteListJsonConverter))]
    public required byte[] Inventory { get; init; } = [];
    [Key("color"), MsgPackMapElement("color"), ProtoMember(6)] public required Color Color { get; init; }
    [Key("weapons"), MsgPackMapElement("weapons"), ProtoMember(7)] public required List<Weapon> Weapons { get; init; } = [];
    [Key("equipped"), MsgPackMapElement("equipped")] public required Equipment Equipped { get; init; }
    [Key("path"), MsgPackMapElement("path"), ProtoMember(10)] public required List<Vec3> Path { get; init; } = [];

    // protobuf-net only (private members are invisible to the other libraries): the oneof
    // `equipped` is field 8 (weapon) or 9 (shield) of Monster, as in game.proto.
    [ProtoMember(8)] private Weapon? EquippedWeapon { get => Equipped as Weapon; init => Equipped = value!; }
    [ProtoMember(9)] private Shield? EquippedShield { get => Equipped as Shield; init => Equipped = value!; }
}
