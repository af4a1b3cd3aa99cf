using System.IO;
using Newtonsoft.Json;
using Newtonsoft.Json.Serialization;
using Serbench.Robustness;

namespace Serbench.Mono.Robustness
{
    /// <summary>The outcome classes a worker replies (`accepted` is never needed: every decoder
    /// here is typed, so every input it gets has a fixture).</summary>
    public static class Outcomes
    {
        public const string CleanError = "clean_error";
        public const string AcceptedEqual = "accepted_equal";
        public const string AcceptedDifferent = "accepted_different";
        public const string MemoryBlowup = "memory_blowup";
    }

    /// <summary>One request line of the driver.</summary>
    public sealed class Request
    {
        [JsonProperty(Required = Required.Always)] public string Lib { get; set; }
        public string Variant { get; set; }
        [JsonProperty(Required = Required.Always)] public string Format { get; set; }
        public string Dataset { get; set; }
        public int? Size { get; set; }
        [JsonProperty(Required = Required.Always)] public string Path { get; set; }
        [JsonProperty(Required = Required.Always)] public string Expect { get; set; }
    }

    /// <summary>One reply line: the outcome, a short detail, the decode attempt's time in ns.</summary>
    public sealed class Reply
    {
        public Reply(string outcome, string detail, long ns)
        {
            Outcome = outcome;
            Detail = detail;
            Ns = ns;
        }

        public string Outcome { get; }
        public string Detail { get; }
        public long Ns { get; }
    }

    /// <summary>One line of `--list`; Datasets: the only datasets whose inputs it can be sent.</summary>
    public sealed class DecoderInfo
    {
        public string Lib { get; set; }
        public string Variant { get; set; }
        public string Format { get; set; }
        public string Version { get; set; }
        public bool Schemaless { get; set; }
        public string[] Datasets { get; set; }

        public override string ToString() => $"{Lib}/{Variant ?? "null"} {Format}";
    }

    /// <summary>The wire form of the protocol (tools/robustness/README.md): snake_case JSON,
    /// one value a line, through Newtonsoft.Json (Mono 6.8 has no System.Text.Json).</summary>
    public static class Protocol
    {
        private static readonly JsonSerializerSettings Settings = new JsonSerializerSettings
        {
            ContractResolver = new DefaultContractResolver { NamingStrategy = new SnakeCaseNamingStrategy() },
            DateParseHandling = DateParseHandling.None,
        };

        public static Request ParseRequest(string line)
        {
            try
            {
                return JsonConvert.DeserializeObject<Request>(line, Settings) ?? throw new ProtocolException("a null request");
            }
            catch (JsonException e)
            {
                throw new ProtocolException($"malformed request line ({e.Message}): {line}");
            }
        }

        /// <summary>Writes <paramref name="value"/> as one line and flushes it.</summary>
        public static void WriteLine(TextWriter output, object value)
        {
            output.Write(JsonConvert.SerializeObject(value, Formatting.None, Settings));
            output.Write('\n');
            output.Flush();
        }
    }
}
