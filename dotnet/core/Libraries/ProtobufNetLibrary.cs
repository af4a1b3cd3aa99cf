using System.Buffers;
using ProtoBuf;
using Serbench.Model;

namespace Serbench.Libraries;

/// <summary>protobuf-net with code-first contracts: [ProtoContract] on the model, field
/// numbers from the .proto schemas (unions as sub-messages or a oneof's fields, see
/// codegen/model.py).</summary>
public sealed class ProtobufNetLibrary()
    : ModelLibrary(
        lib: "protobuf_net",
        format: "protobuf",
        version: LibraryVersion.OfPackage("protobuf-net"),
        home: "https://github.com/protobuf-net/protobuf-net",
        capabilities: ["reflection"])
{
    protected override Codec<Payload<TRecord>> Codec<TRecord>() => new ProtobufNetCodec<TRecord>();

    private sealed class ProtobufNetCodec<TRecord> : Codec<Payload<TRecord>>
    {
        // Reused between encodes, as the other libraries reuse their pooled buffers.
        private readonly ArrayBufferWriter<byte> buffer = new();

        public override byte[] Encode(Payload<TRecord> value)
        {
            buffer.ResetWrittenCount();
            Serializer.Serialize(buffer, value);
            return buffer.WrittenSpan.ToArray();
        }

        public override Payload<TRecord> Decode(byte[] bytes) => Serializer.Deserialize<Payload<TRecord>>(bytes.AsMemory());
    }
}
