using System.Diagnostics;
using System.Text.Json.Nodes;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;

namespace Serbench.Bench;

/// <summary>The standard profile: every case gets one sample in each of <see cref="DefaultCount"/>
/// rounds (--rounds N: N), taken by fresh child processes of <see cref="PerProcess"/> rounds and one
/// dataset each (this binary with --round r --rounds k --seed s --cases FILE: rounds r to r+k-1, the
/// datasets' children in an order shuffled per block of rounds). A child loads its dataset's
/// fixtures, warms its cases up until the JIT is quiet (<see cref="SteadyState"/>) in one fixed
/// order (<see cref="TrainingSeed"/>), then runs one BenchmarkDotNet invocation over them per round
/// (every library, op and size: the comparisons), each in its own shuffled order. A process never
/// runs code that another dataset's calls trained: under dynamic PGO, tier-1 code keeps the profile
/// of the calls that trained it. The previous case's objects are dropped in GlobalCleanup and
/// collected at the end of its GlobalSetup. Children run with the runtime's defaults (tiered
/// compilation, dynamic PGO, ReadyToRun), as applications do: no environment is set for them. The
/// rounds of a child share its start, fixture loads and warm-up, which cost more than its samples;
/// the children give the median processes of their own (memory layout, JIT decisions). Allocations
/// are measured in round 0 only (MemoryDiagnoser costs each case one more iteration). Each
/// dataset's report goes to results/round-&lt;r&gt;/&lt;dataset&gt;-report-full.json; the seeds and
/// orders are in dotnet-cases.json ("rounds"), and each case's warm-ups there too ("jit_warmup").</summary>
public sealed class Rounds(Options options, Catalog catalog)
{
    public const int DefaultCount = 10;

    /// <summary>Rounds per child process: the default count's ten in two processes per dataset.</summary>
    public const int PerProcess = 5;

    /// <summary>The seed of the order a child warms its cases up in, the same in every child and run:
    /// under dynamic PGO the code a process settles on depends on the calls that trained it, and
    /// with a new order per child the same case ran up to 2x apart from one child to the next.</summary>
    private const int TrainingSeed = 0;

    private readonly int count = options.Rounds ?? DefaultCount;

    /// <summary>What a child prints on stdout as each case ends well: this, a tab, the case id.</summary>
    private const string MeasuredLine = "measured";

    /// <summary>What a child prints on stdout as a case's warm-up ends: this, a tab, then
    /// <see cref="SteadyState.Line"/>.</summary>
    private const string WarmupLine = "warmup";

    private readonly Dictionary<string, int> measuredRounds = [];

    // Case id -> its warm-up in each child process.
    private readonly Dictionary<string, List<SteadyState.CaseResult>> warmups = [];

    // Case id -> the invocations per iteration the first child chose (the later ones reuse them).
    private Dictionary<string, int> invocations = [];

    public void Run(IReadOnlyList<Verified> verified)
    {
        var byDataset = verified.GroupBy(v => v.Fixture.Dataset)
            .ToDictionary(g => g.Key, g => g.SelectMany(CaseIds).ToList());
        var total = byDataset.Values.Sum(ids => ids.Count) * count;
        Progress.Say($"timing {total / count} cases in {count} rounds (standard profile, {PerProcess} rounds a process)");
        var seed = options.Seed ?? Random.Shared.Next();
        var done = 0;
        for (var first = 0; first < count; first += PerProcess)
        {
            var rounds = Math.Min(PerProcess, count - first);
            var random = new Random(seed + first);
            var order = byDataset.Keys.OrderBy(d => d, StringComparer.Ordinal).ToArray();
            random.Shuffle(order);
            foreach (var round in Enumerable.Range(first, rounds))
            {
                catalog.Add(new Catalog.Round(round, seed + first, order));
            }
            foreach (var dataset in order)
            {
                var lines = byDataset[dataset]
                    .Select(id => invocations.TryGetValue(id, out var n) ? $"{id}\t{n}" : id).ToList();
                StartChild(first, rounds, dataset, random.Next(), lines, id =>
                {
                    measuredRounds[id] = measuredRounds.GetValueOrDefault(id) + 1;
                    Console.Error.WriteLine($"progress: {++done}/{total} {id}");
                });
            }
            if (first == 0)
            {
                invocations = Counts(Path.Combine(options.Out, "results", "round-0"));
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
    private static Dictionary<string, int> Counts(string dir) =>
        Directory.GetFiles(dir, "*-report-full.json")
            .SelectMany(f => JsonNode.Parse(File.ReadAllText(f))!["Benchmarks"]!.AsArray())
            .Select(b => (Id: ReportCaseId(b!), Ops: b!["Measurements"]!.AsArray().LastOrDefault(m => (string?)m!["IterationStage"] == "Result")))
            .Where(b => b.Ops is not null)
            .ToDictionary(b => b.Id, b => (int)b.Ops!["Operations"]!);

    private static string ReportCaseId(JsonNode benchmark) =>
        CaseId.OfReport((string)benchmark["Parameters"]!, (string)benchmark["MethodTitle"]!);

    /// <summary>One child: times the cases of <paramref name="lines"/> (<paramref name="dataset"/>'s:
    /// id, or id TAB invocations) once in each of the rounds
    /// <paramref name="first"/> to first+rounds-1, calling <paramref name="measured"/> with each case id
    /// as the child reports it measured; moves its reports into the rounds' folders.</summary>
    private void StartChild(int first, int rounds, string dataset, int seed, IReadOnlyList<string> lines, Action<string> measured)
    {
        var work = Path.Combine(options.Out, "work", $"rounds-{first}-{dataset}");
        Directory.CreateDirectory(work);
        var cases = Path.Combine(work, "cases.txt");
        File.WriteAllLines(cases, lines);
        string[] args = [typeof(Rounds).Assembly.Location, "--profile", "standard", "--out", work,
            "--cases", cases, "--round", $"{first}", "--rounds", $"{rounds}", "--seed", $"{seed}", .. options.Library is { } lib ? ["--library", lib] : Array.Empty<string>(),
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
                Progress.Say($"rounds {first} to {first + rounds - 1}: the child exited {child.ExitCode}; the cases it had not measured miss these rounds");
            }
        }
        foreach (var round in Enumerable.Range(first, rounds))
        {
            MoveReports(work, round);
        }
        Directory.Delete(work, recursive: true);
    }

    /// <summary>The child's reports of one round (&lt;dataset&gt;/round-&lt;r&gt;/results/) into results/round-&lt;r&gt;/.</summary>
    private void MoveReports(string work, int round)
    {
        var results = Path.Combine(options.Out, "results", $"round-{round}");
        Directory.CreateDirectory(results);
        foreach (var dataset in Directory.GetDirectories(work).Select(Path.GetFileName))
        {
            var written = Path.Combine(work, dataset!, $"round-{round}", "results");
            var reports = Directory.Exists(written) ? Directory.GetFiles(written, "*-report-full.json") : [];
            foreach (var (report, i) in reports.Select((r, i) => (r, i)))
            {
                File.Move(report, Path.Combine(results, $"{dataset}{(i == 0 ? "" : $"-{i}")}-report-full.json"), overwrite: true);
            }
        }
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
        if (!warmups.TryGetValue(id, out var children))
        {
            return null;
        }
        var iterations = children.Select(r => r.Iterations).Order().ToList();
        var ms = children.Select(r => r.Milliseconds).Order().ToList();
        return new(children.Count, children.Count(r => r.Quiet), iterations[iterations.Count / 2], iterations[^1],
            Math.Round(ms[ms.Count / 2]), Math.Round(ms[^1]));
    }

    /// <summary>A child, rounds --round to --round + --rounds - 1: per dataset of --cases, in the file's
    /// order, the verified cases <paramref name="accepted"/> gives (its fixtures loaded then, and
    /// dropped before the next dataset's), warmed up to the JIT's steady state (<see cref="WarmUp"/>) in
    /// the order <see cref="TrainingSeed"/> shuffles,
    /// then one BenchmarkDotNet invocation over them per round, each in the order the seed shuffles,
    /// its artifacts in --out/&lt;dataset&gt;/round-&lt;r&gt;; prints each case's warm-up as a
    /// <see cref="WarmupLine"/> and each measured case id as <see cref="MeasuredLine"/> TAB id.</summary>
    public static int RunChild(Options options, int first, Func<string, IReadOnlyList<Verified>> accepted)
    {
        var progress = new Progress { Measured = id => Console.Out.WriteLine($"{MeasuredLine}\t{id}") };
        var random = new Random(options.Seed ?? first);
        foreach (var dataset in options.CaseDatasets())
        {
            var verified = accepted(dataset);
            var fixtures = verified.Select(v => v.Fixture).Distinct().ToList();
            var counts = WarmUp(dataset, Plan.BuildShuffled(fixtures, verified,
                Harness.Config("standard", Path.Combine(options.Out, dataset), progress), new Random(TrainingSeed), options.Invocations()));
            foreach (var round in Enumerable.Range(first, options.Rounds ?? 1))
            {
                var config = Harness.Config("standard", Path.Combine(options.Out, dataset, $"round-{round}"), progress,
                    measureAllocations: round == 0);
                BenchmarkRunner.Run([Plan.BuildShuffled(fixtures, verified, config, random, counts)]);
            }
        }
        return 0;
    }

    /// <summary>Brings a dataset's cases to steady state: the pre-warm, then each case's warm-up, in
    /// the shuffled order of <paramref name="runInfo"/>. Returns each case's invocation count: the one
    /// its job already has (a later child reuses the first's), else enough calls for one
    /// <see cref="Harness.StandardIterationTime"/> at the rate of its last warm-up iteration.</summary>
    private static Dictionary<string, int> WarmUp(string dataset, BenchmarkRunInfo runInfo)
    {
        var warm = SteadyState.PreWarm(runInfo.BenchmarksCases);
        Progress.Say(FormattableString.Invariant(
            $"{dataset}: pre-warm {(warm.Quiet ? "quiet" : "capped")} after {warm.Milliseconds:F0} ms, {warm.Passes} passes, {warm.CompiledMethods} methods compiled in {warm.CompilationMs:F0} ms"));
        var counts = new Dictionary<string, int>();
        foreach (var benchmarkCase in runInfo.BenchmarksCases)
        {
            var id = Progress.CaseId(benchmarkCase);
            var result = SteadyState.WarmUp(benchmarkCase);
            Console.Out.WriteLine($"{WarmupLine}\t{SteadyState.Line(id, result)}");
            counts[id] = benchmarkCase.Job.HasValue(RunMode.InvocationCountCharacteristic)
                ? (int)benchmarkCase.Job.Run.InvocationCount
                : Harness.InvocationCount(result.NsPerCall);
        }
        return counts;
    }
}
