using MemoryPack;
using MessagePack;
using ProtoBuf;

// The `user` dataset (schemas/user): flat records. Keys and field numbers follow the schema.
namespace Serbench.Model.Users;

[MemoryPackable, MessagePackObject, ProtoContract]
public sealed partial record Address
{
    [Key("street"), ProtoMember(1)] public required string Street { get; init; } = "";
    [Key("city"), ProtoMember(2)] public required string City { get; init; } = "";
    [Key("postcode"), ProtoMember(3)] public required string Postcode { get; init; } = "";
    [Key("country"), ProtoMember(4)] public required string Country { get; init; } = "";
}

[MemoryPackable, MessagePackObject, ProtoContract]
public sealed partial record User
{
    [Key("name"), ProtoMember(1)] public required string Name { get; init; } = "";
    [Key("email"), ProtoMember(2)] public required string Email { get; init; } = "";
    [Key("age"), ProtoMember(3)] public required uint Age { get; init; }
    [Key("tags"), ProtoMember(4)] public required List<string> Tags { get; init; } = [];
    [Key("address"), ProtoMember(5)] public required Address Address { get; init; }
}
