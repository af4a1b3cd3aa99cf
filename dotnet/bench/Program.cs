using BenchmarkDotNet.Reports;
using Google.Protobuf.Reflection;
using BenchmarkDotNet.Running;
using Serbench.Documents;

namespace Serbench.Bench;

/// <summary>Verifies every selected case's round trip, then times the accepted ones with
/// BenchmarkDotNet: in this process (quick, full, dry: results/*-report-full.json; quick --rounds N:
/// N invocations, results/round-&lt;r&gt;/), or in rounds of child processes (standard:
/// results/round-&lt;r&gt;/*-report-full.json, see <see cref="Rounds"/>).
/// Also writes into --out dotnet-cases.json (the case catalog) and dotnet-calibration.json, and
/// with --payloads DIR each verified encode case's payload (<see cref="Payloads"/>).
/// Exits 1 if any case failed (a refused case is a result: exit 0).</summary>
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
        MessageDescriptor? message;
        try
        {
            message = options.ProtoCs is { } folder ? UserProto.Load(folder, options.Message!) : null;
        }
        catch (UserProtoException e)
        {
            Console.Error.WriteLine($"bench: {e.Message}");
            return 2;
        }
        return Run(options, message);
    }

    /// <summary>message: the user's message the document holds (--proto-cs), if given.</summary>
    private static int Run(Options options, MessageDescriptor? message)
    {
        if (options.Child is not null)
        {
            return Rounds.RunChild(options, dataset => Accepted(options with { Dataset = dataset }, message));
        }
        var calibration = new Calibration();
        calibration.Measure("start");
        var catalog = new Catalog(options.Profile, Harness.Isolation(options), options.CaseIds());
        var fixtures = LoadFixtures(options, message);
        Verification.AddNotMeasured(catalog, options.Library, fixtures);
        var verified = Selected(
            Verification.DecodeOnly(Verification.Verify(Libraries(options), fixtures, catalog, options.CaseIds()), catalog, options.Profile),
            options.CaseIds());
        catalog.Write(options.Out); // a run cut short still leaves its catalog (timed cases as failed)
        if (options.Payloads is { } payloads)
        {
            Payloads.Write(payloads, verified);
        }

        if (options.Profile == "standard")
        {
            var ids = Rounds.CaseIdsByDataset(verified);
            // The children load their own fixtures: this process gives the memory of its copy back.
            (fixtures, verified) = ([], []);
            GC.Collect(2, GCCollectionMode.Aggressive, blocking: true, compacting: true);
            new Rounds(options, catalog).Run(ids);
        }
        else if (options.Rounds is { } rounds)
        {
            RunInRounds(options, fixtures, verified, catalog, rounds);
        }
        else
        {
            RunOnce(options, fixtures, verified, catalog);
        }
        calibration.Measure("end");
        calibration.Write(options.Out);
        catalog.Write(options.Out);

        var counts = catalog.Cases.GroupBy(c => c.Status).Select(g => $"{g.Count()} {g.Key}");
        Progress.Say($"{string.Join(", ", counts)}; results in {options.Out}");
        return catalog.Cases.Any(c => c.Status == "failed") ? 1 : 0;
    }

    /// <summary>quick, full, dry: one BenchmarkDotNet invocation in this process, one report per library.</summary>
    private static void RunOnce(Options options, IReadOnlyList<Fixture> fixtures, IReadOnlyList<Verified> verified, Catalog catalog)
    {
        var progress = new Progress();
        var runInfos = Plan.Build(fixtures, verified, Harness.Config(options.Profile, options.Out, progress));
        progress.Total = runInfos.Sum(info => info.BenchmarksCases.Length);
        Progress.Say($"timing {progress.Total} cases ({options.Profile} profile)");
        Record(catalog, BenchmarkRunner.Run(runInfos));
    }

    /// <summary>quick --rounds N (runner mine: paired ratios with CIs): N BenchmarkDotNet invocations
    /// in this process, the cases shuffled in each, every invocation a round whose reports go to
    /// results/round-&lt;r&gt;/ as the standard profile's do. Not a child process per round: on a
    /// 1 MiB document under load each child cost 10 to 19 s to start and up to 17 s of pre-warm.</summary>
    private static void RunInRounds(Options options, IReadOnlyList<Fixture> fixtures, IReadOnlyList<Verified> verified, Catalog catalog, int rounds)
    {
        if (verified.Count == 0)
        {
            return; // every case refused or not applicable (runner mine --library protobuf): no round to take
        }
        var progress = new Progress();
        var random = new Random(options.Seed ?? Random.Shared.Next());
        for (var round = 0; round < rounds; round++)
        {
            var work = Path.Combine(options.Out, "work", $"round-{round}");
            var config = Harness.Config(options.Profile, work, progress, measureAllocations: round == 0);
            var runInfo = Plan.BuildShuffled(fixtures, verified, config, random, new Dictionary<string, int>());
            progress.Total = runInfo.BenchmarksCases.Length * rounds;
            Record(catalog, BenchmarkRunner.Run([runInfo]));
            var results = Directory.CreateDirectory(Path.Combine(options.Out, "results", $"round-{round}")).FullName;
            foreach (var report in Directory.GetFiles(Path.Combine(work, "results"), "*-report-full.json"))
            {
                File.Move(report, Path.Combine(results, Path.GetFileName(report)));
            }
        }
        Directory.Delete(Path.Combine(options.Out, "work"), recursive: true);
    }

    private static List<ILibrary> Libraries(Options options) =>
        Registry.Libraries.Concat(options.ProtoCs is null ? [] : Registry.UserMessageLibraries)
            .Where(l => Selected(options.Library, l.Lib)).ToList();

    /// <summary>The verified cases, narrowed to --cases when given.</summary>
    private static List<Verified> Selected(List<Verified> verified, IReadOnlySet<string>? ids) =>
        ids is null ? verified
            : [.. verified
                .Select(v => v with { Ops = [.. v.Ops.Where(op => ids.Contains(CaseId.Of(v.Fixture.Dataset, v.Fixture.Size, op, v.Library)))] })
                .Where(v => v.Ops.Count > 0)];

    /// <summary>A child of the standard profile: the cases its parent verified, from --cases.</summary>
    private static List<Verified> Accepted(Options options, MessageDescriptor? message)
    {
        var ids = options.CaseIds() ?? throw new ArgumentException("--child needs --cases");
        var all = LoadFixtures(options, message).SelectMany(f => Libraries(options).Select(l => new Verified(l, f, l.Ops))).ToList();
        return Selected(all, ids);
    }

    private static string? UnknownFilter(Options options)
    {
        if (options.Library is { } lib && !Registry.LibraryNames.Contains(lib))
        {
            return $"unknown --library '{lib}' (known: {string.Join(", ", Registry.LibraryNames)})";
        }
        if (options.Document is null && options.Dataset is { } dataset && !KnownDatasets.Contains(dataset))
        {
            return $"unknown --dataset '{dataset}' (known: {string.Join(", ", KnownDatasets)})";
        }
        return null;
    }

    private static bool Selected(string? filter, string name) => filter is null || filter == name;

    private static IEnumerable<string> KnownDatasets => Datasets.Names.Concat(ProtobufDocuments.Names).Concat(JsonDocuments.Names);

    /// <summary>The synthetic datasets at every size, and the real documents (size 1); with
    /// --cases, only the datasets it names; with --document, only that document (holding message, if given).</summary>
    private static List<Fixture> LoadFixtures(Options options, MessageDescriptor? message)
    {
        if (options.Document is { } document)
        {
            return [JsonDocuments.FromFile(options.Dataset ?? Options.DocumentDataset, document, message)];
        }
        var named = options.CaseIds()?.Select(CaseId.Dataset).ToHashSet();
        return LoadFixtures(d => Selected(options.Dataset, d) && (named is null || named.Contains(d)));
    }

    private static List<Fixture> LoadFixtures(Func<string, bool> selected) =>
        Datasets.Names.Where(selected)
            .SelectMany(d => Fixtures.Sizes.Select(size => Fixtures.Load(d, size)))
            .Concat(ProtobufDocuments.Names.Where(selected).Select(ProtobufDocuments.Load))
            .Concat(JsonDocuments.Names.Where(selected).Select(JsonDocuments.Load))
            .ToList();

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
}
