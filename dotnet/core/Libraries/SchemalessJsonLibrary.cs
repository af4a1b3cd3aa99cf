using System.Text.Json;
using System.Text.Json.Nodes;
using Serbench.Model;

namespace Serbench.Libraries;

/// <summary>A schema-less JSON library: bytes to and from the library's own generic tree
/// <typeparamref name="TTree"/> (plain objects, arrays and values), on the synthetic datasets'
/// canonical JSON and on the real documents. Its decode ends with every value read (strings
/// unescaped, numbers parsed), whether the library does that while parsing or on access, so
/// that every schema-less decode delivers the same thing: values a program holds.</summary>
public abstract class SchemalessJsonLibrary<TTree>(string lib, string variant, string version, string home) : ILibrary
{
    public string Lib => lib;
    public string Format => "json";
    public string? Variant => variant;
    public string Version => version;
    public string Home => home;
    public IReadOnlyList<string> Capabilities { get; } = ["schemaless"];

    protected abstract Codec<TTree> Codec { get; }

    /// <summary>The fixture's payload as the library's tree, built untimed: what encode starts from.</summary>
    protected abstract TTree Tree<TRecord>(Payload<TRecord> payload) where TRecord : class;

    /// <summary>The tree as System.Text.Json nodes, for the untimed checks (field by field
    /// with the fixture or the document).</summary>
    protected abstract JsonNode? Node(TTree tree);

    public ICase Bind<TRecord>(Fixture<TRecord> fixture) where TRecord : class =>
        new Case<TRecord, TTree>(fixture, Codec, Tree,
            tree => Node(tree).Deserialize<Payload<TRecord>>(JsonConventions.Canonical)
                ?? throw new InvalidDataException("the document is null, not a payload"));

    public ICase Bind(Documents.JsonDocument document) => new Documents.JsonDocumentCase<TTree>(document, Codec, Node);
}
