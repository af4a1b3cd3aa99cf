using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;

// Shared with the Mono worker (dotnet/mono/robustness compiles this file with mcs): C# that both
// compilers take, with no null in it (C# 7.2 has no nullable annotations).
namespace Serbench.Robustness
{
    /// <summary>A request the worker cannot serve: a driver bug, not a decoder outcome (exit 2).</summary>
    public sealed class ProtocolException : Exception
    {
        public ProtocolException(string message) : base(message)
        {
        }
    }

    /// <summary>How a worker reads a request's input, times a decode attempt and says what it
    /// threw (the protocol's `ns` and `detail`, tools/robustness/README.md).</summary>
    public static class Attempts
    {
        private const int DetailLength = 300;

        /// <summary>The request's input, read fully before the attempt; a file the driver names
        /// that cannot be read is the driver's error.</summary>
        public static byte[] Input(string path)
        {
            try
            {
                return File.ReadAllBytes(path);
            }
            catch (IOException e)
            {
                throw new ProtocolException($"cannot read {path}: {e.Message}");
            }
        }

        /// <summary>The ns <paramref name="attempt"/> took on the monotonic clock; what it threw, if
        /// anything, goes to <paramref name="thrown"/>.</summary>
        public static long Time(Action attempt, Action<Exception> thrown)
        {
            var start = Stopwatch.GetTimestamp();
            try
            {
                attempt();
            }
            catch (Exception e)
            {
                var ns = Since(start);
                thrown(e);
                return ns;
            }
            return Since(start);
        }

        /// <summary>The error path's cost: <paramref name="attempt"/> (which throws) run again until five
        /// times are in or about 2 ms have passed, the median of those and <paramref name="first"/>.</summary>
        public static long RejectNs(Action attempt, long first)
        {
            var times = new List<long> { first };
            var deadline = Stopwatch.GetTimestamp() + Stopwatch.Frequency / 500;
            while (times.Count < 5 && Stopwatch.GetTimestamp() < deadline)
            {
                times.Add(Time(attempt, _ => { }));
            }
            times.Sort();
            return times[times.Count / 2];
        }

        private static long Since(long start) => (long)((Stopwatch.GetTimestamp() - start) * (1e9 / Stopwatch.Frequency));

        public static string Describe(Exception e) => Short($"{e.GetType().Name}: {e.Message}");

        public static string Short(string text) => text.Length <= DetailLength ? text : text.Substring(0, DetailLength) + "...";
    }
}
