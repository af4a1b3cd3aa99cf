using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Text.Json;

namespace Serbench.Bench;

/// <summary>DIR/dotnet-calibration.json: two fixed workloads timed at the suite's start and end,
/// which say how fast the machine was during the run: `memcpy_1mib` (one 1 MiB copy) and
/// `cpu_loop` (10^6 steps of the LCG x = x * 6364136223846793005 + 1442695040888963407 mod 2^64).
/// Each sample is the mean of a loop of at least 2 ms; ns is the median of 15 samples.</summary>
public sealed class Calibration
{
    private const int Samples = 15;
    private static readonly long MinTicks = Stopwatch.Frequency / 500;

    private readonly List<object> samples = [];

    /// <summary>The copy's buffers live only while it is timed: two 1 MiB arrays kept through the
    /// run would sit on the large object heap and raise the GC's budget for it, and the cases
    /// timed in this process would then collect less often than in a process of their own
    /// (user/1000 MessagePack encode: 40 gen2 collections per 1,000 operations, against 47).</summary>
    public void Measure(string when)
    {
        var (source, target) = (new byte[1 << 20], new byte[1 << 20]);
        samples.Add(Sample(when, "memcpy_1mib", () => source.AsSpan().CopyTo(target)));
        samples.Add(Sample(when, "cpu_loop", () => Sink = Lcg(Sink)));
    }

    public void Write(string dir)
    {
        Directory.CreateDirectory(dir);
        var document = new { lang = "dotnet", samples };
        File.WriteAllText(Path.Combine(dir, "dotnet-calibration.json"), JsonSerializer.Serialize(document) + "\n");
    }

    // Kept in a field so the JIT cannot drop the loop.
    private static ulong Sink;

    // Fully optimized from the first call, so start and end time the same machine code.
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private static ulong Lcg(ulong x)
    {
        for (var i = 0; i < 1_000_000; i++)
        {
            x = unchecked((x * 6364136223846793005UL) + 1442695040888963407UL);
        }
        return x;
    }

    private static object Sample(string when, string workload, Action call)
    {
        call(); // JIT and caches out of the first sample
        var ns = Enumerable.Range(0, Samples).Select(_ => MeanNs(call)).Order().ToList();
        return new { when, workload, ns = ns[Samples / 2], n = Samples };
    }

    private static double MeanNs(Action call)
    {
        var calls = 0;
        var start = Stopwatch.GetTimestamp();
        long elapsed;
        do
        {
            call();
            calls++;
            elapsed = Stopwatch.GetTimestamp() - start;
        }
        while (elapsed < MinTicks);
        return elapsed * (1e9 / Stopwatch.Frequency) / calls;
    }
}
