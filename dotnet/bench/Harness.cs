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
    public static IConfig Config(string profile, string artifacts, Progress progress) =>
        ManualConfig.CreateEmpty()
            .AddJob(Job(profile).WithToolchain(InProcessEmitToolchain.Instance).WithId(profile))
            .AddDiagnoser(MemoryDiagnoser.Default)
            .AddExporter(JsonExporter.Full)
            .AddColumnProvider(DefaultColumnProviders.Instance)
            .AddLogger(new LogFileOnly())
            .AddEventProcessor(progress)
            .WithOption(ConfigOptions.JoinSummary, false)
            // Parameters print in full (the default cuts values over 20 characters, e.g. dataset names).
            .WithSummaryStyle(SummaryStyle.Default.WithMaxParameterColumnWidth(64))
            .WithArtifactsPath(artifacts);

    /// <summary>quick: one launch, one warmup and three short iterations, each invocation
    /// one operation, no overhead runs, no forced GC between iterations (the whole suite in
    /// minutes, a smoke run); standard: one round's sample per case, one warmup and one
    /// iteration of at least 10 ms (BenchmarkDotNet's pilot picks the invocation count), a
    /// forced full collection before each iteration (see <see cref="Rounds"/>); full:
    /// BenchmarkDotNet's default job; dry: every case once (tests).</summary>
    private static Job Job(string profile) => profile switch
    {
        "full" => BenchmarkDotNet.Jobs.Job.Default,
        "dry" => BenchmarkDotNet.Jobs.Job.Dry,
        "standard" => Short(iterations: 1, TimeInterval.FromMilliseconds(10)).WithGcForce(true),
        _ => Short(iterations: 3, TimeInterval.FromMilliseconds(15)).WithGcForce(false),
    };

    private static Job Short(int iterations, TimeInterval time) =>
        BenchmarkDotNet.Jobs.Job.Default
            .WithLaunchCount(1)
            .WithWarmupCount(1)
            .WithIterationCount(iterations)
            .WithIterationTime(time)
            .WithUnrollFactor(1)
            .WithEvaluateOverhead(false)
            .WithStrategy(RunStrategy.Throughput);
}
