using System.Text.Json;
using System.Text.Json.Nodes;
using Serbench.Libraries;

namespace Serbench.Conformance;

/// <summary>The interop formats and this language's reference library for each
/// (Google.Protobuf, Google.FlatBuffers, MessagePack-CSharp in map mode, System.Text.Json).</summary>
public static class Formats
{
    public static IReadOnlyList<string> Names { get; } = ["protobuf", "flatbuffers", "msgpack", "json"];

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
            "msgpack" => TreeMismatch(fixture, () => JsonSerializer.SerializeToUtf8Bytes(CanonicalMsgPack.Decode(bytes))),
            // Another language's JSON may order keys differently (the union's "type" need
            // not come first), so it is read as fixtures are: strictly, in any key order.
            "json" => TreeMismatch(fixture, () => bytes),
            _ => fixture.Bind(Reference(format)).Mismatch(bytes),
        };
    }

    private static ILibrary Reference(string format) => format switch
    {
        "protobuf" => new GoogleProtobufLibrary(),
        "flatbuffers" => new FlatBuffersLibrary(),
        "json" => new SystemTextJsonLibrary(),
        _ => throw new ArgumentException($"unknown format '{format}' (known: {string.Join(", ", Names)})", nameof(format)),
    };

    // The decoded tree (as JSON) is read into the model strictly, then compared field by field.
    private static string? TreeMismatch(Fixture fixture, Func<byte[]> canonicalJson)
    {
        try
        {
            using var json = new MemoryStream(canonicalJson());
            return fixture.Diff(Datasets.Find(fixture.Dataset).Parse(json));
        }
        catch (Exception e) when (e is InvalidDataException or MessagePack.MessagePackSerializationException or JsonException or EndOfStreamException)
        {
            return $"decode failed: {e.GetType().Name}: {e.Message}";
        }
    }
}
