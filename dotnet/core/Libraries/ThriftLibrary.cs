using Thrift.Protocol;
using Thrift.Transport;

namespace Serbench.Libraries;

/// <summary>Apache Thrift (netstd runtime) with the classes `thrift --gen netstd` generates from
/// schemas/ (per-dataset mappings in Mappings/), TBinaryProtocol with its defaults (strict
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

    public ICase Bind<TRecord>(Fixture<TRecord> fixture) where TRecord : class => fixture.Source.Thrift.Bind(fixture, Protocol);
}

/// <summary>The same with TCompactProtocol (zigzag varints, field-id deltas).</summary>
public sealed class ThriftCompactLibrary : ThriftLibrary
{
    public override string Format => "thrift_compact";
    public override string? Variant => "compact";

    protected override TProtocol Protocol(TTransport transport) => new TCompactProtocol(transport);
}
