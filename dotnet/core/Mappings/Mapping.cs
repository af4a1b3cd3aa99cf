using Google.FlatBuffers;
using Google.Protobuf;
using Serbench.Model;
using Thrift;
using Thrift.Protocol;
using Thrift.Transport;
using Thrift.Transport.Client;

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

    public ICase Bind(Fixture<TRecord> fixture) => new Case<TRecord, TMessage>(fixture, new ProtobufCodec(), ToNative, FromNative);

    protected abstract TMessage ToNative(Payload<TRecord> payload);

    protected abstract Payload<TRecord> FromNative(TMessage payload);

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

/// <summary>A dataset's mapping between the model and the classes `thrift --gen netstd` generates.</summary>
public interface IThriftMapping<TRecord> where TRecord : class
{
    /// <summary>The case, reading and writing through the protocol <paramref name="protocol"/> makes.</summary>
    ICase Bind(Fixture<TRecord> fixture, Func<TTransport, TProtocol> protocol);
}

/// <summary>Apache Thrift on one dataset: the generated payload struct is the native object,
/// written to and read from a <see cref="TMemoryBufferTransport"/>. The runtime is async only;
/// this transport completes every read and write at once, so the generated methods return
/// completed tasks and waiting on them never blocks.</summary>
public abstract class ThriftMapping<TRecord, TPayload> : IThriftMapping<TRecord>
    where TRecord : class
    where TPayload : TBase, new()
{
    public ICase Bind(Fixture<TRecord> fixture, Func<TTransport, TProtocol> protocol) =>
        new Case<TRecord, TPayload>(fixture, new ThriftCodec(protocol), ToNative, FromNative);

    protected abstract TPayload ToNative(Payload<TRecord> payload);

    protected abstract Payload<TRecord> FromNative(TPayload payload);

    private sealed class ThriftCodec(Func<TTransport, TProtocol> protocol) : Codec<TPayload>
    {
        private static readonly TConfiguration WriteLimits = new();

        public override byte[] Encode(TPayload value)
        {
            using var transport = new TMemoryBufferTransport(WriteLimits);
            Completed(value.WriteAsync(protocol(transport), CancellationToken.None));
            return transport.GetBuffer();
        }

        // The message size limit is the input's length, so a string or list claiming more
        // bytes than are left is refused before it is allocated. (The transport reads a copy.)
        public override TPayload Decode(byte[] bytes)
        {
            using var transport = new TMemoryBufferTransport(bytes, new TConfiguration { MaxMessageSize = bytes.Length });
            var payload = new TPayload();
            Completed(payload.ReadAsync(protocol(transport), CancellationToken.None));
            return transport.Position == transport.Length ? payload : throw new InvalidDataException("thrift: trailing bytes");
        }

        private static void Completed(Task task) => task.GetAwaiter().GetResult();
    }
}
