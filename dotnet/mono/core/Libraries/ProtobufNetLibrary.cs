using System.IO;
using ProtoBuf;

namespace Serbench.Mono.Libraries
{
    /// <summary>protobuf-net's code-first contracts (the .proto field numbers on the model).
    /// Encode writes into a reused stream, then copies out the exact bytes.</summary>
    public sealed class ProtobufNetLibrary : Library
    {
        public ProtobufNetLibrary() : base("protobuf_net", "protobuf", typeof(Serializer), "https://github.com/protobuf-net/protobuf-net", "reflection") { }

        public override Codec<TPayload> Codec<TPayload>() => new ProtobufNetCodec<TPayload>();

        private sealed class ProtobufNetCodec<TPayload> : Codec<TPayload> where TPayload : class
        {
            private readonly MemoryStream buffer = new MemoryStream();

            public override byte[] Encode(TPayload payload)
            {
                buffer.SetLength(0);
                Serializer.Serialize(buffer, payload);
                return buffer.ToArray();
            }

            public override TPayload Decode(byte[] bytes) => Serializer.Deserialize<TPayload>(new MemoryStream(bytes, false));
        }
    }
}
