using System.Buffers;
using System.Text.Json;
using System.Text.Json.Nodes;
using MessagePack;

namespace Serbench.Conformance;

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

    public static JsonNode? Decode(byte[] bytes)
    {
        var reader = new MessagePackReader(bytes);
        var tree = Read(ref reader);
        return reader.End ? tree : throw new InvalidDataException($"{bytes.Length - reader.Consumed} bytes after the value");
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

    private static JsonNode? Read(ref MessagePackReader reader) => reader.NextMessagePackType switch
    {
        MessagePackType.Nil => ReadNil(ref reader),
        MessagePackType.Map => ReadMap(ref reader),
        MessagePackType.Array => ReadArray(ref reader),
        MessagePackType.String => JsonValue.Create(reader.ReadString()),
        MessagePackType.Boolean => JsonValue.Create(reader.ReadBoolean()),
        MessagePackType.Float => JsonValue.Create(reader.ReadDouble()),
        MessagePackType.Integer => reader.NextCode == MessagePackCode.UInt64 ? JsonValue.Create(reader.ReadUInt64()) : JsonValue.Create(reader.ReadInt64()),
        var other => throw new InvalidDataException($"unexpected MessagePack type {other}"),
    };

    private static JsonNode? ReadNil(ref MessagePackReader reader)
    {
        reader.ReadNil();
        return null;
    }

    private static JsonObject ReadMap(ref MessagePackReader reader)
    {
        var map = new JsonObject();
        for (var count = reader.ReadMapHeader(); count > 0; count--)
        {
            var key = reader.ReadString() ?? throw new InvalidDataException("a nil map key");
            map[key] = Read(ref reader);
        }
        return map;
    }

    private static JsonArray ReadArray(ref MessagePackReader reader)
    {
        var array = new JsonArray();
        for (var count = reader.ReadArrayHeader(); count > 0; count--)
        {
            array.Add(Read(ref reader));
        }
        return array;
    }
}
