using MemoryPack;
using MessagePack;
using ProGaudi.MsgPack.Light;
using ProtoBuf;

namespace Serbench.Model;

/// <summary>The postal address of the `user` and `order` datasets, which define it alike (same
/// fields and numbers): one class, as an application would have (the mapping generator,
/// codegen/mappings.py's shared_messages, binds both datasets to it).</summary>
[MemoryPackable, MessagePackObject, MsgPackMap, ProtoContract]
public sealed partial record Address
{
    [Key("street"), MsgPackMapElement("street"), ProtoMember(1)] public required string Street { get; init; } = "";
    [Key("city"), MsgPackMapElement("city"), ProtoMember(2)] public required string City { get; init; } = "";
    [Key("postcode"), MsgPackMapElement("postcode"), ProtoMember(3)] public required string Postcode { get; init; } = "";
    [Key("country"), MsgPackMapElement("country"), ProtoMember(4)] public required string Country { get; init; } = "";
}
