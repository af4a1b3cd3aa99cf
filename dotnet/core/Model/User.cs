using MemoryPack;
using MessagePack;
using ProGaudi.MsgPack.Light;
using ProtoBuf;

// The `user` dataset (schemas/user): flat records. Keys and field numbers follow the schema.
namespace Serbench.Model.Users;

[MemoryPackable, MessagePackObject, MsgPackMap, ProtoContract]
public sealed partial record User
{
    [Key("name"), MsgPackMapElement("name"), ProtoMember(1)] public required string Name { get; init; } = "";
    [Key("email"), MsgPackMapElement("email"), ProtoMember(2)] public required string Email { get; init; } = "";
    [Key("age"), MsgPackMapElement("age"), ProtoMember(3)] public required uint Age { get; init; }
    [Key("tags"), MsgPackMapElement("tags"), ProtoMember(4)] public required List<string> Tags { get; init; } = [];
    [Key("address"), MsgPackMapElement("address"), ProtoMember(5)] public required Address Address { get; init; }
}
