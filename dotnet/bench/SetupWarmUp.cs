using System.Globalization;

namespace Serbench.Bench;

/// <summary>The end of a case's setup in the standard profile, after its full collection: the case's
/// own calls, untimed, until the workstation GC has collected gen0 <see cref="Collections"/> times under
/// them or <see cref="Cap"/> of the thread's CPU time has passed; the measured iteration follows with
/// no collection between. BenchmarkDotNet's default job times each iteration after warm-up
/// iterations of the same calls, in a process of the case's own; a child's round times one
/// iteration right after the setup, after another case, and without these calls the memory gen0
/// allocates in after the collection was faulted in by the measured iteration's first calls
/// (dotnet/README.md, Profiles, has the counts). A case that allocates too little to be collected
/// within the cap reuses no gen0 memory within its measured iteration either, so a longer warm-up
/// would not serve it.</summary>
public static class SetupWarmUp
{
    /// <summary>Two: the first gen0 collection after the full one also sweeps what the setup
    /// allocated; by the second, gen0 has cycled under the case's calls alone.</summary>
    public const int Collections = 2;

    /// <summary>Half the measured iteration (<see cref="Harness.StandardIterationTime"/>).</summary>
    public static readonly TimeSpan Cap = Harness.StandardIterationTime / 2;

    /// <summary>Whether setups warm up: the standard profile's child sets it before its first round;
    /// the other profiles (BenchmarkDotNet's default job warms up by itself) leave it off.</summary>
    public static bool Enabled { get; set; }

    /// <summary>What a case's setup does before its timed iterations under <paramref name="profile"/>,
    /// as the catalog records it (setup; the methodology page shows it).</summary>
    public static string Describe(string profile) => profile == "standard"
        ? string.Create(CultureInfo.InvariantCulture,
            $"its inputs built, one full collection, then its own calls, untimed, until gen0 was collected {Collections} times or {Cap.TotalMilliseconds:F0} ms of the thread's CPU time passed")
        : "its inputs built, then one full collection";

    /// <summary>Calls <paramref name="call"/> as the rule says, if <see cref="Enabled"/>.</summary>
    public static void Run<T>(Func<T> call)
    {
        if (!Enabled)
        {
            return;
        }
        var until = GC.CollectionCount(0) + Collections;
        var end = CpuTime.Now() + (long)Cap.TotalNanoseconds;
        do
        {
            call();
        }
        while (GC.CollectionCount(0) < until && CpuTime.Now() < end);
    }
}
