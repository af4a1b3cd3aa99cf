using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace Serbench.Model;

/// <summary>Names the first field where two values of the model differ, by the schema's
/// field names (e.g. `records[1].address.city: expected "東京", got "Tokyo"`), so a refused
/// round trip says exactly what a library got wrong. Both sides are compared as their
/// canonical JSON trees, which covers every dataset without a comparer per type.</summary>
public static class FieldDiff
{
    private static readonly JsonSerializerOptions Display = new() { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping };

    public static string? First<T>(T expected, T actual) => First(Canonical(expected), actual);

    /// <summary>The same, given the canonical JSON of the expected value (computed once
    /// per fixture). Equal bytes need no tree walk.</summary>
    public static string? First<T>(byte[] expectedJson, T actual)
    {
        var actualJson = Canonical(actual);
        return expectedJson.AsSpan().SequenceEqual(actualJson) ? null : First(JsonNode.Parse(expectedJson), JsonNode.Parse(actualJson));
    }

    public static byte[] Canonical<T>(T value) => JsonSerializer.SerializeToUtf8Bytes(value, JsonConventions.Canonical);

    /// <summary>The same for two JSON trees (schema-less documents). Trees that write the
    /// same JSON need no walk (a real document's is tens of MiB).</summary>
    public static string? First(JsonNode? expected, JsonNode? actual) =>
        JsonSerializer.SerializeToUtf8Bytes(expected).AsSpan().SequenceEqual(JsonSerializer.SerializeToUtf8Bytes(actual))
            ? null
            : First("", expected, actual);

    private static string? First(string path, JsonNode? expected, JsonNode? actual) => (expected, actual) switch
    {
        (JsonObject e, JsonObject a) => Objects(path, e, a),
        (JsonArray e, JsonArray a) => Arrays(path, e, a),
        _ => Show(expected) == Show(actual) ? null : $"{path}: expected {Show(expected)}, got {Show(actual)}",
    };

    private static string? Objects(string path, JsonObject expected, JsonObject actual) =>
        expected.Select(p => p.Key).Union(actual.Select(p => p.Key))
            .Select(key => First(Join(path, key), expected[key], actual[key]))
            .FirstOrDefault(diff => diff is not null);

    private static string? Arrays(string path, JsonArray expected, JsonArray actual) =>
        expected.Count != actual.Count
            ? $"{path}: expected {expected.Count} items, got {actual.Count}"
            : Enumerable.Range(0, expected.Count)
                .Select(i => First($"{path}[{i}]", expected[i], actual[i]))
                .FirstOrDefault(diff => diff is not null);

    private static string Join(string path, string key) => path.Length == 0 ? key : $"{path}.{key}";

    private static string Show(JsonNode? node) => node?.ToJsonString(Display) ?? "(absent)";
}
