using MessagePack;
using Serbench.Interop;
using Serbench.Documents;
using Serbench.Libraries;

namespace Serbench.Robustness;

/// <summary>A decoder bound to one fixture: decode (timed; throws what the library throws),
/// the comparison of what it decoded with the fixture, and the fixture's own encoding.</summary>
public sealed record Bound(Func<byte[], object?> Decode, Func<object?, string?> Diff, byte[] Sample);

/// <summary>One decoder of a corpus format, named by its suite case id (lib, variant).</summary>
public abstract class Decoder(string lib, string? variant, string format, string version, bool schemaless)
{
    public DecoderInfo Info { get; } = new(lib, variant, format, version, schemaless);

    /// <summary>The decoder on the typed payload of <paramref name="fixture"/>'s dataset.</summary>
    public abstract Bound Bind(Fixture fixture);

    /// <summary>Schema-less decoders only: decodes a document of no dataset (JSON_checker files).</summary>
    public virtual object? DecodeDocument(byte[] bytes) => throw new ProtocolException($"{Info} is not schema-less");
}

/// <summary>A suite library through its own case: the same decode the bench times.</summary>
public sealed class LibraryDecoder(ILibrary library, string? variant) : Decoder(
    library.Lib, variant, library.Format, library.Version, library.Capabilities.Contains("schemaless"))
{
    // The document a schema-less library is bound to for dataset-less inputs; only its
    // decoder is used, never this document.
    private static readonly JsonDocument NoDocument = new("none", "{}"u8.ToArray());

    private readonly Lazy<ICase> documents = new(() => library.Bind(NoDocument));

    public LibraryDecoder(ILibrary library) : this(library, library.Variant)
    {
    }

    public override Bound Bind(Fixture fixture)
    {
        var bound = fixture.Bind(library);
        return new(bound.Decode, bound.Diff, bound.Encode());
    }

    public override object? DecodeDocument(byte[] bytes) =>
        Info.Schemaless ? documents.Value.Decode(bytes) : base.DecodeDocument(bytes);
}

/// <summary>A msgpack library on the corpus's map-mode MessagePack (the interop layout, not
/// the suite's contracts: see <see cref="Formats.DecodeMsgPack"/>): its schema-less reader,
/// then the model read strictly from the tree.</summary>
public sealed class MsgPackDecoder(ILibrary library, string? variant, Func<string, byte[], Fixture> decode)
    : Decoder(library.Lib, variant, library.Format, library.Version, false)
{
    public override Bound Bind(Fixture fixture) =>
        new(bytes => decode(fixture.Dataset, bytes), decoded => fixture.Diff((Fixture)decoded!),
            Formats.Encode("msgpack", fixture.Dataset, fixture.Size));

    public static IEnumerable<Decoder> Of(MessagePackLibrary library)
    {
        yield return new MsgPackDecoder(library, library.Variant, (d, b) => Formats.DecodeMsgPack(d, b, library.Options));
        if (library.Variant is null)
        {
            // MessagePack-CSharp's documented mode for untrusted input (depth limit, hash
            // collision resistant maps), beside the default TrustedData.
            var untrusted = library.Options.WithSecurity(MessagePackSecurity.UntrustedData);
            yield return new MsgPackDecoder(library, "untrusted", (d, b) => Formats.DecodeMsgPack(d, b, untrusted));
        }
    }
}

/// <summary>Every .NET decoder of a corpus format: each suite library of the registry that
/// reads one (a new library joins by itself), but System.Text.Json's default call, which
/// reads another spelling of the keys. No .NET library reads capnp here (see
/// Registry.NotMeasured); memorypack and thrift are no corpus formats.</summary>
public static class Decoders
{
    public static IReadOnlyList<Decoder> All { get; } = [.. Registry.Libraries.SelectMany(Of)];

    public static Decoder Find(Request request) =>
        All.FirstOrDefault(d => (d.Info.Lib, d.Info.Variant, d.Info.Format) == (request.Lib, request.Variant, request.Format))
            ?? throw new ProtocolException($"unknown decoder lib={request.Lib} variant={request.Variant ?? "null"} format={request.Format}");

    private static IEnumerable<Decoder> Of(ILibrary library) => library switch
    {
        // With and without the verifier (the suite times it without).
        FlatBuffersLibrary => [new LibraryDecoder(new FlatBuffersLibrary(verify: true), "verify"), new LibraryDecoder(library, "noverify")],
        MessagePackLibrary messagePack => MsgPackDecoder.Of(messagePack),
        MsgPackLightLibrary => [new MsgPackDecoder(library, library.Variant, Formats.DecodeMsgPackLight)],
        // Default options read the model's PascalCase names, not the corpus's canonical
        // snake_case keys; its reader is the one reflection_snake_case runs on the corpus.
        SystemTextJsonLibrary => [],
        // Schema-less decoders are JSON's only, as in C++: read from the corpus's typed
        // payloads, a float field's whole value comes back a double where the canonical JSON
        // the check compares with writes an integer. The typed readers cover MessagePack.
        MessagePackSchemalessLibrary or CborSchemalessLibrary => [],
        _ when CatalogData.CorpusFormats.Contains(library.Format) => [new LibraryDecoder(library)],
        _ => [],
    };
}
