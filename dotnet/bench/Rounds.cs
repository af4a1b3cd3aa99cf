using System.Diagnostics;
using System.Globalization;
using System.Text.Json.Nodes;
using BenchmarkDotNet.Running;

namespace Serbench.Bench;

/// <summary>The standard profile: every case gets one sample in each of <see cref="Count"/>
/// rounds. In round r the datasets come in an order shuffled with the round's seed; each
/// dataset is timed in a fresh child process (this binary with --round r --seed s --dataset d
/// --cases FILE), which runs one BenchmarkDotNet invocation over that dataset's cases (every
/// library, op and size: the comparisons) in an order shuffled with its own seed. So a case is
/// timed in a process holding only its dataset's fixtures and its own objects (the previous
/// case's are dropped in GlobalCleanup and collected at the end of its GlobalSetup). Allocations
/// are measured in round 0 only (MemoryDiagnoser costs each case one more iteration). Each
/// child's report goes to results/round-&lt;r&gt;/&lt;dataset&gt;-report-full.json; the seeds and
/// orders are in dotnet-cases.json ("rounds").</summary>
public sealed class Rounds(Options options, Catalog catalog)
{
    public const int Count = 10;

    private const string MeasuredFile = "measured.txt";

    /// <summary>A child lives seconds, too short for the default tiered JIT (call counting starts
    /// after 100 ms without new tier-0 code, then 30 calls, then dynamic PGO's instrumented tier):
    /// a case called a few times per sample would be timed in tier-0 code, and forcing early
    /// tier-up (2 calls, no delay) left the background JIT behind on this 2-core machine (user's
    /// cases spread 3.8x max/min over three children, slow samples 5 to 10x, as tier-0 code
    /// is). So tiering and the precompiled (ReadyToRun) framework code are off: every method,
    /// the framework's included, is compiled once, fully optimized, at its first call (the
    /// jitting stage), and every sample times that code (no dynamic PGO).</summary>
    private static readonly IReadOnlyDictionary<string, string> ChildRuntime = new Dictionary<string, string>
    {
        ["DOTNET_TieredCompilation"] = "0",
        ["DOTNET_ReadyToRun"] = "0",
    };

    private readonly Dictionary<string, int> measuredRounds = [];

    // Case id -> the invocations per iteration round 0's pilot chose (later rounds skip the pilot).
    private Dictionary<string, int> invocations = [];

    public void Run(IReadOnlyList<Verified> verified)
    {
        var byDataset = verified.GroupBy(v => v.Fixture.Dataset)
            .ToDictionary(g => g.Key, g => g.SelectMany(CaseIds).ToList());
        var total = byDataset.Values.Sum(ids => ids.Count) * Count;
        Progress.Say($"timing {total / Count} cases in {Count} rounds (standard profile, a process per dataset and round)");
        var seed = options.Seed ?? Random.Shared.Next();
        var done = 0;
        for (var round = 0; round < Count; round++)
        {
            var random = new Random(seed + round);
            var order = byDataset.Keys.OrderBy(d => d, StringComparer.Ordinal).ToArray();
            random.Shuffle(order);
            catalog.Add(new Catalog.Round(round, seed + round, order));
            foreach (var dataset in order)
            {
                var lines = byDataset[dataset].Select(id => invocations.TryGetValue(id, out var n) ? $"{id}\t{n}" : id).ToList();
                foreach (var id in RunRound(round, random.Next(), dataset, lines))
                {
                    measuredRounds[id] = measuredRounds.GetValueOrDefault(id) + 1;
                    Console.Error.WriteLine($"progress: {++done}/{total} {id}");
                }
            }
            if (round == 0)
            {
                invocations = PilotCounts(Path.Combine(options.Out, "results", "round-0"));
            }
        }
        if (Directory.Exists(Path.Combine(options.Out, "work")))
        {
            Directory.Delete(Path.Combine(options.Out, "work"), recursive: true);
        }
        Record(byDataset.Values.SelectMany(ids => ids));
    }

    private static IEnumerable<string> CaseIds(Verified v) =>
        v.Ops.Select(op => CaseId.Of(v.Fixture.Dataset, v.Fixture.Size, op, v.Library));

    /// <summary>Case id -> the invocation count of its measured iteration, from BenchmarkDotNet's reports.</summary>
    private static Dictionary<string, int> PilotCounts(string dir) =>
        Directory.GetFiles(dir, "*-report-full.json")
            .SelectMany(f => JsonNode.Parse(File.ReadAllText(f))!["Benchmarks"]!.AsArray())
            .Select(b => (Id: ReportCaseId(b!), Ops: b!["Measurements"]!.AsArray().LastOrDefault(m => (string?)m!["IterationStage"] == "Result")))
            .Where(b => b.Ops is not null)
            .ToDictionary(b => b.Id, b => (int)b.Ops!["Operations"]!);

    // MethodTitle is the case id without dataset and size; Parameters is "Dataset=d&Size=n".
    private static string ReportCaseId(JsonNode benchmark)
    {
        var parameters = ((string)benchmark["Parameters"]!).Split('&').Select(p => p.Split('=')[1]).ToArray();
        return CaseId.Of(parameters[0], int.Parse(parameters[1], CultureInfo.InvariantCulture), (string)benchmark["MethodTitle"]!);
    }

    /// <summary>One child: times the cases of <paramref name="lines"/> (id, or id TAB invocations)
    /// once; returns the ids it measured.</summary>
    private IReadOnlyList<string> RunRound(int round, int seed, string dataset, IReadOnlyList<string> lines)
    {
        var work = Path.Combine(options.Out, "work", $"round-{round}", dataset);
        Directory.CreateDirectory(work);
        var cases = Path.Combine(work, "cases.txt");
        File.WriteAllLines(cases, lines);
        string[] args = [typeof(Rounds).Assembly.Location, "--profile", "standard", "--out", work, "--dataset", dataset,
            "--cases", cases, "--round", $"{round}", "--seed", $"{seed}", .. options.Library is { } lib ? ["--library", lib] : Array.Empty<string>()];
        var start = new ProcessStartInfo(Environment.ProcessPath!, args) { UseShellExecute = false };
        foreach (var (name, value) in ChildRuntime)
        {
            start.Environment[name] = value;
        }
        using (var child = Process.Start(start)!)
        {
            child.WaitForExit();
            if (child.ExitCode != 0)
            {
                Progress.Say($"round {round}, dataset {dataset}: the child exited {child.ExitCode}; its cases miss this round");
            }
        }
        var results = Path.Combine(options.Out, "results", $"round-{round}");
        Directory.CreateDirectory(results);
        var written = Path.Combine(work, "results");
        var reports = Directory.Exists(written) ? Directory.GetFiles(written, "*-report-full.json") : [];
        foreach (var (report, i) in reports.Select((r, i) => (r, i)))
        {
            File.Move(report, Path.Combine(results, $"{dataset}{(i == 0 ? "" : $"-{i}")}-report-full.json"), overwrite: true);
        }
        var measured = Path.Combine(work, MeasuredFile);
        var done = File.Exists(measured) ? File.ReadAllLines(measured) : [];
        Directory.Delete(work, recursive: true);
        return done;
    }

    /// <summary>A case is measured when at least one round timed it (the reason says how many did).</summary>
    private void Record(IEnumerable<string> ids)
    {
        foreach (var id in ids)
        {
            var rounds = measuredRounds.GetValueOrDefault(id);
            var wireBytes = catalog.Cases.Single(c => c.Id == id).WireBytes;
            catalog.Set(id, rounds > 0 ? "measured" : "failed",
                rounds == Count ? null : $"BenchmarkDotNet timed it in {rounds} of {Count} rounds", wireBytes);
        }
    }

    /// <summary>The child of one round and dataset: one BenchmarkDotNet invocation over
    /// <paramref name="accepted"/> in the order its seed shuffles; writes the ids it measured.</summary>
    public static int RunChild(Options options, int round, IReadOnlyList<Verified> accepted)
    {
        var progress = new Progress { Quiet = true };
        var fixtures = accepted.Select(v => v.Fixture).Distinct().ToList();
        var config = Harness.Config("standard", options.Out, progress, measureAllocations: round == 0);
        var runInfo = Plan.BuildShuffled(fixtures, accepted, config,
            new Random(options.Seed ?? round), options.Invocations());
        var summary = BenchmarkRunner.Run([runInfo]).Single();
        File.WriteAllLines(Path.Combine(options.Out, MeasuredFile),
            summary.Reports.Where(r => r.Success).Select(r => Progress.CaseId(r.BenchmarkCase)));
        return 0;
    }
}
