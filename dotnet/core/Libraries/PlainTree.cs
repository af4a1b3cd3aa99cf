using System.Globalization;
using System.Numerics;
using System.Text.Json;
using Text = System.Text.Json.JsonDocument;

namespace Serbench.Libraries;

/// <summary>A schema-less binary format fed a JSON document's tree as plain .NET values
/// (<see cref="PlainTree"/>): <paramref name="encode"/> writes the tree, <paramref name="decode"/>
/// reads bytes back to one; decode reads the library's own bytes of the document, and the
/// check compares what comes back with the document (<see cref="TreeDiff"/>).</summary>
public sealed class PlainTreeCase(byte[] json, Func<object?, byte[]> encode, Func<byte[], object?> decode) : ICase
{
    // Kept for the checks: numbers keep their text (integers beyond 64 bits included).
    private readonly JsonElement expected = Text.Parse(json).RootElement;
    private readonly object? tree = PlainTree.Of(Text.Parse(json).RootElement);
    private byte[]? bytes;

    private byte[] Bytes => bytes ??= Encode();

    public int WireSize => Bytes.Length;

    public byte[] Encode() => encode(tree);

    public object Decode() => Decode(Bytes)!;

    public object RoundTrip() => Decode(Encode())!;

    public long AccessLazy() => throw new NotSupportedException("no lazy access");

    public long AccessFull() => throw new NotSupportedException("no field access");

    public object? Decode(byte[] bytes) => decode(bytes);

    public string? Diff(object? decoded) => TreeDiff.First("", expected, decoded);

    public string? Refusal() => ((ICase)this).Mismatch(Encode()) is { } diff ? $"round trip: {diff}" : null;
}

/// <summary>A JSON document's tree as plain .NET values: <c>Dictionary&lt;object, object?&gt;</c>
/// maps in the document's key order, <c>object?[]</c> arrays, long / ulong / double, string,
/// bool, null.</summary>
public static class PlainTree
{
    public static object? Of(JsonElement element) => element.ValueKind switch
    {
        JsonValueKind.Object => Map(element),
        JsonValueKind.Array => element.EnumerateArray().Select(Of).ToArray(),
        JsonValueKind.String => element.GetString(),
        JsonValueKind.Number when element.TryGetInt64(out var i) => i,
        JsonValueKind.Number when element.TryGetUInt64(out var u) => u,
        JsonValueKind.Number => element.GetDouble(),
        JsonValueKind.True => true,
        JsonValueKind.False => false,
        _ => null,
    };

    // A repeated key keeps its first place and its last value, as JSON parsers mostly do.
    private static Dictionary<object, object?> Map(JsonElement element)
    {
        var map = new Dictionary<object, object?>();
        foreach (var property in element.EnumerateObject())
        {
            map[property.Name] = Of(property.Value);
        }
        return map;
    }
}

/// <summary>The first difference (path, expected, got) between a JSON document and a tree of
/// plain .NET values read back from another format: key order included, numbers by value (an
/// integer exactly, a float to the bit), not by their JSON spelling.</summary>
public static class TreeDiff
{
    public static string? First(string path, JsonElement expected, object? actual) => expected.ValueKind switch
    {
        JsonValueKind.Object when actual is IDictionary<object, object?> map => Objects(path, expected, map),
        JsonValueKind.Array when actual is object?[] items => Arrays(path, expected, items),
        JsonValueKind.Number when SameNumber(expected.GetRawText(), actual) => null,
        JsonValueKind.String when actual is string s && s == expected.GetString() => null,
        JsonValueKind.True when actual is true => null,
        JsonValueKind.False when actual is false => null,
        JsonValueKind.Null when actual is null => null,
        _ => $"{(path.Length == 0 ? "/" : path)}: expected {Cut(expected.GetRawText())}, got {Shown(actual)}",
    };

    private static string? Objects(string path, JsonElement expected, IDictionary<object, object?> actual)
    {
        var keys = expected.EnumerateObject().Select(p => p.Name).Distinct().ToList();
        if (!keys.SequenceEqual(actual.Keys.Select(k => k as string ?? "")))
        {
            return $"{(path.Length == 0 ? "/" : path)}: expected keys {Shown(keys)}, got {Shown(actual.Keys)}";
        }
        return expected.EnumerateObject().GroupBy(p => p.Name).Select(g => g.Last())
            .Select(p => First($"{path}/{p.Name}", p.Value, actual[p.Name]))
            .FirstOrDefault(diff => diff is not null);
    }

    private static string? Arrays(string path, JsonElement expected, object?[] actual) =>
        expected.GetArrayLength() != actual.Length
            ? $"{path}: expected {expected.GetArrayLength()} items, got {actual.Length}"
            : expected.EnumerateArray().Select((e, i) => First($"{path}/{i}", e, actual[i]))
                .FirstOrDefault(diff => diff is not null);

    private static bool SameNumber(string text, object? actual)
    {
        if (text.AsSpan().IndexOfAny(".eE") < 0)
        {
            return actual is sbyte or byte or short or ushort or int or uint or long or ulong
                && BigInteger.Parse(text, CultureInfo.InvariantCulture) == BigInteger.Parse(Convert.ToString(actual, CultureInfo.InvariantCulture)!, CultureInfo.InvariantCulture);
        }
        var want = double.Parse(text, CultureInfo.InvariantCulture);
        return actual switch
        {
            double d => BitConverter.DoubleToInt64Bits(d) == BitConverter.DoubleToInt64Bits(want),
            float f => BitConverter.DoubleToInt64Bits(f) == BitConverter.DoubleToInt64Bits(want),
            _ => false,
        };
    }

    private static string Shown(object? value) => Cut(value switch
    {
        null => "null",
        string s => JsonSerializer.Serialize(s),
        IEnumerable<object> items => $"[{string.Join(", ", items.Select(Shown))}]",
        IFormattable number => $"{number.ToString(null, CultureInfo.InvariantCulture)} ({value.GetType().Name})",
        _ => value.ToString() ?? "",
    });

    private static string Cut(string text) => text.Length > 60 ? text[..60] + "..." : text;
}
