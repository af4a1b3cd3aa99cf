using System.Buffers;
using System.Globalization;
using System.Text.Json;
using System.Text.Json.Nodes;
using MessagePack;

namespace Serbench.Interop;

/// <summary>MessagePack in map mode, as the languages exchange it: the canonical JSON tree
/// written as MessagePack (string keys, the same strings; integers as integers, numbers
/// with a fraction or exponent as float64), and read back into a JSON tree.</summary>
public static class CanonicalMsgPack
{
    public static byte[] Encode(JsonNode? tree)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new MessagePackWriter(buffer);
        Write(ref writer, tree);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>Reads map-mode MessagePack with MessagePack-CSharp's own schema-less reader
    /// (maps, arrays and primitives, under <paramref name="options"/>: its security limits,
    /// e.g. the object graph depth, and its compression) into a JSON tree.</summary>
    public static JsonNode? Decode(byte[] bytes, MessagePackSerializerOptions options)
    {
        var value = MessagePackSerializer.Deserialize<object?>(bytes, options, out var read);
        return read == bytes.Length ? ToNode(value) : throw new InvalidDataException($"{bytes.Length - read} bytes after the value");
    }

    private static void Write(ref MessagePackWriter writer, JsonNode? node)
    {
        switch (node)
        {
            case null:
                writer.WriteNil();
                break;
            case JsonObject map:
                writer.WriteMapHeader(map.Count);
                foreach (var (key, value) in map)
                {
                    writer.Write(key);
                    Write(ref writer, value);
                }
                break;
            case JsonArray array:
                writer.WriteArrayHeader(array.Count);
                foreach (var item in array)
                {
                    Write(ref writer, item);
                }
                break;
            default:
                WriteScalar(ref writer, node.GetValue<JsonElement>());
                break;
        }
    }

    private static void WriteScalar(ref MessagePackWriter writer, JsonElement value)
    {
        switch (value.ValueKind)
        {
            case JsonValueKind.String:
                writer.Write(value.GetString());
                break;
            case JsonValueKind.True or JsonValueKind.False:
                writer.Write(value.GetBoolean());
                break;
            case JsonValueKind.Number when IsInteger(value.GetRawText()) && value.TryGetInt64(out var signed):
                writer.Write(signed);
                break;
            case JsonValueKind.Number when IsInteger(value.GetRawText()) && value.TryGetUInt64(out var unsigned):
                writer.Write(unsigned);
                break;
            case JsonValueKind.Number:
                writer.Write(value.GetDouble());
                break;
            default:
                throw new InvalidDataException($"cannot write {value.ValueKind} as MessagePack");
        }
    }

    private static bool IsInteger(string number) => !number.AsSpan().ContainsAny(".eE");

    private static JsonNode? ToNode(object? value) => value switch
    {
        null => null,
        IDictionary<object, object?> map => new JsonObject(map.Select(p => KeyValuePair.Create(Key(p.Key), ToNode(p.Value)))),
        object?[] array => new JsonArray([.. array.Select(ToNode)]),
        string text => JsonValue.Create(text),
        bool flag => JsonValue.Create(flag),
        float single => JsonValue.Create((double)single),
        double number => JsonValue.Create(number),
        ulong large => JsonValue.Create(large),
        // The reader returns the smallest integer type of the wire encoding.
        byte or sbyte or short or ushort or int or uint or long => JsonValue.Create(Convert.ToInt64(value, CultureInfo.InvariantCulture)),
        _ => throw new InvalidDataException($"unexpected MessagePack value of type {value.GetType().Name}"),
    };

    private static string Key(object? key) =>
        key as string ?? throw new InvalidDataException($"a map key of type {key?.GetType().Name ?? "nil"}");
}
