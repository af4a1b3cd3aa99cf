using System.Text.Json.Nodes;
using Google.Protobuf.Reflection;
using Serbench.Libraries;
using Serbench.Model;

namespace Serbench.Documents;

/// <summary>A real JSON document (schemas/real, schemas/packages), read schema-less: only
/// JSON libraries with a schema-less mode measure it; and a user's, which protobuf also
/// measures as <paramref name="Message"/> when the user gave its .proto (<see cref="UserMessageCase"/>).</summary>
public sealed record JsonDocument(string Name, byte[] Json, MessageDescriptor? Message = null) : Fixture(Name, 1)
{
    public override ICase Bind(ILibrary library) => library.Bind(this);

    public override string? Diff(Fixture other) =>
        other is JsonDocument same ? FieldDiff.First(JsonNode.Parse(Json), JsonNode.Parse(same.Json)) : $"expected the {Name} document";
}

/// <summary>The catalog's real JSON documents (schemas/README.md), size 1 each.</summary>
public static class JsonDocuments
{
    private static readonly Dictionary<string, string> Files = CatalogData.RealDocuments
        .Where(d => d.Kind is "real_json" or "real_large")
        .ToDictionary(d => d.Name, d => d.File);

    public static IReadOnlyList<string> Names { get; } = [.. Files.Keys];

    public static JsonDocument Load(string name) => new(name, File.ReadAllBytes(Runfiles.Resolve(Files[name])));

    /// <summary>A user's document (the bench's --document), read from <paramref name="path"/> as it is;
    /// <paramref name="message"/>: the user's message it holds (--proto-cs), if given.</summary>
    public static JsonDocument FromFile(string name, string path, MessageDescriptor? message = null) =>
        new(name, File.ReadAllBytes(path), message);
}

/// <summary>A schema-less JSON library on a real document: the native object is its tree;
/// <paramref name="node"/> gives a tree as System.Text.Json nodes, for the untimed checks.</summary>
public sealed class JsonDocumentCase<TTree>(JsonDocument document, Codec<TTree> codec, Func<TTree, JsonNode?> node) : ICase
{
    private readonly TTree tree = codec.Decode(document.Json);
    private JsonNode? expected;

    public int WireSize { get; } = codec.Encode(codec.Decode(document.Json)).Length;

    public byte[] Encode() => codec.Encode(tree);

    // The real documents are objects or arrays, never the document `null`.
    public object Decode() => codec.Decode(document.Json)!;

    public object RoundTrip() => codec.Decode(codec.Encode(tree))!;

    public long AccessLazy() => throw new NotSupportedException("no lazy access");

    public long AccessFull() => throw new NotSupportedException("no field access");

    public object? Decode(byte[] bytes) => codec.Decode(bytes);

    public string? Diff(object? decoded) => FieldDiff.First(expected ??= node(tree), node((TTree)decoded!));

    public string? Refusal() => ((ICase)this).Mismatch(Encode()) is { } diff ? $"round trip: {diff}" : null;
}
