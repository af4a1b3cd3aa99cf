using System.Collections.Generic;
using MessagePack;

namespace Serbench.Mono.Libraries
{
    /// <summary>MessagePack-CSharp with its default options (standard resolver): the model's
    /// string keys, so map mode, as the .NET suite's messagepack.</summary>
    public sealed class MessagePackLibrary : ILibrary
    {
        public string Lib => "messagepack";
        public string Format => "msgpack";
        public string Variant => null;
        public string Version => PackageVersion.Of(typeof(MessagePackSerializer));
        public string Home => "https://github.com/MessagePack-CSharp/MessagePack-CSharp";
        public string[] Capabilities => new[] { "reflection" };
        public IDictionary<string, string> LazyOps => new Dictionary<string, string>();

        public Codec<TPayload> Codec<TPayload>() where TPayload : class => new MessagePackCodec<TPayload>();

        private sealed class MessagePackCodec<TPayload> : Codec<TPayload> where TPayload : class
        {
            public override byte[] Encode(TPayload payload) => MessagePackSerializer.Serialize(payload);

            public override TPayload Decode(byte[] bytes) => MessagePackSerializer.Deserialize<TPayload>(bytes);
        }
    }
}
