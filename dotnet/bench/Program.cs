using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Engines;
using BenchmarkDotNet.Exporters.Json;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using Perfolizer.Horology;
using Serbench.Documents;
using Serbench.Libraries;

namespace Serbench.Bench;

/// <summary>Verifies every selected case's round trip, then times the accepted ones with
/// BenchmarkDotNet. Writes into --out: results/*-report-full.json (BenchmarkDotNet) and
/// dotnet-cases.json (the case catalog). Exits 1 if any case was refused or failed.</summary>
public static class Program
{
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
        if (UnknownFilter(options) is { } error)
        {
            Console.Error.WriteLine($"bench: {error}");
            return 2;
        }
        return Run(options);
    }

    private static int Run(Options options)
    {
        var catalog = new Catalog(options.Profile);
        var libraries = Registry.Libraries.Where(l => Selected(options.Library, l.Lib)).ToList();
        var fixtures = LoadFixtures(options.Dataset);
        AddNotMeasured(catalog, options, fixtures);

        var verified = Verify(libraries, fixtures, catalog);
        catalog.Write(options.Out); // a run cut short still leaves its catalog (timed cases as failed)
        var progress = new Progress();
        var runInfos = Plan.Build(fixtures, verified, Config(options, progress));
        progress.Total = runInfos.Sum(info => info.BenchmarksCases.Length);
        Progress.Say($"timing {progress.Total} cases ({options.Profile} profile)");
        var summaries = BenchmarkRunner.Run(runInfos);
        Record(catalog, summaries);
        catalog.Write(options.Out);

        var counts = catalog.Cases.GroupBy(c => c.Status).Select(g => $"{g.Count()} {g.Key}");
        Progress.Say($"{string.Join(", ", counts)}; results in {options.Out}");
        return catalog.Cases.Any(c => c.Status is "refused" or "failed") ? 1 : 0;
    }

    private static string? UnknownFilter(Options options)
    {
        if (options.Library is { } lib && !Registry.LibraryNames.Contains(lib))
        {
            return $"unknown --library '{lib}' (known: {string.Join(", ", Registry.LibraryNames)})";
        }
        if (options.Dataset is { } dataset && !KnownDatasets.Contains(dataset))
        {
            return $"unknown --dataset '{dataset}' (known: {string.Join(", ", KnownDatasets)})";
        }
        return null;
    }

    private static bool Selected(string? filter, string name) => filter is null || filter == name;

    private static IEnumerable<string> KnownDatasets => Datasets.Names.Concat(ProtobufDocuments.Names).Concat(JsonDocuments.Names);

    /// <summary>The synthetic datasets at every size, and the real documents (size 1).</summary>
    private static List<Fixture> LoadFixtures(string? filter) =>
        Datasets.Names.Where(d => Selected(filter, d))
            .SelectMany(d => Fixtures.Sizes.Select(size => Fixtures.Load(d, size)))
            .Concat(ProtobufDocuments.Names.Where(d => Selected(filter, d)).Select(ProtobufDocuments.Load))
            .Concat(JsonDocuments.Names.Where(d => Selected(filter, d)).Select(JsonDocuments.Load))
            .ToList();

    private static void AddNotMeasured(Catalog catalog, Options options, IReadOnlyList<Fixture> fixtures)
    {
        foreach (var library in Registry.NotMeasured.Where(n => Selected(options.Library, n.Lib)))
        {
            catalog.Add(library);
            Progress.Say($"not measured: lib={library.Lib}: {library.Reason}");
            foreach (var fixture in fixtures)
            {
                var (status, reason) = Attempt(library, fixture);
                foreach (var op in Ops.Codec)
                {
                    var id = CaseId.Of(fixture.Dataset, fixture.Size, CaseId.Suffix(op, library.Format, library.Lib, null));
                    catalog.Set(id, status, reason);
                }
            }
        }
    }

    /// <summary>A library that loads is attempted on the fixture for real: the case carries what it threw.</summary>
    private static (string Status, string Reason) Attempt(NotMeasured library, Fixture fixture)
    {
        if (library.Attempt is null)
        {
            return ("not_measured", library.Reason);
        }
        try
        {
            fixture.Bind(library.Attempt);
            return ("not_measured", $"{library.Lib} bound {fixture.Dataset} without an error and has no codec here");
        }
        catch (NotMeasuredException e)
        {
            return ("not_measured", e.Message);
        }
        catch (NotApplicableException e)
        {
            return ("not_applicable", e.Message);
        }
    }

    /// <summary>The round trip of every library on every fixture, before anything is timed.
    /// Accepted cases are catalogued as failed until their report says otherwise.</summary>
    private static List<Verified> Verify(IReadOnlyList<ILibrary> libraries, IReadOnlyList<Fixture> fixtures, Catalog catalog)
    {
        var verified = new List<Verified>();
        foreach (var library in libraries)
        {
            catalog.Add(library);
            foreach (var fixture in fixtures)
            {
                var check = Check(library, fixture);
                foreach (var op in library.Ops)
                {
                    var (status, reason) = check.Ops.Contains(op) ? (check.Status, check.Reason) : ("not_applicable", NoModel(fixture));
                    catalog.Set(CaseId.Of(fixture.Dataset, fixture.Size, op, library), status, reason, check.WireBytes);
                }
                if (check.Status == "refused")
                {
                    Progress.Say($"REFUSED dataset={fixture.Dataset}/size={fixture.Size}/lib={library.Lib}: {check.Reason}");
                }
                if (check.Status == Accepted)
                {
                    verified.Add(new(library, fixture, check.Ops));
                }
            }
        }
        return verified;
    }

    private static string NoModel(Fixture fixture) =>
        $"convert maps the domain model (Model/) to the library's classes and back; {fixture.Dataset} has no model here";

    // An accepted case stays catalogued as failed until BenchmarkDotNet reports it.
    private const string Accepted = "failed";

    /// <summary>The verdict on a library and fixture, and the ops that apply (convert only where
    /// the fixture has a domain model).</summary>
    private sealed record Checked(string Status, string Reason, int? WireBytes, IReadOnlyList<string> Ops);

    private static Checked Check(ILibrary library, Fixture fixture)
    {
        ICase bound;
        try
        {
            bound = fixture.Bind(library);
        }
        catch (NotApplicableException e)
        {
            return new("not_applicable", e.Message, null, library.Ops);
        }
        catch (Exception e)
        {
            // Building the library's input or its first encode failed: refused, with the reason.
            return new("refused", $"setup threw {e.GetType().Name}: {e.Message}", null, library.Ops);
        }
        var ops = library.Ops.Where(op => op != Ops.Convert || bound.Converts).ToList();
        if (bound.Refusal() is { } refusal)
        {
            return new("refused", refusal, bound.WireSize, ops);
        }
        if (library.Ops.Contains(Ops.AccessLazy) && bound.AccessLazy() != bound.AccessFull())
        {
            return new("refused", "lazy access read other values than full decode", bound.WireSize, ops);
        }
        return new(Accepted, "BenchmarkDotNet did not report it", bound.WireSize, ops);
    }

    private static void Record(Catalog catalog, IEnumerable<Summary> summaries)
    {
        foreach (var report in summaries.SelectMany(s => s.Reports))
        {
            var id = Progress.CaseId(report.BenchmarkCase);
            var wireBytes = catalog.Cases.Single(c => c.Id == id).WireBytes;
            catalog.Set(id, report.Success ? "measured" : "failed",
                report.Success ? null : "BenchmarkDotNet recorded no result (see its log in --out)", wireBytes);
        }
    }

    // One job, in this process: the built assembly lives in Bazel's output tree, away
    // from its .csproj, so BenchmarkDotNet cannot generate and build a child project.
    private static IConfig Config(Options options, Progress progress) =>
        ManualConfig.CreateEmpty()
            .AddJob(Job(options.Profile).WithToolchain(InProcessEmitToolchain.Instance).WithId(options.Profile))
            .AddDiagnoser(MemoryDiagnoser.Default)
            .AddExporter(JsonExporter.Full)
            .AddColumnProvider(DefaultColumnProviders.Instance)
            .AddLogger(new LogFileOnly())
            .AddEventProcessor(progress)
            .WithOption(ConfigOptions.JoinSummary, false)
            // Parameters print in full (the default cuts values over 20 characters, e.g. dataset names).
            .WithSummaryStyle(SummaryStyle.Default.WithMaxParameterColumnWidth(64))
            .WithArtifactsPath(options.Out);

    /// <summary>quick: one launch, one warmup and three short iterations, each invocation
    /// one operation, no overhead runs, no forced GC between iterations (the whole suite in
    /// minutes); full: BenchmarkDotNet's default job; dry: every case once (tests).</summary>
    private static Job Job(string profile) => profile switch
    {
        "full" => BenchmarkDotNet.Jobs.Job.Default,
        "dry" => BenchmarkDotNet.Jobs.Job.Dry,
        _ => BenchmarkDotNet.Jobs.Job.Default
            .WithLaunchCount(1)
            .WithWarmupCount(1)
            .WithIterationCount(3)
            .WithIterationTime(TimeInterval.FromMilliseconds(15))
            .WithUnrollFactor(1)
            .WithEvaluateOverhead(false)
            .WithGcForce(false)
            .WithStrategy(RunStrategy.Throughput),
    };
}
