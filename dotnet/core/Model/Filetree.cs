using System.Text.Json.Serialization;
using MemoryPack;
using MessagePack;
using ProGaudi.MsgPack.Light;
using ProtoBuf;

// The `filetree` dataset (schemas/filetree): a recursive tree with a tagged union.
namespace Serbench.Model.Filetrees;

#pragma warning disable CA1707 // enum members are the schema's names, as the canonical JSON spells them
[JsonConverter(typeof(JsonStringEnumConverter<Permission>))]
public enum Permission { READ = 0, WRITE = 1, READ_WRITE = 2 }
#pragma warning restore CA1707

/// <summary>The union File | Directory. Each library's own union encoding: a tag in
/// MemoryPack and MessagePack, a sub-message (the schema's oneof numbers) in protobuf-net,
/// the "type" key in JSON.</summary>
[MemoryPackable, MemoryPackUnion(0, typeof(File)), MemoryPackUnion(1, typeof(Directory))]
[Union(0, typeof(File)), Union(1, typeof(Directory))]
[ProtoContract, ProtoInclude(1, typeof(File)), ProtoInclude(2, typeof(Directory))]
[JsonPolymorphic(TypeDiscriminatorPropertyName = "type")]
[JsonDerivedType(typeof(File), "file"), JsonDerivedType(typeof(Directory), "directory")]
public abstract partial record Node;

[MemoryPackable, MessagePackObject, MsgPackMap, ProtoContract]
public sealed partial record File : Node
{
    [Key("name"), MsgPackMapElement("name"), ProtoMember(1)] public required string Name { get; init; } = "";
    [Key("created_by"), MsgPackMapElement("created_by"), ProtoMember(2)] public required string CreatedBy { get; init; } = "";
    [Key("created_at"), MsgPackMapElement("created_at"), ProtoMember(3), JsonConverter(typeof(TimestampJsonConverter))]
    public required long CreatedAt { get; init; }
    [Key("updated_by"), MsgPackMapElement("updated_by"), ProtoMember(4)] public string? UpdatedBy { get; init; }
    [Key("updated_at"), MsgPackMapElement("updated_at"), ProtoMember(5), JsonConverter(typeof(TimestampJsonConverter))]
    public long? UpdatedAt { get; init; }
    [Key("nbytes"), MsgPackMapElement("nbytes"), ProtoMember(6)] public required ulong Nbytes { get; init; }
    [Key("permissions"), MsgPackMapElement("permissions"), ProtoMember(7)] public required Permission Permissions { get; init; }
}

[MemoryPackable, MessagePackObject, MsgPackMap, ProtoContract]
public sealed partial record Directory : Node
{
    [Key("name"), MsgPackMapElement("name"), ProtoMember(1)] public required string Name { get; init; } = "";
    [Key("created_by"), MsgPackMapElement("created_by"), ProtoMember(2)] public required string CreatedBy { get; init; } = "";
    [Key("created_at"), MsgPackMapElement("created_at"), ProtoMember(3), JsonConverter(typeof(TimestampJsonConverter))]
    public required long CreatedAt { get; init; }
    [Key("updated_by"), MsgPackMapElement("updated_by"), ProtoMember(4)] public string? UpdatedBy { get; init; }
    [Key("updated_at"), MsgPackMapElement("updated_at"), ProtoMember(5), JsonConverter(typeof(TimestampJsonConverter))]
    public long? UpdatedAt { get; init; }
    [Key("contents"), MsgPackMapElement("contents"), ProtoMember(6)] public required List<Node> Contents { get; init; } = [];
}
