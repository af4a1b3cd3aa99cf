using System.Globalization;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Text;
using Newtonsoft.Json;
using Newtonsoft.Json.Converters;
using Newtonsoft.Json.Linq;
using Newtonsoft.Json.Serialization;
using Serbench.Model;
using StjConverterAttribute = System.Text.Json.Serialization.JsonConverterAttribute;
using StjDerivedTypeAttribute = System.Text.Json.Serialization.JsonDerivedTypeAttribute;
using StjPolymorphicAttribute = System.Text.Json.Serialization.JsonPolymorphicAttribute;

namespace Serbench.Libraries;

/// <summary>Newtonsoft.Json (Json.NET), model-first by reflection: the work of System.Text.Json's
/// <c>reflection_snake_case</c> variant (the same model classes to and from the same canonical JSON,
/// required members checked while decoding), with no attributes of its own on the model: its
/// contract resolver reads the ones the model carries for System.Text.Json (snake_case keys,
/// absent optional fields omitted, enums as names, timestamps as RFC 3339 text, byte lists as
/// integer arrays, unions keyed by "type"). Json.NET has no discriminated unions of its own
/// (only its <c>$type</c> names), so a union is read the way its custom converters do it:
/// the object is loaded as a <see cref="JObject"/>, then its "type" picks the class.</summary>
public sealed class NewtonsoftJsonLibrary()
    : ModelLibrary("newtonsoft_json", "json", LibraryVersion.OfPackage("Newtonsoft.Json"), HomePage, ["reflection", "validates"])
{
    /// <summary>Shared by every Json.NET variant.</summary>
    public const string HomePage = "https://www.newtonsoft.com/json";

    // Invalid UTF-8 is an error, not replacement characters.
    private static readonly UTF8Encoding Utf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    // Shared by every codec; Json.NET caches each type's contract in its resolver.
    private static readonly JsonSerializer Serializer = JsonSerializer.Create(new JsonSerializerSettings
    {
        ContractResolver = new CanonicalResolver(),
        NullValueHandling = NullValueHandling.Ignore,
        DateParseHandling = DateParseHandling.None,  // strings stay strings
        CheckAdditionalContent = true,               // nothing may follow the payload
    });

    protected override Codec<Payload<TRecord>> Codec<TRecord>() => new NewtonsoftCodec<TRecord>();

    /// <summary>JSON text written by <paramref name="write"/> as UTF-8 bytes (Json.NET writes text).</summary>
    internal static byte[] Write(Action<JsonTextWriter> write)
    {
        using var bytes = new MemoryStream();
        using (var writer = new JsonTextWriter(new StreamWriter(bytes, Utf8, leaveOpen: true)))
        {
            write(writer);
        }
        return bytes.ToArray();
    }

    /// <summary>What <paramref name="read"/> reads from UTF-8 <paramref name="bytes"/>; strings
    /// that look like dates stay strings (Json.NET's default would make them DateTimes).</summary>
    internal static T Read<T>(byte[] bytes, Func<JsonTextReader, T> read)
    {
        using var reader = new JsonTextReader(new StreamReader(new MemoryStream(bytes), Utf8))
        {
            DateParseHandling = DateParseHandling.None,
        };
        return read(reader);
    }

    private sealed class NewtonsoftCodec<TRecord> : Codec<Payload<TRecord>>
    {
        public override byte[] Encode(Payload<TRecord> value) => Write(writer => Serializer.Serialize(writer, value));

        public override Payload<TRecord> Decode(byte[] bytes) =>
            Read(bytes, Serializer.Deserialize<Payload<TRecord>>) ?? throw new JsonSerializationException("null payload");
    }

    /// <summary>snake_case names; C# <c>required</c> members must be present; the model's
    /// System.Text.Json converters mapped to their Json.NET twins: on an enum type, names; on a
    /// member, timestamps or byte lists. A member declared as a union base (or a list of one)
    /// gets the union converter: as in System.Text.Json, only there is the "type" written.</summary>
    private sealed class CanonicalResolver : DefaultContractResolver
    {
        private static readonly JsonConverter Enums = new StringEnumConverter { AllowIntegerValues = false };
        private static readonly JsonConverter Unions = new UnionConverter();

        public CanonicalResolver() => NamingStrategy = new SnakeCaseNamingStrategy();

        protected override JsonContract CreateContract(Type objectType)
        {
            var contract = base.CreateContract(objectType);
            if ((Nullable.GetUnderlyingType(objectType) ?? objectType).IsEnum)
            {
                contract.Converter = Enums;
            }
            return contract;
        }

        protected override JsonProperty CreateProperty(MemberInfo member, MemberSerialization memberSerialization)
        {
            var property = base.CreateProperty(member, memberSerialization);
            property.Required = member.IsDefined(typeof(RequiredMemberAttribute)) ? Required.Always : Required.Default;
            property.Converter = member.GetCustomAttribute<StjConverterAttribute>()?.ConverterType switch
            {
                null => property.Converter,
                { } t when t == typeof(TimestampJsonConverter) => new TimestampConverter(),
                { } t when t == typeof(ByteListJsonConverter) => new ByteListConverter(),
                { } t => throw new NotSupportedException($"{member.Name}: no Json.NET twin of {t.Name}"),
            };
            var type = property.PropertyType!;
            if (UnionConverter.IsUnion(type))
            {
                property.Converter = Unions;
            }
            else if (type.IsGenericType && type.GetGenericTypeDefinition() == typeof(List<>)
                && UnionConverter.IsUnion(type.GetGenericArguments()[0]))
            {
                property.ItemConverter = Unions;
            }
            return property;
        }
    }

    /// <summary>int64 microseconds since the epoch as RFC 3339 UTC text with six fractional
    /// digits (<see cref="TimestampJsonConverter"/>).</summary>
    private sealed class TimestampConverter : JsonConverter
    {
        private const string Format = "yyyy-MM-dd'T'HH:mm:ss.ffffff'Z'";

        public override bool CanConvert(Type objectType) => objectType == typeof(long) || objectType == typeof(long?);

        public override void WriteJson(JsonWriter writer, object? value, JsonSerializer serializer) =>
            writer.WriteValue(DateTime.UnixEpoch.AddTicks((long)value! * TimeSpan.TicksPerMicrosecond)
                .ToString(Format, CultureInfo.InvariantCulture));

        public override object ReadJson(JsonReader reader, Type objectType, object? existingValue, JsonSerializer serializer)
        {
            var text = reader.TokenType == JsonToken.String
                ? (string)reader.Value!
                : throw new JsonSerializationException("a timestamp must be a string");
            var time = DateTime.ParseExact(text, Format, CultureInfo.InvariantCulture,
                DateTimeStyles.AdjustToUniversal | DateTimeStyles.AssumeUniversal);
            return (time - DateTime.UnixEpoch).Ticks / TimeSpan.TicksPerMicrosecond;
        }
    }

    /// <summary>A byte list as an array of integers, not base64 (<see cref="ByteListJsonConverter"/>).</summary>
    private sealed class ByteListConverter : JsonConverter<byte[]>
    {
        public override void WriteJson(JsonWriter writer, byte[]? value, JsonSerializer serializer)
        {
            writer.WriteStartArray();
            foreach (var b in value!)
            {
                writer.WriteValue(b);
            }
            writer.WriteEndArray();
        }

        public override byte[] ReadJson(JsonReader reader, Type objectType, byte[]? existingValue, bool hasExistingValue, JsonSerializer serializer)
        {
            if (reader.TokenType != JsonToken.StartArray)
            {
                throw new JsonSerializationException("a byte list must be an array of integers");
            }
            var bytes = new List<byte>();
            while (reader.Read() && reader.TokenType != JsonToken.EndArray)
            {
                bytes.Add(reader.TokenType == JsonToken.Integer
                    ? checked((byte)(long)reader.Value!)
                    : throw new JsonSerializationException("a byte list must be an array of integers"));
            }
            return [.. bytes];
        }
    }

    /// <summary>A union base (<c>[JsonPolymorphic]</c> with its <c>[JsonDerivedType]</c>s): the
    /// discriminator first, then the member's own fields (written as Json.NET writes an object:
    /// its contract's properties, nulls left out).</summary>
    private sealed class UnionConverter : JsonConverter
    {
        public static bool IsUnion(Type type) => type.IsDefined(typeof(StjPolymorphicAttribute), inherit: false);

        public override bool CanConvert(Type objectType) => IsUnion(objectType);

        public override void WriteJson(JsonWriter writer, object? value, JsonSerializer serializer)
        {
            ArgumentNullException.ThrowIfNull(value);
            var type = value.GetType();
            var union = type.BaseType!;
            var tag = Cases(union).Single(c => c.DerivedType == type).TypeDiscriminator;
            writer.WriteStartObject();
            writer.WritePropertyName(Discriminator(union));
            writer.WriteValue(tag);
            foreach (var property in ((JsonObjectContract)serializer.ContractResolver.ResolveContract(type)).Properties)
            {
                var member = property.Ignored ? null : property.ValueProvider!.GetValue(value);
                if (member is null)
                {
                    continue;  // an absent optional field (NullValueHandling.Ignore)
                }
                writer.WritePropertyName(property.PropertyName!);
                WriteMember(writer, property, member, serializer);
            }
            writer.WriteEndObject();
        }

        // What Json.NET's own writer does for a member, with the converters set above.
        private static void WriteMember(JsonWriter writer, JsonProperty property, object member, JsonSerializer serializer)
        {
            if (property.Converter is { } converter)
            {
                converter.WriteJson(writer, member, serializer);
            }
            else if (property.ItemConverter is { } items)
            {
                writer.WriteStartArray();
                foreach (var item in (System.Collections.IEnumerable)member)
                {
                    items.WriteJson(writer, item, serializer);
                }
                writer.WriteEndArray();
            }
            else
            {
                serializer.Serialize(writer, member);
            }
        }

        public override object? ReadJson(JsonReader reader, Type objectType, object? existingValue, JsonSerializer serializer)
        {
            var json = JObject.Load(reader);
            var name = Discriminator(objectType);
            var tag = (string?)json[name] ?? throw new JsonSerializationException($"{objectType.Name} without \"{name}\"");
            json.Remove(name);
            var type = Cases(objectType).FirstOrDefault(c => tag.Equals(c.TypeDiscriminator))?.DerivedType
                ?? throw new JsonSerializationException($"unknown {objectType.Name} \"{name}\": {tag}");
            return json.ToObject(type, serializer);
        }

        private static string Discriminator(Type union) =>
            union.GetCustomAttribute<StjPolymorphicAttribute>()!.TypeDiscriminatorPropertyName ?? "$type";

        private static IEnumerable<StjDerivedTypeAttribute> Cases(Type union) => union.GetCustomAttributes<StjDerivedTypeAttribute>();
    }
}
