using Google.FlatBuffers;
using Google.Protobuf;
using Serbench.Model;

namespace Serbench.Mappings;

/// <summary>A dataset's mapping between the model and the classes protoc generates.</summary>
public interface IProtobufMapping<TRecord> where TRecord : class
{
    ICase Bind(Fixture<TRecord> fixture);
}

/// <summary>Google.Protobuf on one dataset: the generated payload message is the native
/// object; the model is mapped to it and back outside the timed operations.</summary>
public abstract class ProtobufMapping<TRecord, TMessage> : IProtobufMapping<TRecord>
    where TRecord : class
    where TMessage : IMessage<TMessage>, new()
{
    private static readonly MessageParser<TMessage> Parser = new(() => new TMessage());

    public ICase Bind(Fixture<TRecord> fixture) => new Case<TRecord, TMessage>(fixture, new ProtobufCodec(), ToProto, FromProto);

    protected abstract TMessage ToProto(Payload<TRecord> payload);

    protected abstract Payload<TRecord> FromProto(TMessage payload);

    private sealed class ProtobufCodec : Codec<TMessage>
    {
        public override byte[] Encode(TMessage value) => value.ToByteArray();

        public override TMessage Decode(byte[] bytes) => Parser.ParseFrom(bytes);
    }
}

/// <summary>A dataset's mapping between the model and the classes flatc generates.</summary>
public interface IFlatBuffersMapping<TRecord> where TRecord : class
{
    /// <summary>The case; with <paramref name="verify"/>, decode runs the generated verifier
    /// before unpacking and rejects what it rejects.</summary>
    ICase Bind(Fixture<TRecord> fixture, bool verify);
}

/// <summary>Google.FlatBuffers on one dataset. The native object is the generated object-API
/// payload (`PayloadT`): encode packs it, decode unpacks it fully. Lazy access reads a few
/// fields through the generated accessors, in place; full access reads the same fields
/// from the unpacked objects.</summary>
public abstract class FlatBuffersMapping<TRecord, TPayloadT> : IFlatBuffersMapping<TRecord>
    where TRecord : class
{
    public ICase Bind(Fixture<TRecord> fixture, bool verify) =>
        new Case<TRecord, TPayloadT>(fixture, new FlatBuffersCodec(this, verify), ToNative, FromNative);

    protected abstract TPayloadT ToNative(Payload<TRecord> payload);

    protected abstract Payload<TRecord> FromNative(TPayloadT payload);

    /// <summary>Packs the payload into the builder; returns the root table's offset.</summary>
    protected abstract int Pack(FlatBufferBuilder builder, TPayloadT payload);

    protected abstract TPayloadT Unpack(ByteBuffer buffer);

    /// <summary>The root table's generated verifier (`PayloadVerify.Verify`).</summary>
    protected abstract VerifyTableAction VerifyPayload { get; }

    /// <summary>True when every offset and length of the buffer is in bounds. (The generated
    /// `Payload.VerifyPayload` passes the file identifier "", which the 25.2.10 runtime rejects
    /// with "file identifier must be length 4"; null skips the identifier check, as meant.)</summary>
    private bool Verify(ByteBuffer buffer) => new Verifier(buffer).VerifyBuffer(null, false, VerifyPayload);

    protected abstract long ReadLazy(ByteBuffer buffer);

    protected abstract long ReadFull(TPayloadT payload);

    private sealed class FlatBuffersCodec(FlatBuffersMapping<TRecord, TPayloadT> mapping, bool verify) : Codec<TPayloadT>
    {
        // Reused between encodes (Clear keeps its buffer), as FlatBuffers intends.
        private readonly FlatBufferBuilder builder = new(1024);

        public override byte[] Encode(TPayloadT value)
        {
            builder.Clear();
            builder.Finish(mapping.Pack(builder, value));
            return builder.SizedByteArray();
        }

        public override TPayloadT Decode(byte[] bytes)
        {
            var buffer = new ByteBuffer(bytes);
            return !verify || mapping.Verify(buffer)
                ? mapping.Unpack(buffer)
                : throw new InvalidDataException("the FlatBuffers verifier rejected the buffer");
        }

        public override long ReadLazy(byte[] bytes) => mapping.ReadLazy(new ByteBuffer(bytes));

        public override long ReadFull(TPayloadT value) => mapping.ReadFull(value);
    }
}
