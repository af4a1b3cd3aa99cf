using System.Text.Json;
using System.Text.Json.Nodes;
using Serbench.Model;

namespace Serbench.Libraries;

/// <summary>System.Text.Json schema-less, its mutable DOM: bytes to and from a
/// <see cref="JsonNode"/> tree with default options (its default encoder escapes non-ASCII text
/// on output, so its wire size can exceed the input's).</summary>
public sealed class SystemTextJsonSchemalessLibrary() : SchemalessJsonLibrary<JsonNode?>(
    "system_text_json", "schemaless", LibraryVersion.Of(typeof(JsonSerializer).Assembly), SystemTextJsonLibrary.HomePage)
{
    protected override Codec<JsonNode?> Codec { get; } = new NodeCodec();

    // Built from the model, as a program builds a tree in code (values held as .NET values).
    protected override JsonNode? Tree<TRecord>(Payload<TRecord> payload) =>
        JsonSerializer.SerializeToNode(payload, JsonConventions.Canonical);

    protected override JsonNode? Node(JsonNode? tree) => tree;

    private sealed class NodeCodec : Codec<JsonNode?>
    {
        public override byte[] Encode(JsonNode? value) => JsonSerializer.SerializeToUtf8Bytes(value);

        // JsonNode.Parse makes object and array nodes on first access, and its values stay
        // JsonElements over the parsed bytes (strings unescaped, numbers parsed when read), so
        // decode walks the tree and reads every value (the walk also meets duplicate keys).
        // The document `null` is the library's null (RFC 8259 allows any value at the root).
        public override JsonNode? Decode(byte[] bytes)
        {
            var root = JsonNode.Parse(bytes);
            Read(root);
            return root;
        }

        private static void Read(JsonNode? node)
        {
            switch (node)
            {
                case JsonObject map:
                    foreach (var (_, child) in map)
                    {
                        Read(child);
                    }
                    break;
                case JsonArray array:
                    foreach (var child in array)
                    {
                        Read(child);
                    }
                    break;
                case JsonValue value when value.TryGetValue(out JsonElement element):
                    JsonElementValues.Read(element);
                    break;
            }
        }
    }
}

/// <summary>System.Text.Json schema-less, its read-only DOM: bytes to and from a
/// <see cref="JsonDocument"/> with default options. <c>JsonDocument.Parse</c> checks the whole
/// document and indexes it, but leaves every value in the input bytes (a string is unescaped,
/// a number parsed, when read), so decode reads every value and property name after parsing:
/// a full decode like the other schema-less libraries', not a lazy view. The document is handed
/// to the caller undisposed, so its pooled index is not returned (counted in allocations).
/// Encode writes a parsed document: the only kind a read-only DOM has.</summary>
public sealed class SystemTextJsonDocumentLibrary() : SchemalessJsonLibrary<JsonDocument>(
    "system_text_json", "schemaless_document", LibraryVersion.Of(typeof(JsonSerializer).Assembly), SystemTextJsonLibrary.HomePage)
{
    protected override Codec<JsonDocument> Codec { get; } = new DocumentCodec();

    protected override JsonDocument Tree<TRecord>(Payload<TRecord> payload) =>
        JsonSerializer.SerializeToDocument(payload, JsonConventions.Canonical);

    protected override JsonNode? Node(JsonDocument tree) => JsonSerializer.SerializeToNode(tree);

    private sealed class DocumentCodec : Codec<JsonDocument>
    {
        public override byte[] Encode(JsonDocument value) => JsonSerializer.SerializeToUtf8Bytes(value);

        public override JsonDocument Decode(byte[] bytes)
        {
            var document = JsonDocument.Parse(bytes);
            Read(document.RootElement);
            return document;
        }

        private static void Read(JsonElement element)
        {
            switch (element.ValueKind)
            {
                case JsonValueKind.Object:
                    foreach (var property in element.EnumerateObject())
                    {
                        _ = property.Name;
                        Read(property.Value);
                    }
                    break;
                case JsonValueKind.Array:
                    foreach (var item in element.EnumerateArray())
                    {
                        Read(item);
                    }
                    break;
                default:
                    JsonElementValues.Read(element);
                    break;
            }
        }
    }
}

/// <summary>Reads a JSON value held as a <see cref="JsonElement"/> as a program without a
/// schema does: a string unescaped into a .NET string, a number as an integer when it is one
/// (else a double), a literal by its kind.</summary>
internal static class JsonElementValues
{
    public static void Read(JsonElement value)
    {
        switch (value.ValueKind)
        {
            case JsonValueKind.String:
                _ = value.GetString();
                break;
            case JsonValueKind.Number:
                // A number no double holds (1e400) stays readable as text, as JsonNode.Parse accepts it.
                _ = value.TryGetInt64(out _) || value.TryGetDouble(out _);
                break;
        }
    }
}
