using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using Newtonsoft.Json.Linq;

namespace Serbench.Mono.Bench
{
    /// <summary>DIR/mono-calibration.json (runner/ingest/calibration_json.py): the suites' two fixed
    /// workloads, timed at the suite's start and end, which say how fast the machine was during
    /// the run: `memcpy_1mib` (one 1 MiB copy) and `cpu_loop` (10^6 steps of the LCG
    /// x = x * 6364136223846793005 + 1442695040888963407 mod 2^64). A sample is the mean over a
    /// loop of at least 2 ms; ns is the median of 15 samples.</summary>
    public sealed class Calibration
    {
        private const int Samples = 15;
        private static readonly long MinTicks = Stopwatch.Frequency / 500;

        // Kept in a field so the JIT cannot drop the loop.
        private static ulong sink;

        private readonly JArray samples = new JArray();

        /// <summary>The copy's buffers live only while it is timed: kept through the run, they would
        /// enlarge the heap the cases timed in this process collect against (as in the .NET suite).</summary>
        public void Measure(string when)
        {
            var source = new byte[1 << 20];
            var target = new byte[1 << 20];
            samples.Add(Sample(when, "memcpy_1mib", () => Buffer.BlockCopy(source, 0, target, 0, source.Length)));
            samples.Add(Sample(when, "cpu_loop", () => sink = Lcg(sink)));
        }

        public void Write(string dir) =>
            File.WriteAllText(Path.Combine(dir, "mono-calibration.json"), new JObject { ["lang"] = Program.Lang, ["samples"] = samples }.ToString());

        private static ulong Lcg(ulong x)
        {
            for (var i = 0; i < 1000000; i++)
            {
                x = unchecked((x * 6364136223846793005UL) + 1442695040888963407UL);
            }
            return x;
        }

        private static JObject Sample(string when, string workload, Action call)
        {
            call(); // JIT and caches out of the first sample
            var ns = Enumerable.Range(0, Samples).Select(_ => MeanNs(call)).OrderBy(x => x).ToList();
            return new JObject { ["when"] = when, ["workload"] = workload, ["ns"] = ns[Samples / 2], ["n"] = Samples };
        }

        private static double MeanNs(Action call)
        {
            var calls = 0;
            var clock = Stopwatch.StartNew();
            do
            {
                call();
                calls++;
            }
            while (clock.ElapsedTicks < MinTicks);
            return clock.ElapsedTicks * (1e9 / Stopwatch.Frequency) / calls;
        }
    }
}
