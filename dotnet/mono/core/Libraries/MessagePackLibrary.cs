using MessagePack;

namespace Serbench.Mono.Libraries
{
    /// <summary>MessagePack-CSharp with its default options (standard resolver): the model's
    /// string keys, so map mode, as the .NET suite's messagepack.</summary>
    public sealed class MessagePackLibrary : Library
    {
        public MessagePackLibrary() : base("messagepack", "msgpack", typeof(MessagePackSerializer), "https://github.com/MessagePack-CSharp/MessagePack-CSharp", "reflection") { }

        public override Codec<TPayload> Codec<TPayload>() => new MessagePackCodec<TPayload>();

        private sealed class MessagePackCodec<TPayload> : Codec<TPayload> where TPayload : class
        {
            public override byte[] Encode(TPayload payload) => MessagePackSerializer.Serialize(payload);

            public override TPayload Decode(byte[] bytes) => MessagePackSerializer.Deserialize<TPayload>(bytes);
        }
    }
}
