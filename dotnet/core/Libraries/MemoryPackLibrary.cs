using MemoryPack;
using Serbench.Model;

namespace Serbench.Libraries;

/// <summary>MemoryPack with the serializers its source generator writes for the model
/// (default, non-version-tolerant layout).</summary>
public sealed class MemoryPackLibrary()
    : ModelLibrary(
        lib: "memorypack",
        format: "memorypack",
        version: LibraryVersion.OfPackage("MemoryPack"),
        home: "https://github.com/Cysharp/MemoryPack",
        capabilities: ["codegen"])
{
    protected override Codec<Payload<TRecord>> Codec<TRecord>() => new MemoryPackCodec<TRecord>();

    private sealed class MemoryPackCodec<TRecord> : Codec<Payload<TRecord>>
    {
        public override byte[] Encode(Payload<TRecord> value) => MemoryPackSerializer.Serialize(value);

        public override Payload<TRecord> Decode(byte[] bytes) =>
            MemoryPackSerializer.Deserialize<Payload<TRecord>>(bytes) ?? throw new InvalidDataException("null payload");
    }
}
