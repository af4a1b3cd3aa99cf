using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Engines;
using BenchmarkDotNet.Exporters.Json;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using Perfolizer.Horology;

namespace Serbench.Bench;

/// <summary>The BenchmarkDotNet configuration of each profile.</summary>
public static class Harness
{
    // One job, in this process: the built assembly lives in Bazel's output tree, away
    // from its .csproj, so BenchmarkDotNet cannot generate and build a child project.
    // measureAllocations: MemoryDiagnoser, which costs each case one more (untimed) iteration;
    // the standard profile measures allocations in round 0 only (see Rounds).
    public static ManualConfig Config(string profile, string artifacts, Progress progress, bool measureAllocations = true) =>
        ManualConfig.CreateEmpty()
            .AddJob(Job(profile).WithToolchain(InProcessEmitToolchain.Instance).WithId(profile))
            .AddDiagnoser(measureAllocations ? [MemoryDiagnoser.Default] : [])
            .AddExporter(JsonExporter.Full)
            .AddColumnProvider(DefaultColumnProviders.Instance)
            .AddLogger(new LogFileOnly())
            .AddEventProcessor(progress)
            .WithOption(ConfigOptions.JoinSummary, false)
            // Parameters print in full (the default cuts values over 20 characters, e.g. dataset names).
            .WithSummaryStyle(SummaryStyle.Default.WithMaxParameterColumnWidth(64))
            .WithArtifactsPath(artifacts);

    /// <summary>The standard profile's measured iteration, and its warm-up iterations' (<see cref="SteadyState"/>):
    /// BenchmarkDotNet's default job aims at 500 ms and flags iterations under 100 ms; 50 ms keeps the
    /// published profile's nine rounds of over a thousand cases within its time budget, and the clock
    /// (the timing thread's CPU time, in nanoseconds) resolves it finely.</summary>
    public static readonly TimeSpan StandardIterationTime = TimeSpan.FromMilliseconds(50);

    /// <summary>The standard profile's invocations per measured iteration for a call of
    /// <paramref name="nsPerCall"/>: enough to last <see cref="StandardIterationTime"/> (as BenchmarkDotNet's
    /// pilot aims), at least one.</summary>
    public static int InvocationCount(double nsPerCall) =>
        (int)Math.Clamp(Math.Ceiling(StandardIterationTime.TotalNanoseconds / nsPerCall), 1, int.MaxValue);

    /// <summary>What the profile's samples were timed by, as the catalog records it.</summary>
    public static string Clock(string profile) =>
        profile is "full" ? "wall clock: BenchmarkDotNet's default job" : ThreadCpuClock.Instance.Title;

    /// <summary>Which processes took the samples, as the catalog records it (the methodology page
    /// shows it).</summary>
    public static string Isolation(Options options) => options switch
    {
        { Profile: "standard" } => Rounds.Isolation,
        { Rounds: not null } => "one process: every dataset's cases, one BenchmarkDotNet invocation a round",
        _ => "one process: one BenchmarkDotNet invocation over every dataset's cases",
    };

    /// <summary>quick: one launch, one warmup and three short iterations (the whole suite in
    /// minutes, a smoke run); standard: one round's sample per case, one measured iteration of at
    /// least <see cref="StandardIterationTime"/> after the case's warm-up to steady state
    /// (<see cref="SteadyState"/>, which replaces BenchmarkDotNet's warmup stage and its pilot: the
    /// warm-up's last iteration gives the invocation count, see <see cref="Rounds"/>); both: each invocation one
    /// operation, no overhead runs, and no forced GC around each iteration (BenchmarkDotNet's
    /// GcForce costs two full collections per iteration): the case's GlobalSetup does one
    /// full collection instead (in the standard profile followed by <see cref="SetupWarmUp"/>);
    /// both time the timing thread's CPU time (<see cref="ThreadCpuClock"/>), the clock of the
    /// other languages' suites. full: BenchmarkDotNet's default job, untouched (its
    /// wall clock: `//dotnet/stock` compares the standard profile with it); dry: every case once (tests).</summary>
    private static Job Job(string profile) => profile switch
    {
        "full" => BenchmarkDotNet.Jobs.Job.Default,
        "dry" => BenchmarkDotNet.Jobs.Job.Dry,
        "standard" => Short(warmups: 0, iterations: 1, TimeInterval.FromMilliseconds(StandardIterationTime.TotalMilliseconds)),
        _ => Short(warmups: 1, iterations: 3, TimeInterval.FromMilliseconds(15)),
    };

    private static Job Short(int warmups, int iterations, TimeInterval time) =>
        BenchmarkDotNet.Jobs.Job.Default
            .WithLaunchCount(1)
            .WithWarmupCount(warmups)
            .WithIterationCount(iterations)
            .WithIterationTime(time)
            .WithUnrollFactor(1)
            .WithEvaluateOverhead(false)
            .WithGcForce(false)
            .WithStrategy(RunStrategy.Throughput)
            .WithClock(ThreadCpuClock.Instance);
}
