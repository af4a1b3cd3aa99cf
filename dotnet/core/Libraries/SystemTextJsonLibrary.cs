using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using Serbench.Model;

namespace Serbench.Libraries;

/// <summary>System.Text.Json (in the box), reflection-based, writing the canonical JSON of
/// schemas/README.md; required fields and types are checked while decoding.</summary>
public class SystemTextJsonLibrary()
    : ModelLibrary("system_text_json", "json", LibraryVersion.Of(typeof(JsonSerializer).Assembly), HomePage, ["reflection", "validates"])
{
    /// <summary>Shared by every System.Text.Json variant.</summary>
    public const string HomePage = "https://learn.microsoft.com/dotnet/standard/serialization/system-text-json/overview";

    public override string? Variant => "reflection";

    protected override Codec<Payload<TRecord>> Codec<TRecord>() =>
        new JsonCodec<TRecord>((JsonTypeInfo<Payload<TRecord>>)JsonConventions.Canonical.GetTypeInfo(typeof(Payload<TRecord>)));

    protected sealed class JsonCodec<TRecord>(JsonTypeInfo<Payload<TRecord>> info) : Codec<Payload<TRecord>>
    {
        public override byte[] Encode(Payload<TRecord> value) => JsonSerializer.SerializeToUtf8Bytes(value, info);

        public override Payload<TRecord> Decode(byte[] bytes) =>
            JsonSerializer.Deserialize(bytes, info) ?? throw new JsonException("null payload");
    }
}

/// <summary>The same JSON with the serializers the System.Text.Json source generator writes.</summary>
public sealed class SystemTextJsonSourceGenLibrary : SystemTextJsonLibrary
{
    public override string? Variant => "source_gen";
    public override IReadOnlyList<string> Capabilities { get; } = ["codegen", "validates"];

    protected override Codec<Payload<TRecord>> Codec<TRecord>() =>
        new JsonCodec<TRecord>((JsonTypeInfo<Payload<TRecord>>)SourceGenContext.Default.GetTypeInfo(typeof(Payload<TRecord>))!);
}

// SourceGenContext, the source generator's context naming every dataset's payload, is
// generated from the dataset descriptions (codegen/mappings.py: json_context).

/// <summary>System.Text.Json schema-less: bytes to and from a JsonNode tree (plain objects,
/// arrays and values), on the synthetic datasets' canonical JSON and on the real documents.</summary>
public sealed class SystemTextJsonSchemalessLibrary : ILibrary
{
    public string Lib => "system_text_json";
    public string Format => "json";
    public string? Variant => "schemaless";
    public string Version { get; } = LibraryVersion.Of(typeof(JsonSerializer).Assembly);
    public string Home => SystemTextJsonLibrary.HomePage;
    public IReadOnlyList<string> Capabilities { get; } = ["schemaless"];

    public ICase Bind<TRecord>(Fixture<TRecord> fixture) where TRecord : class =>
        new Case<TRecord, JsonNode?>(fixture, new NodeCodec(),
            payload => JsonSerializer.SerializeToNode(payload, JsonConventions.Canonical),
            node => node.Deserialize<Payload<TRecord>>(JsonConventions.Canonical)
                ?? throw new InvalidDataException("the document is null, not a payload"));

    public ICase Bind(Documents.JsonDocument document) => new Documents.JsonDocumentCase(document, new NodeCodec());

    private sealed class NodeCodec : Codec<JsonNode?>
    {
        public override byte[] Encode(JsonNode? value) => JsonSerializer.SerializeToUtf8Bytes(value);

        // JsonNode.Parse makes its object and array nodes lazily, on first access; walking
        // the tree makes every one (and meets duplicate keys), so decode is a full decode
        // like the typed libraries' (schemas/README.md: decode materializes everything).
        // The document `null` is the library's null (RFC 8259 allows any value at the root).
        public override JsonNode? Decode(byte[] bytes)
        {
            var root = JsonNode.Parse(bytes);
            Walk(root);
            return root;
        }

        private static void Walk(JsonNode? node)
        {
            var children = node switch
            {
                JsonObject map => map.Select(p => p.Value),
                JsonArray array => array,
                _ => [],
            };
            foreach (var child in children)
            {
                Walk(child);
            }
        }
    }
}
