using MemoryPack;
using Serbench.Model;

namespace Serbench.Libraries;

/// <summary>MemoryPack with the serializers its source generator writes for the model
/// (default, non-version-tolerant layout).</summary>
public sealed class MemoryPackLibrary()
    : ModelLibrary("memorypack", "memorypack", LibraryVersion.OfPackage("MemoryPack"), "https://github.com/Cysharp/MemoryPack", ["codegen"])
{
    protected override Codec<Payload<TRecord>> Codec<TRecord>() => new MemoryPackCodec<TRecord>();

    private sealed class MemoryPackCodec<TRecord> : Codec<Payload<TRecord>>
    {
        public override byte[] Encode(Payload<TRecord> value) => MemoryPackSerializer.Serialize(value);

        public override Payload<TRecord> Decode(byte[] bytes) =>
            MemoryPackSerializer.Deserialize<Payload<TRecord>>(bytes) ?? throw new InvalidDataException("null payload");
    }
}
