using MemoryPack;
using MessagePack;
using ProtoBuf;

// The `metrics` dataset (schemas/metrics): numeric arrays, 256 points a series.
namespace Serbench.Model.Metrics;

[MemoryPackable, MessagePackObject, ProtoContract]
public sealed partial record Series
{
    [Key("name"), ProtoMember(1)] public required string Name { get; init; } = "";
    [Key("unit"), ProtoMember(2)] public required string Unit { get; init; } = "";
    [Key("timestamps"), ProtoMember(3, IsPacked = true)] public required List<long> Timestamps { get; init; } = [];
    [Key("values"), ProtoMember(4, IsPacked = true)] public required List<double> Values { get; init; } = [];
}
