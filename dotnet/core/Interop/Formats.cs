using System.Text.Json;
using System.Text.Json.Nodes;
using MessagePack;
using Serbench.Libraries;

namespace Serbench.Interop;

/// <summary>The interop formats and this language's reference library for each
/// (Google.Protobuf, Google.FlatBuffers, MessagePack-CSharp in map mode, System.Text.Json with
/// the canonical JSON's snake_case options, Apache Thrift's binary and compact protocols). MessagePack is decoded by both msgpack
/// libraries (MessagePack-CSharp and MsgPack.Light): a cell passes when both read the fixture.</summary>
public static class Formats
{
    /// <summary>Interop formats no .NET library here reads or writes, with the reason
    /// (the one the bench catalogues for that library).</summary>
    public static IReadOnlyDictionary<string, string> NotApplicable { get; } =
        Registry.NotMeasured.Where(n => CatalogData.InteropFormats.Contains(n.Format))
            .ToDictionary(n => n.Format, n => $"no .NET library for {n.Format} here ({n.Package}): {n.Reason}");

    /// <summary>The catalog's interop formats this language reads and writes.</summary>
    public static IReadOnlyList<string> Names { get; } = [.. CatalogData.InteropFormats.Where(f => !NotApplicable.ContainsKey(f))];

    /// <summary>The payload of the fixture encoded in <paramref name="format"/>.</summary>
    public static byte[] Encode(string format, string dataset, int size) => format switch
    {
        "msgpack" => CanonicalMsgPack.Encode(JsonNode.Parse(File.ReadAllBytes(Fixtures.Path(dataset, size)))),
        _ => Fixtures.Load(dataset, size).Bind(Reference(format)).Encode(),
    };

    /// <summary>Null when <paramref name="bytes"/> decode to the fixture; else the first
    /// differing field, or why they did not decode.</summary>
    public static string? Mismatch(string format, string dataset, int size, byte[] bytes)
    {
        var fixture = Fixtures.Load(dataset, size);
        return format switch
        {
            "msgpack" => TreeMismatch(fixture, () => DecodeMsgPack(fixture.Dataset, bytes, MessagePackSerializerOptions.Standard), null)
                ?? TreeMismatch(fixture, () => DecodeMsgPackLight(fixture.Dataset, bytes), "MsgPack.Light"),
            // Another language's JSON may order keys differently (the union's "type" need
            // not come first), so it is read as fixtures are: strictly, in any key order.
            "json" => TreeMismatch(fixture, () => Parse(fixture.Dataset, bytes), null),
            _ => fixture.Bind(Reference(format)).Mismatch(bytes),
        };
    }

    private static ILibrary Reference(string format) => format switch
    {
        "protobuf" => new GoogleProtobufLibrary(),
        "flatbuffers" => new FlatBuffersLibrary(),
        "json" => new SystemTextJsonSnakeCaseLibrary(),
        "thrift_binary" => new ThriftLibrary(),
        "thrift_compact" => new ThriftCompactLibrary(),
        _ => throw new ArgumentException($"unknown format '{format}' (known: {string.Join(", ", Names)})", nameof(format)),
    };

    /// <summary>Map-mode MessagePack in the dataset's model: read as a tree by MessagePack-CSharp
    /// (<see cref="CanonicalMsgPack.Decode"/>), then the model is read from the tree strictly.
    /// (The suite's MessagePack contracts, with integer enums and array unions, are not this layout.)</summary>
    public static Fixture DecodeMsgPack(string dataset, byte[] bytes, MessagePackSerializerOptions options) =>
        Parse(dataset, JsonSerializer.SerializeToUtf8Bytes(CanonicalMsgPack.Decode(bytes, options)));

    /// <summary>The same with MsgPack.Light's reader (<see cref="MsgPackLightTree"/>).</summary>
    public static Fixture DecodeMsgPackLight(string dataset, byte[] bytes) =>
        Parse(dataset, JsonSerializer.SerializeToUtf8Bytes(MsgPackLightTree.Decode(bytes)));

    private static Fixture Parse(string dataset, byte[] canonicalJson)
    {
        using var json = new MemoryStream(canonicalJson);
        return Datasets.Find(dataset).Parse(json);
    }

    // The decoded payload is compared with the fixture field by field.
    private static string? TreeMismatch(Fixture fixture, Func<Fixture> decode, string? library)
    {
        var by = library is null ? "" : $"{library}: ";
        try
        {
            return fixture.Diff(decode()) is { } diff ? by + diff : null;
        }
        catch (Exception e)
        {
            // Whatever a decoder throws on another language's bytes is a reason, not a crash.
            return $"{by}decode failed: {e.GetType().Name}: {e.Message}";
        }
    }
}
