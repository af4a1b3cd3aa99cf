using System.Text.Json.Nodes;
using ProGaudi.MsgPack.Light;

namespace Serbench.Interop;

/// <summary>Map-mode MessagePack read schema-less by MsgPack.Light into a JSON tree (the
/// interop layout; see <see cref="CanonicalMsgPack"/>): the library reads every value, map
/// and array header with its own reader and converters; this converter only looks at each
/// value's first byte to pick the converter. MsgPack.Light ignores bytes after the value.</summary>
public sealed class MsgPackLightTree : IMsgPackConverter<JsonNode?>
{
    private static readonly MsgPackContext Context = NewContext();

    private IMsgPackConverter<string> strings = null!;
    private IMsgPackConverter<long> signed = null!;
    private IMsgPackConverter<ulong> unsigned = null!;
    private IMsgPackConverter<double> floats = null!;
    private IMsgPackConverter<bool> flags = null!;

    public static JsonNode? Decode(byte[] bytes) => MsgPackSerializer.Deserialize<JsonNode?>(bytes, Context);

    private static MsgPackContext NewContext()
    {
        var context = new MsgPackContext();
        context.RegisterConverter(new MsgPackLightTree());
        return context;
    }

    public void Initialize(MsgPackContext context)
    {
        strings = context.GetConverter<string>();
        signed = context.GetConverter<long>();
        unsigned = context.GetConverter<ulong>();
        floats = context.GetConverter<double>();
        flags = context.GetConverter<bool>();
    }

    public void Write(JsonNode? value, IMsgPackWriter writer) => throw new NotSupportedException("read only");

    public JsonNode? Read(IMsgPackReader reader)
    {
        var first = reader.ReadByte();
        reader.Seek(-1, SeekOrigin.Current);
        return first switch
        {
            0xc0 => Nil(reader),
            0xc2 or 0xc3 => JsonValue.Create(flags.Read(reader)),
            <= 0x7f or 0xcc or 0xcd or 0xce or 0xcf => JsonValue.Create(unsigned.Read(reader)),
            >= 0xe0 or 0xd0 or 0xd1 or 0xd2 or 0xd3 => JsonValue.Create(signed.Read(reader)),
            0xca or 0xcb => JsonValue.Create(floats.Read(reader)),
            (>= 0xa0 and <= 0xbf) or 0xd9 or 0xda or 0xdb => JsonValue.Create(strings.Read(reader)),
            (>= 0x80 and <= 0x8f) or 0xde or 0xdf => Map(reader),
            (>= 0x90 and <= 0x9f) or 0xdc or 0xdd => Array(reader),
            _ => throw new InvalidDataException($"MessagePack type byte 0x{first:x2} has no JSON value (bin, ext)"),
        };
    }

    private static JsonNode? Nil(IMsgPackReader reader)
    {
        reader.ReadByte();
        return null;
    }

    private JsonObject Map(IMsgPackReader reader)
    {
        var map = new JsonObject();
        var count = reader.ReadMapLength() ?? 0;
        for (var i = 0u; i < count; i++)
        {
            var key = Read(reader) is JsonValue k && k.TryGetValue<string>(out var text)
                ? text
                : throw new InvalidDataException("a map key that is not a string");
            map[key] = Read(reader); // a repeated key: the last value, as a dictionary would keep it
        }
        return map;
    }

    private JsonArray Array(IMsgPackReader reader)
    {
        var array = new JsonArray();
        var count = reader.ReadArrayLength() ?? 0;
        for (var i = 0u; i < count; i++)
        {
            array.Add(Read(reader));
        }
        return array;
    }
}
