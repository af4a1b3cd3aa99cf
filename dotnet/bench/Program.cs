using System.Text.Json;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Exporters.Json;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using Serbench.Adapters;

namespace Serbench.Bench;

/// <summary>Verifies every selected case's round trip, then times the accepted ones with
/// BenchmarkDotNet. Writes into --out: results/*-report-full.json (BenchmarkDotNet),
/// dotnet-libraries.json (lib, format, package version, capabilities) and
/// dotnet-not-measured.json (lib, format, reason). Exits 1 if any case was refused or failed.</summary>
public static class Program
{
    private static readonly JsonSerializerOptions Json = new()
    {
        PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower,
        WriteIndented = true,
    };

    public static int Main(string[] args)
    {
        if (args is ["-h" or "--help"])
        {
            Console.WriteLine(Options.Usage);
            return 0;
        }
        Options options;
        try
        {
            options = Options.Parse(args);
        }
        catch (ArgumentException e)
        {
            Console.Error.WriteLine($"bench: {e.Message}\n{Options.Usage}");
            return 2;
        }
        return Run(options);
    }

    private static int Run(Options options)
    {
        if (UnknownFilter(options) is { } error)
        {
            Progress.Say(error);
            return 2;
        }
        var adapters = Registry.Adapters.Where(a => Selected(options.Library, a.Lib)).ToList();
        var notMeasured = Registry.NotMeasured.Where(n => Selected(options.Library, n.Lib)).ToList();
        WriteMetadata(options.Out, adapters, notMeasured);

        var fixtures = Fixtures.Catalog.Keys.Where(d => Selected(options.Dataset, d)).Select(Fixtures.Load).ToList();
        var verified = Verify(adapters, fixtures, out var refused);
        var summaries = BenchmarkRunner.Run(Plan.Build(fixtures, verified, Config(options)));
        var timed = summaries.Sum(s => s.Reports.Count(r => r.Success));
        var failed = summaries.Sum(s => s.Reports.Count(r => !r.Success) + (s.HasCriticalValidationErrors ? 1 : 0));

        Progress.Say($"{timed} cases timed, {refused} refused, {failed} failed; results in {options.Out}");
        return refused + failed == 0 ? 0 : 1;
    }

    private static string? UnknownFilter(Options options)
    {
        var libs = Registry.Adapters.Select(a => a.Lib).Concat(Registry.NotMeasured.Select(n => n.Lib)).Distinct().ToList();
        if (options.Library is { } lib && !libs.Contains(lib))
        {
            return $"unknown --library '{lib}' (known: {string.Join(", ", libs)})";
        }
        if (options.Dataset is { } dataset && !Fixtures.Catalog.ContainsKey(dataset))
        {
            return $"unknown --dataset '{dataset}' (known: {string.Join(", ", Fixtures.Catalog.Keys)})";
        }
        return null;
    }

    private static void WriteMetadata(string dir, List<ICodecAdapter> adapters, List<NotMeasured> notMeasured)
    {
        Directory.CreateDirectory(dir);
        Write(dir, "dotnet-libraries.json", adapters.Select(a => new { a.Lib, a.Format, a.Version, a.Capabilities }));
        Write(dir, "dotnet-not-measured.json", notMeasured);
        foreach (var n in notMeasured)
        {
            Progress.Say($"not measured: format={n.Format}/lib={n.Lib}: {n.Reason}");
        }
    }

    private static bool Selected(string? filter, string name) => filter is null || filter == name;

    /// <summary>The round trip of every adapter on every fixture, before anything is timed.</summary>
    private static List<(ICodecAdapter, Fixture)> Verify(
        IReadOnlyList<ICodecAdapter> adapters, IReadOnlyList<Fixture> fixtures, out int refused)
    {
        var verified = new List<(ICodecAdapter, Fixture)>();
        refused = 0;
        foreach (var adapter in adapters)
        {
            foreach (var fixture in fixtures)
            {
                var scenario = $"dataset={fixture.Dataset}/size={fixture.Size}/format={adapter.Format}/lib={adapter.Lib}";
                if (RoundTrip.Refusal(adapter, fixture) is { } reason)
                {
                    Progress.Say($"REFUSED {scenario}: {reason}");
                    refused++;
                    continue;
                }
                Progress.Say($"round trip ok: {scenario}");
                verified.Add((adapter, fixture));
            }
        }
        return verified;
    }

    // One job, in this process: the built assembly lives in Bazel's output tree, away
    // from its .csproj, so BenchmarkDotNet cannot generate and build a child project.
    private static IConfig Config(Options options)
    {
        var job = (options.Quick ? Job.ShortRun : Job.Default)
            .WithToolchain(InProcessEmitToolchain.Instance)
            .WithId(options.Profile);
        return ManualConfig.CreateEmpty()
            .AddJob(job)
            .AddDiagnoser(MemoryDiagnoser.Default)
            .AddExporter(JsonExporter.Full)
            .AddColumnProvider(DefaultColumnProviders.Instance)
            .AddLogger(new LogFileOnly())
            .AddEventProcessor(new Progress())
            .WithArtifactsPath(options.Out);
    }

    private static void Write<T>(string dir, string name, T value) =>
        File.WriteAllText(Path.Combine(dir, name), JsonSerializer.Serialize(value, Json) + "\n");
}
