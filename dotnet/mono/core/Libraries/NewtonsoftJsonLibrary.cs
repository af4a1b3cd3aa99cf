using System.IO;
using System.Text;
using Newtonsoft.Json;
using Serbench.Mono.Model;

namespace Serbench.Mono.Libraries
{
    /// <summary>Newtonsoft.Json typed, to and from UTF-8 bytes with the canonical JSON settings
    /// (CanonicalJson: snake_case keys, enum names, RFC 3339 timestamps), through one reused
    /// serializer, as the .NET suite's newtonsoft_json.</summary>
    public sealed class NewtonsoftJsonLibrary : Library
    {
        public NewtonsoftJsonLibrary() : base("newtonsoft_json", "json", typeof(JsonConvert), "https://www.newtonsoft.com/json", "reflection", "validates") { }

        private static readonly UTF8Encoding Utf8 = new UTF8Encoding(false);


        public override Codec<TPayload> Codec<TPayload>() => new JsonCodec<TPayload>();

        private sealed class JsonCodec<TPayload> : Codec<TPayload> where TPayload : class
        {
            private readonly JsonSerializer serializer = JsonSerializer.Create(CanonicalJson.Settings);

            public override byte[] Encode(TPayload payload)
            {
                var stream = new MemoryStream();
                using (var writer = new StreamWriter(stream, Utf8))
                {
                    serializer.Serialize(writer, payload);
                }
                return stream.ToArray();
            }

            public override TPayload Decode(byte[] bytes)
            {
                using (var reader = new JsonTextReader(new StreamReader(new MemoryStream(bytes, false), Utf8)))
                {
                    return serializer.Deserialize<TPayload>(reader) ?? throw new InvalidDataException("null payload");
                }
            }
        }
    }
}
