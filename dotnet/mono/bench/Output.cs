using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace Serbench.Mono.Bench
{
    /// <summary>The suite's files in --out: mono.json (every timed loop: runner/ingest/mono_json.py)
    /// and mono-cases.json (the case catalog: runner/ingest/cases_json.py).</summary>
    public static class Output
    {
        public static void Write(Options options, Plan plan, Dictionary<Entry, List<Sample>> samples)
        {
            Directory.CreateDirectory(options.Out);
            var results = new JObject
            {
                ["lang"] = Program.Lang,
                ["harness"] = "serbench-mono",
                ["runtime"] = Runtime(),
                ["profile"] = options.Profile,
                ["clock"] = Serbench.Bench.CpuTime.Title,
                ["cases"] = new JArray(plan.Entries.Where(e => e.Status == "measured").Select(e => new JObject
                {
                    ["id"] = e.Id,
                    ["samples"] = new JArray(samples[e].Select(s => new JObject { ["round"] = s.Round, ["ops"] = s.Ops, ["ns"] = s.Ns })),
                })),
            };
            File.WriteAllText(Path.Combine(options.Out, "mono.json"), results.ToString(Formatting.Indented));
            File.WriteAllText(Path.Combine(options.Out, "mono-cases.json"), Catalog(options, plan).ToString(Formatting.Indented));
        }

        private static JObject Catalog(Options options, Plan plan) => new JObject
        {
            ["lang"] = Program.Lang,
            ["profile"] = options.Profile,
            ["isolation"] = Isolation,
            ["libraries"] = new JArray(plan.Entries.Select(e => e.Library).Distinct().Select(l => new JObject
            {
                ["lib"] = l.Lib,
                ["format"] = l.Format,
                ["variant"] = l.Variant,
                ["version"] = l.Version,
                ["home"] = l.Home,
                ["capabilities"] = new JArray(l.Capabilities),
                ["lazy_ops"] = JObject.FromObject(l.LazyOps),
            })),
            ["cases"] = new JArray(plan.Entries.Select(e => new JObject
            {
                ["id"] = e.Id,
                ["status"] = e.Status,
                ["reason"] = e.Reason,
                ["wire_bytes"] = e.WireBytes,
            })),
        };

        /// <summary>The processes that took the samples, as the catalog records it (every suite's `isolation`).</summary>
        private const string Isolation = "one process for every dataset, case and round";

        // "Mono 6.8.0.105 (Debian ...)": Mono's own version string.
        private static string Runtime()
        {
            var display = Type.GetType("Mono.Runtime")?.GetMethod("GetDisplayName", System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Static);
            return "Mono " + (display?.Invoke(null, null) as string ?? Environment.Version.ToString());
        }
    }
}
