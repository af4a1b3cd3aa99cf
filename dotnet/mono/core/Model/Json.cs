using System;
using System.Globalization;
using Newtonsoft.Json;
using Newtonsoft.Json.Converters;
using Newtonsoft.Json.Serialization;

namespace Serbench.Mono.Model
{
    /// <summary>The canonical JSON conventions (schemas/README.md) in Newtonsoft.Json: snake_case
    /// keys, enums by name, timestamps as RFC 3339 strings (int64 microseconds in the model).
    /// The fixtures are read with these settings, and the newtonsoft_json library uses them.</summary>
    public static class CanonicalJson
    {
        public static readonly JsonSerializerSettings Settings = new JsonSerializerSettings
        {
            ContractResolver = new DefaultContractResolver { NamingStrategy = new SnakeCaseNamingStrategy() },
            Converters = { new StringEnumConverter() },
            // Timestamps stay strings for TimestampConverter, as Json.NET would make them DateTimes.
            DateParseHandling = DateParseHandling.None,
            MissingMemberHandling = MissingMemberHandling.Error,
        };
    }

    /// <summary>An int64 of microseconds since the epoch as an RFC 3339 UTC string.</summary>
    public sealed class TimestampConverter : JsonConverter
    {
        private const string Format = "yyyy-MM-dd'T'HH:mm:ss.ffffff'Z'";
        private static readonly DateTime Epoch = new DateTime(1970, 1, 1, 0, 0, 0, DateTimeKind.Utc);

        public override bool CanConvert(Type objectType) => objectType == typeof(long);

        public override object ReadJson(JsonReader reader, Type objectType, object existingValue, JsonSerializer serializer)
        {
            var text = reader.Value as string ?? throw new JsonSerializationException("a timestamp must be a string");
            var time = DateTime.ParseExact(text, Format, CultureInfo.InvariantCulture,
                DateTimeStyles.AdjustToUniversal | DateTimeStyles.AssumeUniversal);
            return (time - Epoch).Ticks / (TimeSpan.TicksPerMillisecond / 1000);
        }

        public override void WriteJson(JsonWriter writer, object value, JsonSerializer serializer) =>
            writer.WriteValue(Epoch.AddTicks((long)value * (TimeSpan.TicksPerMillisecond / 1000)).ToString(Format, CultureInfo.InvariantCulture));
    }
}
