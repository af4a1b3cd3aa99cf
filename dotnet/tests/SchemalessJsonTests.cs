using System.Numerics;
using System.Text;
using JsonValueKind = System.Text.Json.JsonValueKind;
using System.Text.Json.Nodes;
using Serbench.Documents;

namespace Serbench.Tests;

/// <summary>Every schema-less JSON library decodes what RFC 8259 allows (any value at the root,
/// `null` included), writes back the values it read (non-ASCII text, escapes and numbers at the
/// edges of long and double included), and reads every value in its decode.</summary>
public class SchemalessJsonTests
{
    private const string Edges = """
        [9223372036854775807, -9223372036854775808, 18446744073709551616, 1.7976931348623157e308, 5e-324,
         -0.0, 0.1, 1e-7, "東京", "😀", "\u00e9\ud83d\ude00", "tab\there \"q\" \\ \/ \u0000 \u2028", "",
         {}, [], {"é": [true, false, null]}]
        """;

    private static ICase Bind(string library, string json) =>
        new JsonDocument("test", Encoding.UTF8.GetBytes(json)).Bind(Cases.Library(library));

    [Fact]
    public void AUsersDocumentIsItsFileAsItIsUnderTheNameGiven()
    {
        var path = Path.Combine(Path.GetTempPath(), $"serbench-{Guid.NewGuid():N}.json");
        var json = "{\"b\": 1.10, \"a\": \"caf\\u00e9\"}\n"u8.ToArray();
        File.WriteAllBytes(path, json);
        try
        {
            var document = JsonDocuments.FromFile("mine:0123456789ab", path);

            Assert.Equal(("mine:0123456789ab", 1), (document.Name, document.Size));
            Assert.Equal(json, document.Json);
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Fact]
    public void TheDocumentNullIsJsonNodesNull()
    {
        Assert.Null(Bind("system_text_json/schemaless", "{}").Decode("null"u8.ToArray()));
    }

    [Theory]
    [MemberData(nameof(Cases.SchemalessLibraries), MemberType = typeof(Cases))]
    public void ScalarRootsRoundTrip(string library)
    {
        foreach (var json in new[] { "null", "true", "-0.1", "\"x\"" })
        {
            var @case = Bind(library, json);

            Assert.Null(@case.Refusal());
            Assert.Equal(json, Encoding.UTF8.GetString(@case.Encode()));
        }
    }

    [Theory]
    [MemberData(nameof(Cases.SchemalessLibraries), MemberType = typeof(Cases))]
    public void ValuesAtTheEdgesSurviveADecodeAndAnEncode(string library)
    {
        var @case = Bind(library, Edges);

        Assert.Null(@case.Refusal());
        Assert.Equal(JsonNode.Parse(Edges)!.AsArray().Select(Value), JsonNode.Parse(@case.Encode())!.AsArray().Select(Value));
    }

    // Two documents of one length, one string each: the 100,000-character string costs its
    // 200,000 bytes of UTF-16 more than the empty one only where decode reads it (parsing
    // alone indexes both alike: a library that unescapes on access allocates no more).
    [Theory]
    [MemberData(nameof(Cases.SchemalessLibraries), MemberType = typeof(Cases))]
    public void DecodeReadsEveryString(string library)
    {
        var @case = Bind(library, "[]");
        var text = Encoding.UTF8.GetBytes($"[\"{new string('x', 100_000)}\"]");
        var padding = Encoding.UTF8.GetBytes($"[{new string(' ', 100_000)}\"\"]");

        // The string is 200,000 bytes as UTF-16; a few bytes less on one call than on the other
        // (a fresh runtime's lazy allocations) must not fail it, a string never read must.
        Assert.InRange(Allocated(@case, text) - Allocated(@case, padding), 190_000, long.MaxValue);
    }

    private static long Allocated(ICase @case, byte[] json)
    {
        @case.Decode(json);
        var before = GC.GetAllocatedBytesForCurrentThread();
        @case.Decode(json);
        return GC.GetAllocatedBytesForCurrentThread() - before;
    }

    // A value as a program compares it: an integer exactly, another number by its bits (so
    // -0.0 keeps its sign), a string by its text, anything else by its JSON.
    private static object? Value(JsonNode? node) => node?.GetValueKind() switch
    {
        JsonValueKind.Number when node.ToJsonString() is var text && !text.Any(c => c is '.' or 'e' or 'E') => BigInteger.Parse(text),
        JsonValueKind.Number => BitConverter.DoubleToInt64Bits(node.GetValue<double>()),
        JsonValueKind.String => node.GetValue<string>(),
        _ => node?.ToJsonString(),
    };
}
