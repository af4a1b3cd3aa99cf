using System.Diagnostics;
using System.Text.Json.Nodes;
using BenchmarkDotNet.Running;

namespace Serbench.Bench;

/// <summary>The standard profile: every case gets one sample in each of <see cref="DefaultCount"/>
/// rounds (--rounds N: N). Each round is one fresh child process (this binary with --round r --seed s --cases
/// FILE) that takes the datasets one after another in an order shuffled with the round's seed:
/// per dataset it loads only that dataset's fixtures, warms its cases up until the JIT is quiet
/// (<see cref="SteadyState"/>) and runs one BenchmarkDotNet invocation over them (every library,
/// op and size: the comparisons) in a shuffled order, then drops them before the next. So a case
/// is timed in a process holding only its dataset's fixtures and its own objects (the previous
/// case's are dropped in GlobalCleanup and collected at the end of its GlobalSetup, the previous
/// dataset's with them). Children run with the runtime's defaults (tiered compilation, dynamic
/// PGO, ReadyToRun), as applications do: no environment is set for them. One process per round,
/// not per dataset and round: a child costs a second or two before its first case. Allocations
/// are measured in round 0 only (MemoryDiagnoser costs each case one more iteration). Each
/// dataset's report goes to results/round-&lt;r&gt;/&lt;dataset&gt;-report-full.json; the seeds and
/// orders are in dotnet-cases.json ("rounds"), and each case's warm-ups there too ("jit_warmup").</summary>
public sealed class Rounds(Options options, Catalog catalog)
{
    public const int DefaultCount = 10;

    private readonly int count = options.Rounds ?? DefaultCount;

    /// <summary>What a child prints on stdout as each case ends well: this, a tab, the case id.</summary>
    private const string MeasuredLine = "measured";

    /// <summary>What a child prints on stdout as a case's warm-up ends: this, a tab, then
    /// <see cref="SteadyState.Line"/>.</summary>
    private const string WarmupLine = "warmup";

    private readonly Dictionary<string, int> measuredRounds = [];

    // Case id -> its warm-up in each round.
    private readonly Dictionary<string, List<SteadyState.CaseResult>> warmups = [];

    // Case id -> the invocations per iteration round 0's pilot chose (later rounds skip the pilot).
    private Dictionary<string, int> invocations = [];

    public void Run(IReadOnlyList<Verified> verified)
    {
        var byDataset = verified.GroupBy(v => v.Fixture.Dataset)
            .ToDictionary(g => g.Key, g => g.SelectMany(CaseIds).ToList());
        var total = byDataset.Values.Sum(ids => ids.Count) * count;
        Progress.Say($"timing {total / count} cases in {count} rounds (standard profile, a process per round)");
        var seed = options.Seed ?? Random.Shared.Next();
        var done = 0;
        for (var round = 0; round < count; round++)
        {
            var random = new Random(seed + round);
            var order = byDataset.Keys.OrderBy(d => d, StringComparer.Ordinal).ToArray();
            random.Shuffle(order);
            catalog.Add(new Catalog.Round(round, seed + round, order));
            var lines = order.SelectMany(d => byDataset[d])
                .Select(id => invocations.TryGetValue(id, out var n) ? $"{id}\t{n}" : id).ToList();
            RunRound(round, random.Next(), lines, id =>
            {
                measuredRounds[id] = measuredRounds.GetValueOrDefault(id) + 1;
                Console.Error.WriteLine($"progress: {++done}/{total} {id}");
            });
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

    private static string ReportCaseId(JsonNode benchmark) =>
        CaseId.OfReport((string)benchmark["Parameters"]!, (string)benchmark["MethodTitle"]!);

    /// <summary>One child: times the cases of <paramref name="lines"/> (id, or id TAB invocations;
    /// grouped by dataset, in the round's dataset order) once, calling <paramref name="measured"/>
    /// with each case id as the child reports it measured; moves its reports into the round's folder.</summary>
    private void RunRound(int round, int seed, IReadOnlyList<string> lines, Action<string> measured)
    {
        var work = Path.Combine(options.Out, "work", $"round-{round}");
        Directory.CreateDirectory(work);
        var cases = Path.Combine(work, "cases.txt");
        File.WriteAllLines(cases, lines);
        string[] args = [typeof(Rounds).Assembly.Location, "--profile", "standard", "--out", work,
            "--cases", cases, "--round", $"{round}", "--seed", $"{seed}", .. options.Library is { } lib ? ["--library", lib] : Array.Empty<string>(),
            .. options.Document is { } document ? ["--document", document, "--dataset", options.Dataset!] : Array.Empty<string>(),
            .. options.ProtoCs is { } protoCs ? ["--proto-cs", protoCs, "--message", options.Message!] : Array.Empty<string>()];
        var start = new ProcessStartInfo(Environment.ProcessPath!, args) { UseShellExecute = false, RedirectStandardOutput = true };
        using (var child = Process.Start(start)!)
        {
            while (child.StandardOutput.ReadLine() is { } line)
            {
                switch (line.Split('\t'))
                {
                    case [MeasuredLine, var id]:
                        measured(id);
                        break;
                    case [WarmupLine, .. var fields] when SteadyState.TryParse(fields, out var id, out var warm):
                        warmups.TryAdd(id, []);
                        warmups[id].Add(warm);
                        break;
                }
            }
            child.WaitForExit();
            if (child.ExitCode != 0)
            {
                Progress.Say($"round {round}: the child exited {child.ExitCode}; the cases it had not measured miss this round");
            }
        }
        var results = Path.Combine(options.Out, "results", $"round-{round}");
        Directory.CreateDirectory(results);
        foreach (var dataset in Directory.GetDirectories(work).Select(Path.GetFileName))
        {
            var written = Path.Combine(work, dataset!, "results");
            var reports = Directory.Exists(written) ? Directory.GetFiles(written, "*-report-full.json") : [];
            foreach (var (report, i) in reports.Select((r, i) => (r, i)))
            {
                File.Move(report, Path.Combine(results, $"{dataset}{(i == 0 ? "" : $"-{i}")}-report-full.json"), overwrite: true);
            }
        }
        Directory.Delete(work, recursive: true);
    }

    /// <summary>A case is measured when at least one round timed it (the reason says how many did).</summary>
    private void Record(IEnumerable<string> ids)
    {
        foreach (var id in ids)
        {
            var rounds = measuredRounds.GetValueOrDefault(id);
            var wireBytes = catalog.Cases.Single(c => c.Id == id).WireBytes;
            catalog.Set(id, rounds > 0 ? "measured" : "failed",
                rounds == count ? null : $"BenchmarkDotNet timed it in {rounds} of {count} rounds", wireBytes,
                Warmup(id));
        }
    }

    private Catalog.Warmup? Warmup(string id)
    {
        if (!warmups.TryGetValue(id, out var rounds))
        {
            return null;
        }
        var iterations = rounds.Select(r => r.Iterations).Order().ToList();
        var ms = rounds.Select(r => r.Milliseconds).Order().ToList();
        return new(rounds.Count, rounds.Count(r => r.Quiet), iterations[iterations.Count / 2], iterations[^1],
            Math.Round(ms[ms.Count / 2]), Math.Round(ms[^1]));
    }

    /// <summary>The child of one round: per dataset of --cases, in the file's order, the verified
    /// cases <paramref name="accepted"/> gives (its fixtures loaded then, and dropped before the
    /// next dataset's), one BenchmarkDotNet invocation over them in the order the seed shuffles,
    /// its artifacts in --out/&lt;dataset&gt;, each case warmed up to the JIT's steady state
    /// (<see cref="SteadyState"/>); prints each case's warm-up as a <see cref="WarmupLine"/> and
    /// each measured case id as <see cref="MeasuredLine"/> TAB id.</summary>
    public static int RunChild(Options options, int round, Func<string, IReadOnlyList<Verified>> accepted)
    {
        var progress = new Progress { Measured = id => Console.Out.WriteLine($"{MeasuredLine}\t{id}") };
        var perCase = new SteadyState.PerCase(Harness.StandardIterationTime,
            (id, warm) => Console.Out.WriteLine($"{WarmupLine}\t{SteadyState.Line(id, warm)}"));
        var random = new Random(options.Seed ?? round);
        foreach (var dataset in options.CaseDatasets())
        {
            var verified = accepted(dataset);
            var config = Harness.Config("standard", Path.Combine(options.Out, dataset), progress, measureAllocations: round == 0)
                .AddEventProcessor(perCase);
            var runInfo = Plan.BuildShuffled(verified.Select(v => v.Fixture).Distinct().ToList(), verified, config,
                random, options.Invocations());
            var warm = SteadyState.PreWarm(runInfo.BenchmarksCases);
            Progress.Say(FormattableString.Invariant(
                $"{dataset}: pre-warm {(warm.Quiet ? "quiet" : "capped")} after {warm.Milliseconds:F0} ms, {warm.Passes} passes, {warm.CompiledMethods} methods compiled in {warm.CompilationMs:F0} ms"));
            BenchmarkRunner.Run([runInfo]);
        }
        return 0;
    }
}
