using System.Reflection;

namespace Serbench;

/// <summary>The operations of schemas/README.md this suite measures.</summary>
public static class Ops
{
    public const string Encode = "encode";
    public const string Decode = "decode";
    public const string RoundTrip = "roundtrip";
    public const string AccessLazy = "access_lazy";
    public const string AccessFull = "access_full";

    public static IReadOnlyList<string> Codec { get; } = [Encode, Decode, RoundTrip];
}

/// <summary>One library (and variant) of one format. Adding a library = its class in
/// Libraries/ + one line in <see cref="Registry"/>.</summary>
public interface ILibrary
{
    string Lib { get; }
    string Format { get; }
    string? Variant { get; }
    string Version { get; }

    /// <summary>codegen | reflection | schemaless, validates, zero_copy (schemas/README.md).</summary>
    IReadOnlyList<string> Capabilities { get; }

    IReadOnlyList<string> Ops => Serbench.Ops.Codec;

    ICase Bind<TRecord>(Fixture<TRecord> fixture) where TRecord : class;

    /// <summary>protobuf's own benchmark payloads: only Google.Protobuf has their generated classes.</summary>
    ICase Bind(Documents.ProtobufDocument document) =>
        throw new Documents.NotApplicableException(Format == "protobuf"
            ? $"{Lib} is measured with code-first contracts for the synthetic datasets; the upstream "
              + "google_message schemas (proto2 with groups) have none here"
            : $"{document.Dataset} is a protobuf payload of protobuf's own benchmark messages; {Lib} reads {Format}");

    /// <summary>Real JSON documents: only schema-less JSON libraries read them.</summary>
    ICase Bind(Documents.JsonDocument document) =>
        throw new Documents.NotApplicableException(Format == "json"
            ? $"{document.Dataset} has no typed model here; it is measured schema-less"
            : $"{document.Dataset} is a schema-less JSON document; {Lib} reads {Format} with typed contracts");
}

public static class LibraryVersion
{
    /// <summary>The version of NuGet package <paramref name="id"/> this assembly was built
    /// with (Serbench.Core.csproj embeds the pins of Directory.Packages.props; assembly
    /// versions do not always say: Google.FlatBuffers 25.2.10 is assembly 1.0.0).</summary>
    public static string OfPackage(string id) =>
        typeof(LibraryVersion).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
            .FirstOrDefault(a => a.Key == $"package:{id}")?.Value
            ?? throw new InvalidOperationException($"package {id} has no version in Directory.Packages.props");

    /// <summary>The version an in-box assembly was built as (without the commit suffix).</summary>
    public static string Of(Assembly assembly)
    {
        var version = assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion
            ?? assembly.GetName().Version?.ToString()
            ?? "unknown";
        return version.Split('+')[0];
    }
}

/// <summary>A library whose native objects are the plain model (attributes on the model
/// types drive it), so one generic codec serves every dataset.</summary>
public abstract class ModelLibrary : ILibrary
{
    public abstract string Lib { get; }
    public abstract string Format { get; }
    public virtual string? Variant => null;
    public abstract string Version { get; }
    public abstract IReadOnlyList<string> Capabilities { get; }

    public ICase Bind<TRecord>(Fixture<TRecord> fixture) where TRecord : class =>
        new Case<TRecord, Model.Payload<TRecord>>(fixture, Codec<TRecord>(), p => p, p => p);

    protected abstract Codec<Model.Payload<TRecord>> Codec<TRecord>() where TRecord : class;
}
