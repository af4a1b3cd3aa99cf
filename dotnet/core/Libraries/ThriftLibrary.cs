using Serbench.Model;
using Thrift;
using Thrift.Protocol;
using Thrift.Transport;
using Thrift.Transport.Client;

namespace Serbench.Libraries;

/// <summary>Apache Thrift (netstd runtime) with the classes `thrift --gen netstd` generates from
/// schemas/ (each dataset's <see cref="ThriftMapping{TRecord, TPayload}"/> is generated:
/// codegen/mappings.py), TBinaryProtocol with its defaults (strict
/// writes, lenient reads).</summary>
public class ThriftLibrary : ILibrary
{
    public string Lib => "thrift";
    public virtual string Format => "thrift_binary";
    public virtual string? Variant => null;
    public string Version { get; } = LibraryVersion.OfPackage("ApacheThrift");
    public string Home => "https://thrift.apache.org/";
    public IReadOnlyList<string> Capabilities { get; } = ["codegen"];
    public IReadOnlyList<string> Ops => Serbench.Ops.Generated;

    protected virtual TProtocol Protocol(TTransport transport) => new TBinaryProtocol(transport);

    public ICase Bind<TRecord>(Fixture<TRecord> fixture) where TRecord : class => fixture.Source.Mapping<IThriftMapping<TRecord>>().Bind(fixture, Protocol);
}

/// <summary>The same with TCompactProtocol (zigzag varints, field-id deltas).</summary>
public sealed class ThriftCompactLibrary : ThriftLibrary
{
    public override string Format => "thrift_compact";
    public override string? Variant => "compact";

    protected override TProtocol Protocol(TTransport transport) => new TCompactProtocol(transport);
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
