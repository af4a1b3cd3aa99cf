using System.Collections.Generic;
using System.IO;
using ProtoBuf;

namespace Serbench.Mono.Libraries
{
    /// <summary>protobuf-net's code-first contracts (the .proto field numbers on the model).
    /// Encode writes into a reused stream, then copies out the exact bytes.</summary>
    public sealed class ProtobufNetLibrary : ILibrary
    {
        public string Lib => "protobuf_net";
        public string Format => "protobuf";
        public string Variant => null;
        public string Version => PackageVersion.Of(typeof(Serializer));
        public string Home => "https://github.com/protobuf-net/protobuf-net";
        public string[] Capabilities => new[] { "reflection" };
        public IDictionary<string, string> LazyOps => new Dictionary<string, string>();

        public Codec<TPayload> Codec<TPayload>() where TPayload : class => new ProtobufNetCodec<TPayload>();

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
