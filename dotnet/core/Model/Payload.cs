using MemoryPack;
using MessagePack;
using ProGaudi.MsgPack.Light;
using ProtoBuf;

namespace Serbench.Model;

/// <summary>One payload of any dataset: `Payload {records}` in every format (schemas/README.md),
/// so every library encodes the same document. Field numbers and keys follow the schemas.</summary>
[MemoryPackable, MessagePackObject, MsgPackMap, ProtoContract]
public sealed partial class Payload<TRecord>
{
    [Key("records"), MsgPackMapElement("records"), ProtoMember(1)] public required List<TRecord> Records { get; init; } = [];
}
