using MemoryPack;
using MessagePack;
using ProGaudi.MsgPack.Light;
using ProtoBuf;

// The `metrics` dataset (schemas/metrics): numeric arrays, 256 points a series.
namespace Serbench.Model.Metrics;

[MemoryPackable, MessagePackObject, MsgPackMap, ProtoContract]
public sealed partial record Series
{
    [Key("name"), MsgPackMapElement("name"), ProtoMember(1)] public required string Name { get; init; } = "";
    [Key("unit"), MsgPackMapElement("unit"), ProtoMember(2)] public required string Unit { get; init; } = "";
    [Key("timestamps"), MsgPackMapElement("timestamps"), ProtoMember(3, IsPacked = true)] public required List<long> Timestamps { get; init; } = [];
    [Key("values"), MsgPackMapElement("values"), ProtoMember(4, IsPacked = true)] public required List<double> Values { get; init; } = [];
}
