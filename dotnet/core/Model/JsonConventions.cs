using System.Globalization;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;

namespace Serbench.Model;

/// <summary>Canonical JSON timestamps: RFC 3339 UTC with exactly six fractional digits;
/// the native model keeps int64 microseconds since the Unix epoch, as protobuf and
/// FlatBuffers do, so every binary library encodes the same integer.</summary>
public sealed class TimestampJsonConverter : JsonConverter<long>
{
    private const string Format = "yyyy-MM-dd'T'HH:mm:ss.ffffff'Z'";

    public override long Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        var text = reader.GetString() ?? throw new JsonException("a timestamp must be a string");
        var time = DateTime.ParseExact(text, Format, CultureInfo.InvariantCulture,
            DateTimeStyles.AdjustToUniversal | DateTimeStyles.AssumeUniversal);
        return (time - DateTime.UnixEpoch).Ticks / TimeSpan.TicksPerMicrosecond;
    }

    public override void Write(Utf8JsonWriter writer, long value, JsonSerializerOptions options) =>
        writer.WriteStringValue(
            DateTime.UnixEpoch.AddTicks(value * TimeSpan.TicksPerMicrosecond).ToString(Format, CultureInfo.InvariantCulture));
}

/// <summary>Canonical JSON writes byte lists (game inventory) as arrays of integers, not base64.</summary>
public sealed class ByteListJsonConverter : JsonConverter<byte[]>
{
    public override byte[] Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
    {
        if (reader.TokenType != JsonTokenType.StartArray)
        {
            throw new JsonException("a byte list must be an array of integers");
        }
        var bytes = new List<byte>();
        while (reader.Read() && reader.TokenType != JsonTokenType.EndArray)
        {
            bytes.Add(reader.GetByte());
        }
        return [.. bytes];
    }

    public override void Write(Utf8JsonWriter writer, byte[] value, JsonSerializerOptions options)
    {
        writer.WriteStartArray();
        foreach (var b in value)
        {
            writer.WriteNumberValue(b);
        }
        writer.WriteEndArray();
    }
}

/// <summary>The canonical JSON conventions of schemas/README.md for the native model:
/// snake_case keys, absent optional fields omitted. Enums, timestamps and byte lists
/// carry their converters on the model itself, so source-generated code follows them too.</summary>
public static class JsonConventions
{
    public static JsonSerializerOptions Canonical { get; } = ReadOnly(new()
    {
        TypeInfoResolver = new DefaultJsonTypeInfoResolver(),
        PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower,
        DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull,
    });

    /// <summary>For reading fixtures: a field unknown to the model, a missing required one
    /// or a null where the model has none is an error, not a default.</summary>
    public static JsonSerializerOptions Strict { get; } = ReadOnly(new(Canonical)
    {
        UnmappedMemberHandling = JsonUnmappedMemberHandling.Disallow,
        RespectNullableAnnotations = true,
        AllowOutOfOrderMetadataProperties = true,
    });

    // Shared by concurrent callers: frozen before first use.
    private static JsonSerializerOptions ReadOnly(JsonSerializerOptions options)
    {
        options.MakeReadOnly();
        return options;
    }
}
