using System.Reflection;

namespace Serbench;

/// <summary>The operations of schemas/README.md this suite measures (what each starts from
/// and ends with: see <see cref="ILibrary"/>).</summary>
public static class Ops
{
    public const string Encode = "encode";
    public const string Decode = "decode";
    public const string RoundTrip = "roundtrip";
    public const string Convert = "convert";
    public const string AccessLazy = "access_lazy";
    public const string AccessFull = "access_full";

    public static IReadOnlyList<string> Codec { get; } = [Encode, Decode, RoundTrip];

    /// <summary>The ops of a library whose native objects are classes generated from the schemas.</summary>
    public static IReadOnlyList<string> Generated { get; } = [.. Codec, Convert];
}

/// <summary>One library (and variant) of one format: the one codec shape of the C# suite.
/// <para>A library binds a fixture to an <see cref="ICase"/> built on a
/// <see cref="Codec{TNative}"/> of its own native type <c>TNative</c> (its model classes for
/// model-first libraries, e.g. MemoryPack, MessagePack-CSharp, System.Text.Json; the generated
/// classes for Google.Protobuf messages, FlatBuffers object-API <c>PayloadT</c>, Thrift structs).
/// The timed calls, all on inputs built untimed:</para>
/// <list type="bullet">
/// <item><c>encode</c>: <c>TNative</c> -> <c>byte[]</c> (<see cref="Codec{TNative}.Encode"/>).</item>
/// <item><c>decode</c>: <c>byte[]</c> -> <c>TNative</c>, fully materialized, no conversion to
/// the model (<see cref="Codec{TNative}.Decode"/>).</item>
/// <item><c>roundtrip</c>: encode then decode.</item>
/// <item><c>convert</c> (generated classes only, <see cref="Ops.Generated"/>): the model
/// (<c>Payload&lt;TRecord&gt;</c> of Model/) -> <c>TNative</c> -> the model, in one call.</item>
/// <item><c>access_lazy</c> / <c>access_full</c> (zero-copy formats): read named fields in place /
/// after a full decode.</item>
/// </list>
/// <para>Adding a library: its package, one <c>LibraryPackage</c> line in
/// Directory.Packages.props (Serbench.Core.csproj references each at its pin; then refresh the
/// lock files, see README), its class in Libraries/ (a <see cref="ModelLibrary"/> with a codec
/// for model-first libraries; its <see cref="Version"/> and <see cref="Home"/>, which the
/// catalog carries to the docs), its test and one line in <see cref="Registry"/>. Nothing else: the bench, the catalog, the tests'
/// round trips and the robustness worker (corpus formats) pick it up from the registry. A library
/// of classes generated from the schemas keeps its mapping base (its codec over the generated
/// payload, e.g. <see cref="Libraries.ProtobufMapping{TRecord, TMessage}"/>) in its own file and
/// finds each dataset's mapping with <see cref="Dataset{TRecord}.Mapping{TMapping}"/>; the
/// mappings themselves are generated, so a library on an IDL not yet generated for C# adds that
/// IDL's spelling of each field kind to codegen/mappings.py (a <c>Lib</c> class in <c>LIBS</c>)
/// and the rule generating its classes to BUILD.bazel. Adding a dataset touches no library: its
/// model file in Model/ (see <see cref="Datasets"/>).</para></summary>
public interface ILibrary
{
    string Lib { get; }
    string Format { get; }
    string? Variant { get; }
    string Version { get; }

    /// <summary>The library's home page: the docs link its version there.</summary>
    string Home { get; }

    /// <summary>codegen | reflection | schemaless, validates, zero_copy (schemas/README.md).</summary>
    IReadOnlyList<string> Capabilities { get; }

    IReadOnlyList<string> Ops => Serbench.Ops.Codec;

    /// <summary>Ops whose result is a view over the bytes (or bytes already laid out) rather
    /// than fully built objects / a full serialization, each with its one-line reason; empty
    /// when every op is full (the catalog's <c>lazy_ops</c>).</summary>
    IReadOnlyDictionary<string, string> LazyOps => NoLazyOps;

    private static readonly IReadOnlyDictionary<string, string> NoLazyOps = new Dictionary<string, string>();

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
    /// versions do not always say: the pinned Google.FlatBuffers is assembly 1.0.0).</summary>
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
public abstract class ModelLibrary(string lib, string format, string version, string home, IReadOnlyList<string> capabilities) : ILibrary
{
    public string Lib => lib;
    public string Format => format;
    public virtual string? Variant => null;
    public string Version => version;
    public string Home => home;
    public virtual IReadOnlyList<string> Capabilities => capabilities;

    public ICase Bind<TRecord>(Fixture<TRecord> fixture) where TRecord : class =>
        new Case<TRecord, Model.Payload<TRecord>>(fixture, Codec<TRecord>(), p => p, p => p);

    protected abstract Codec<Model.Payload<TRecord>> Codec<TRecord>() where TRecord : class;
}
