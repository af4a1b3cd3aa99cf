using MessagePack;
using Serbench.Model;

namespace Serbench.Libraries;

/// <summary>MessagePack-CSharp, standard resolver over the attributed model (string keys:
/// maps keyed by the schema's field names, as other languages' msgpack libraries write).</summary>
public class MessagePackLibrary()
    : ModelLibrary(
        lib: "messagepack",
        format: "msgpack",
        version: LibraryVersion.OfPackage("MessagePack"),
        home: HomePage,
        capabilities: ["reflection"])
{
    public const string HomePage = "https://github.com/MessagePack-CSharp/MessagePack-CSharp";

    public virtual MessagePackSerializerOptions Options => MessagePackSerializerOptions.Standard;

    protected override Codec<Payload<TRecord>> Codec<TRecord>() => new MessagePackCodec<TRecord>(Options);

    private sealed class MessagePackCodec<TRecord>(MessagePackSerializerOptions options) : Codec<Payload<TRecord>>
    {
        public override byte[] Encode(Payload<TRecord> value) => MessagePackSerializer.Serialize(value, options);

        public override Payload<TRecord> Decode(byte[] bytes) =>
            MessagePackSerializer.Deserialize<Payload<TRecord>>(bytes, options);
    }
}

/// <summary>The same with LZ4 block compression of the whole payload (Lz4BlockArray).</summary>
public sealed class MessagePackLz4Library : MessagePackLibrary
{
    public override string? Variant => "lz4";

    public override MessagePackSerializerOptions Options { get; } =
        MessagePackSerializerOptions.Standard.WithCompression(MessagePackCompression.Lz4BlockArray);
}
