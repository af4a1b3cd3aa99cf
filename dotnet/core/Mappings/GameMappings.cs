using Google.FlatBuffers;
using Google.Protobuf;
using Serbench.Model;
using Fb = serbench.game.fbs;
using M = Serbench.Model.Games;
using Pb = Serbench.Schemas.Game.Proto;
using Th = serbench.game.thrift;

namespace Serbench.Mappings;

public sealed class GameProtobuf : ProtobufMapping<M.Monster, Pb.Payload>
{
    protected override Pb.Payload ToProto(Payload<M.Monster> payload) => new() { Records = { payload.Records.Select(ToProto) } };

    protected override Payload<M.Monster> FromProto(Pb.Payload payload) => new() { Records = [.. payload.Records.Select(FromProto)] };

    private static Pb.Monster ToProto(M.Monster m)
    {
        var monster = new Pb.Monster
        {
            Pos = ToProto(m.Pos),
            Mana = m.Mana,
            Hp = m.Hp,
            Name = m.Name,
            Inventory = ByteString.CopyFrom(m.Inventory),
            Color = (Pb.Color)m.Color,
            Weapons = { m.Weapons.Select(ToProto) },
            Path = { m.Path.Select(ToProto) },
        };
        switch (m.Equipped)
        {
            case M.Weapon w:
                monster.EquippedWeapon = ToProto(w);
                break;
            case M.Shield s:
                monster.EquippedShield = new() { Name = s.Name, Armor = s.Armor };
                break;
        }
        return monster;
    }

    private static Pb.Vec3 ToProto(M.Vec3 v) => new() { X = v.X, Y = v.Y, Z = v.Z };

    private static Pb.Weapon ToProto(M.Weapon w) => new() { Name = w.Name, Damage = w.Damage };

    private static M.Monster FromProto(Pb.Monster m) => new()
    {
        Pos = FromProto(Mapped.Required(m.Pos, "pos")),
        Mana = checked((short)m.Mana),
        Hp = checked((short)m.Hp),
        Name = m.Name,
        Inventory = m.Inventory.ToByteArray(),
        Color = (M.Color)m.Color,
        Weapons = [.. m.Weapons.Select(FromProto)],
        Equipped = m.EquippedCase switch
        {
            Pb.Monster.EquippedOneofCase.EquippedWeapon => FromProto(m.EquippedWeapon),
            Pb.Monster.EquippedOneofCase.EquippedShield => new M.Shield { Name = m.EquippedShield.Name, Armor = checked((short)m.EquippedShield.Armor) },
            _ => throw new InvalidDataException("equipped is missing"),
        },
        Path = [.. m.Path.Select(FromProto)],
    };

    private static M.Vec3 FromProto(Pb.Vec3 v) => new() { X = v.X, Y = v.Y, Z = v.Z };

    private static M.Weapon FromProto(Pb.Weapon w) => new() { Name = w.Name, Damage = checked((short)w.Damage) };
}

public sealed class GameFlatBuffers : FlatBuffersMapping<M.Monster, Fb.PayloadT>
{
    protected override Fb.PayloadT ToNative(Payload<M.Monster> payload) => new() { Records = [.. payload.Records.Select(ToNative)] };

    protected override Payload<M.Monster> FromNative(Fb.PayloadT payload) => new() { Records = Mapped.List(payload.Records, FromNative) };

    protected override int Pack(FlatBufferBuilder builder, Fb.PayloadT payload) => Fb.Payload.Pack(builder, payload).Value;

    protected override Fb.PayloadT Unpack(ByteBuffer buffer) => Fb.Payload.GetRootAsPayload(buffer).UnPack();

    protected override VerifyTableAction VerifyPayload => Fb.PayloadVerify.Verify;

    // The fields read: hp and the position's x.
    protected override long ReadLazy(ByteBuffer buffer)
    {
        var payload = Fb.Payload.GetRootAsPayload(buffer);
        long sum = 0;
        for (var i = 0; i < payload.RecordsLength; i++)
        {
            var monster = payload.Records(i)!.Value;
            sum += monster.Hp + (long)monster.Pos!.Value.X;
        }
        return sum;
    }

    protected override long ReadFull(Fb.PayloadT payload) => payload.Records.Sum(m => m.Hp + (long)m.Pos.X);

    private static Fb.MonsterT ToNative(M.Monster m) => new()
    {
        Pos = ToNative(m.Pos),
        Mana = m.Mana,
        Hp = m.Hp,
        Name = m.Name,
        Inventory = [.. m.Inventory],
        Color = (Fb.Color)m.Color,
        Weapons = [.. m.Weapons.Select(ToNative)],
        Equipped = m.Equipped switch
        {
            M.Weapon w => Fb.EquipmentUnion.FromWeapon(ToNative(w)),
            M.Shield s => Fb.EquipmentUnion.FromShield(new() { Name = s.Name, Armor = s.Armor }),
            _ => throw new ArgumentException($"unknown equipment {m.Equipped}"),
        },
        Path = [.. m.Path.Select(ToNative)],
    };

    private static Fb.Vec3T ToNative(M.Vec3 v) => new() { X = v.X, Y = v.Y, Z = v.Z };

    private static Fb.WeaponT ToNative(M.Weapon w) => new() { Name = w.Name, Damage = w.Damage };

    private static M.Monster FromNative(Fb.MonsterT m) => new()
    {
        Pos = FromNative(Mapped.Required(m.Pos, "pos")),
        Mana = m.Mana,
        Hp = m.Hp,
        Name = Mapped.Text(m.Name),
        Inventory = m.Inventory is null ? [] : [.. m.Inventory],
        Color = (M.Color)m.Color,
        Weapons = Mapped.List(m.Weapons, FromNative),
        Equipped = m.Equipped?.Type switch
        {
            Fb.Equipment.Weapon => FromNative(m.Equipped.AsWeapon()),
            Fb.Equipment.Shield => new M.Shield { Name = Mapped.Text(m.Equipped.AsShield().Name), Armor = m.Equipped.AsShield().Armor },
            _ => throw new InvalidDataException("equipped is missing"),
        },
        Path = Mapped.List(m.Path, FromNative),
    };

    private static M.Vec3 FromNative(Fb.Vec3T v) => new() { X = v.X, Y = v.Y, Z = v.Z };

    private static M.Weapon FromNative(Fb.WeaponT w) => new() { Name = Mapped.Text(w.Name), Damage = w.Damage };
}

public sealed class GameThrift : ThriftMapping<M.Monster, Th.Payload>
{
    protected override Th.Payload ToThrift(Payload<M.Monster> payload) => new() { Records = [.. payload.Records.Select(ToThrift)] };

    protected override Payload<M.Monster> FromThrift(Th.Payload payload) => new() { Records = Mapped.List(payload.Records, FromThrift) };

    private static Th.Monster ToThrift(M.Monster m) => new()
    {
        Pos = ToThrift(m.Pos),
        Mana = m.Mana,
        Hp = m.Hp,
        Name = m.Name,
        Inventory = [.. m.Inventory],
        Color = (Th.Color)m.Color,
        Weapons = [.. m.Weapons.Select(ToThrift)],
        Equipped = m.Equipped switch
        {
            M.Weapon w => new() { Weapon = ToThrift(w) },
            M.Shield s => new() { Shield = new() { Name = s.Name, Armor = s.Armor } },
            _ => throw new ArgumentException($"unknown equipment {m.Equipped}"),
        },
        Path = [.. m.Path.Select(ToThrift)],
    };

    private static Th.Vec3 ToThrift(M.Vec3 v) => new() { X = v.X, Y = v.Y, Z = v.Z };

    private static Th.Weapon ToThrift(M.Weapon w) => new() { Name = w.Name, Damage = w.Damage };

    private static M.Monster FromThrift(Th.Monster m) => new()
    {
        Pos = FromThrift(Mapped.Required(m.Pos, "pos")),
        Mana = m.Mana,
        Hp = m.Hp,
        Name = Mapped.Text(m.Name),
        Inventory = m.Inventory ?? [],
        Color = Mapped.Enum<M.Color>((int)m.Color, "color"),
        Weapons = Mapped.List(m.Weapons, FromThrift),
        Equipped = FromThrift(Mapped.Required(m.Equipped, "equipped")),
        Path = Mapped.List(m.Path, FromThrift),
    };

    private static M.Equipment FromThrift(Th.Equipped e) => (e.Weapon, e.Shield) switch
    {
        ({ } w, null) => FromThrift(w),
        (null, { } s) => new M.Shield { Name = Mapped.Text(s.Name), Armor = s.Armor },
        _ => throw new InvalidDataException("equipped: a union needs exactly one member"),
    };

    // Thrift has no float32: the model's floats (exact in float32) travel as doubles.
    private static M.Vec3 FromThrift(Th.Vec3 v) => new() { X = (float)v.X, Y = (float)v.Y, Z = (float)v.Z };

    private static M.Weapon FromThrift(Th.Weapon w) => new() { Name = Mapped.Text(w.Name), Damage = w.Damage };
}
