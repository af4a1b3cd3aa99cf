using System;
using System.Collections.Generic;
using System.Diagnostics;

// Shared with the Mono worker (dotnet/mono/robustness compiles this file with mcs): C# that both
// compilers take, with no null in it (C# 7.2 has no nullable annotations).
namespace Serbench.Robustness
{
    /// <summary>How a worker times a decode attempt and says what it threw (the protocol's `ns` and
    /// `detail`, tools/robustness/README.md).</summary>
    public static class Attempts
    {
        private const int DetailLength = 300;

        /// <summary>The ns since <paramref name="start"/> (a Stopwatch timestamp): the monotonic clock.</summary>
        public static long Since(long start) => (long)((Stopwatch.GetTimestamp() - start) * (1e9 / Stopwatch.Frequency));

        /// <summary>The error path's cost: <paramref name="attempt"/> (which throws) run again until five
        /// times are in or about 2 ms have passed, the median of those and <paramref name="first"/>.</summary>
        public static long RejectNs(Action attempt, long first)
        {
            var times = new List<long> { first };
            var deadline = Stopwatch.GetTimestamp() + Stopwatch.Frequency / 500;
            while (times.Count < 5 && Stopwatch.GetTimestamp() < deadline)
            {
                var start = Stopwatch.GetTimestamp();
                try
                {
                    attempt();
                }
                catch (Exception)
                {
                    // The same rejection again: only its time counts.
                }
                times.Add(Since(start));
            }
            times.Sort();
            return times[times.Count / 2];
        }

        public static string Describe(Exception e) => Short($"{e.GetType().Name}: {e.Message}");

        public static string Short(string text) => text.Length <= DetailLength ? text : text.Substring(0, DetailLength) + "...";
    }
}
