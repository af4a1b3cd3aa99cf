using System.Globalization;
using BenchmarkDotNet.Running;

namespace Serbench.Bench;

/// <summary>The standard profile: every case gets one sample in each of <see cref="DefaultCount"/>
/// rounds (--rounds N: N), taken by one child process per dataset that stays alive through the
/// rounds (this binary with --child 0 --seed s --cases FILE, see <see cref="RunChild"/>).
/// Every round goes to every dataset's child, the datasets in an order shuffled per round, and every
/// round ends before the next begins: a case's rounds lie minutes apart across the whole suite, as
/// the C++ suite's do, so a phase of the host's load weighs on a few of them only. Before the first
/// round, every child loads its dataset's fixtures and warms its cases up until the JIT is quiet
/// (<see cref="SteadyState"/>) in one fixed order (<see cref="TrainingSeed"/>); nothing is timed
/// then, so up to one child a core warms up at a time. A process never runs code that another
/// dataset's calls trained: under dynamic PGO, tier-1 code keeps the profile of the calls that
/// trained it. The previous case's objects are dropped in GlobalCleanup and collected in the next
/// case's GlobalSetup, which then runs that case's own calls (<see cref="SetupWarmUp"/>). Children
/// run with the runtime's defaults (tiered compilation, dynamic PGO, ReadyToRun), as applications
/// do: no environment is set for them.
/// One child a dataset, not two taking the rounds in turn: over 1,379 cases of three standard runs
/// with two, the five rounds of one child lay wholly below or above the other's five for 0.4% of the
/// cases, no more than the 0.8% chance gives, and the two children's fastest rounds agreed at the
/// median (0.99), so a second process bought the cases nothing, at the cost of a second warm-up
/// and a second copy of the fixtures. Nor did two make runs repeat: their times agreed within ±5%
/// on 73% and 61% of the repeatability benchmark's cases in two pairs, one child's on 60-80% in eight;
/// a case's rounds spread up to 1.8x within one child, its large cases most (with the page faults
/// a call, dotnet/README.md), and the fastest of nine such rounds moves as much whichever child
/// took them.
/// Allocations are measured in round 0 only (MemoryDiagnoser costs each case one more iteration).
/// Each dataset's report goes to results/round-&lt;r&gt;/&lt;dataset&gt;-report-full.json; the seeds and
/// orders are in dotnet-cases.json ("rounds"), and each case's warm-up there too ("jit_warmup").</summary>
public sealed class Rounds(Options options, Catalog catalog)
{
    /// <summary>Nine, as in every language's suite: the fewest rounds whose 95% interval of the median
    /// leaves out the extreme rounds (docs/methodology.md, Confidence intervals).</summary>
    public const int DefaultCount = 9;

    /// <summary>The schedule above, as the catalog records it (isolation).</summary>
    public const string Isolation = "1 child process per dataset, alive through the rounds and warmed up before "
        + "round 0 (one child a core at a time, nothing timed meanwhile); the datasets in an order shuffled per round";

    /// <summary>The seed of the order a child warms its cases up in, the same in every child and run:
    /// under dynamic PGO the code a process settles on depends on the calls that trained it, and
    /// with a new order per child the same case ran up to 2x apart from one child to the next.</summary>
    private const int TrainingSeed = 0;

    private readonly int count = options.Rounds ?? DefaultCount;

    private readonly Dictionary<string, int> measuredRounds = [];

    // Case id -> its warm-up in its dataset's child.
    private readonly Dictionary<string, SteadyState.CaseResult> warmups = [];

    /// <summary>The ids of the verified cases, by dataset.</summary>
    public static Dictionary<string, List<string>> CaseIdsByDataset(IReadOnlyList<Verified> verified) =>
        verified.GroupBy(v => v.Fixture.Dataset).ToDictionary(g => g.Key, g => g.SelectMany(CaseIds).ToList());

    /// <summary>Times the cases of <paramref name="byDataset"/> (dataset -> case ids).</summary>
    public void Run(Dictionary<string, List<string>> byDataset)
    {
        var total = byDataset.Values.Sum(ids => ids.Count) * count;
        Progress.Say($"timing {total / count} cases in {count} rounds (standard profile, 1 process a dataset)");
        var seed = options.Seed ?? Random.Shared.Next();
        var datasets = byDataset.Keys.OrderBy(d => d, StringComparer.Ordinal).ToArray();
        var children = StartChildren(datasets, byDataset, seed);
        try
        {
            Task.WaitAll([.. children.Values]); // nothing is timed while a child warms up
            TimeRounds(datasets, dataset => children[dataset].Result, seed, total);
        }
        finally
        {
            foreach (var child in children.Values.Where(c => c.IsCompletedSuccessfully))
            {
                child.Result.Dispose();
            }
        }
        if (Directory.Exists(Path.Combine(options.Out, "work")))
        {
            Directory.Delete(Path.Combine(options.Out, "work"), recursive: true);
        }
        Record(byDataset.Values.SelectMany(ids => ids));
    }

    /// <summary>Round after round, each dataset's child times it, the datasets in the round's
    /// shuffled order; the reports go to results/round-&lt;r&gt;/.</summary>
    private void TimeRounds(string[] datasets, Func<string, RoundsChild> childOf, int seed, int total)
    {
        var done = 0;
        for (var round = 0; round < count; round++)
        {
            var order = datasets.ToArray();
            new Random(seed + round).Shuffle(order);
            catalog.Add(new Catalog.Round(round, seed + round, order));
            foreach (var child in order.Select(childOf))
            {
                child.RunRound(round, id =>
                {
                    measuredRounds[id] = measuredRounds.GetValueOrDefault(id) + 1;
                    Console.Error.WriteLine($"progress: {++done}/{total} {id}");
                });
                MoveReports(child.Work, round);
            }
        }
    }

    private static IEnumerable<string> CaseIds(Verified v) =>
        v.Ops.Select(op => CaseId.Of(v.Fixture.Dataset, v.Fixture.Size, op, v.Library));

    /// <summary>Starts every child and warms it up, at most one a core at a time; says as each is warm
    /// (the warm-ups take minutes, and no case is timed meanwhile).</summary>
    private Dictionary<string, Task<RoundsChild>> StartChildren(
        string[] datasets, Dictionary<string, List<string>> byDataset, int seed)
    {
        var seeds = new Random(seed);
        var slots = new SemaphoreSlim(Environment.ProcessorCount);
        var warm = 0;
        var children = new Dictionary<string, Task<RoundsChild>>();
        foreach (var dataset in datasets)
        {
            var work = Path.Combine(options.Out, "work", $"child-{dataset}");
            var args = ChildArgs(work, seeds.Next(), byDataset[dataset]);
            children[dataset] = Task.Run(async () =>
            {
                await slots.WaitAsync();
                try
                {
                    var child = RoundsChild.Start(args, work, Warmed);
                    if (child.Alive)
                    {
                        Progress.Say($"{dataset}: child warm ({Interlocked.Increment(ref warm)} of {datasets.Length} children)");
                    }
                    return child;
                }
                finally
                {
                    slots.Release();
                }
            });
        }
        return children;
    }

    private void Warmed(string id, SteadyState.CaseResult warm)
    {
        lock (warmups)
        {
            warmups[id] = warm;
        }
    }

    /// <summary>The arguments of the child which serves <paramref name="ids"/> (one dataset's cases),
    /// written to its <paramref name="work"/> folder.</summary>
    private string[] ChildArgs(string work, int seed, IReadOnlyList<string> ids)
    {
        Directory.CreateDirectory(work);
        var cases = Path.Combine(work, "cases.txt");
        File.WriteAllLines(cases, ids);
        return [typeof(Rounds).Assembly.Location, "--profile", "standard", "--out", work, "--cases", cases,
            "--child", "0", "--seed", $"{seed}", .. options.Library is { } lib ? ["--library", lib] : Array.Empty<string>(),
            .. options.Document is { } document ? ["--document", document, "--dataset", options.Dataset!] : Array.Empty<string>(),
            .. options.ProtoCs is { } protoCs ? ["--proto-cs", protoCs, "--message", options.Message!] : Array.Empty<string>()];
    }

    /// <summary>A child's reports of one round (&lt;dataset&gt;/round-&lt;r&gt;/results/) into results/round-&lt;r&gt;/.</summary>
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

    /// <summary>A case's warm-up as the catalog records it: in one process, so its median and
    /// maximum are the one warm-up's.</summary>
    private Catalog.Warmup? Warmup(string id)
    {
        if (!warmups.TryGetValue(id, out var warm))
        {
            return null;
        }
        var ms = Math.Round(warm.Milliseconds);
        return new(1, warm.Quiet ? 1 : 0, warm.Iterations, warm.Iterations, ms, ms);
    }

    /// <summary>A child (--child 0): loads the one dataset of --cases and its verified cases
    /// <paramref name="accepted"/> gives, warms them up to the JIT's steady state (<see cref="WarmUp"/>)
    /// in the order <see cref="TrainingSeed"/> shuffles, printing each case's warm-up, then
    /// <see cref="RoundsChild.ReadyLine"/>. Then it reads its stdin: each round number
    /// has it run one BenchmarkDotNet invocation over the cases in the order the seed shuffles, its
    /// artifacts in --out/&lt;dataset&gt;/round-&lt;r&gt;, printing each measured case id and, at the
    /// end, <see cref="RoundsChild.DoneLine"/>. It exits when its stdin ends.</summary>
    public static int RunChild(Options options, Func<string, IReadOnlyList<Verified>> accepted)
    {
        var dataset = options.CaseDatasets() is [var only] ? only
            : throw new ArgumentException("--child needs --cases of one dataset");
        var progress = new Progress { Measured = id => Console.Out.WriteLine($"{RoundsChild.MeasuredLine}\t{id}") };
        var random = new Random(options.Seed ?? 0);
        var verified = accepted(dataset);
        var fixtures = verified.Select(v => v.Fixture).Distinct().ToList();
        var counts = WarmUp(dataset, Plan.BuildShuffled(fixtures, verified,
            Harness.Config("standard", Path.Combine(options.Out, dataset), progress), new Random(TrainingSeed), new Dictionary<string, int>()));
        SetupWarmUp.Enabled = true;
        Console.Out.WriteLine(RoundsChild.ReadyLine);
        while (Console.In.ReadLine() is { } line)
        {
            var round = int.Parse(line, CultureInfo.InvariantCulture);
            var config = Harness.Config("standard", Path.Combine(options.Out, dataset, $"round-{round}"), progress,
                measureAllocations: round == 0);
            BenchmarkRunner.Run([Plan.BuildShuffled(fixtures, verified, config, random, counts)]);
            Console.Out.WriteLine($"{RoundsChild.DoneLine}\t{round}");
        }
        return 0;
    }

    /// <summary>Brings a dataset's cases to steady state: the pre-warm, then each case's warm-up, in
    /// the shuffled order of <paramref name="runInfo"/>. Returns each case's invocation count: enough
    /// calls for one <see cref="Harness.StandardIterationTime"/> at the rate of its last warm-up iteration.</summary>
    private static Dictionary<string, int> WarmUp(string dataset, BenchmarkRunInfo runInfo)
    {
        using var tiering = new TieringEvents();
        var warm = SteadyState.PreWarm(runInfo.BenchmarksCases, tiering);
        Progress.Say(FormattableString.Invariant(
            $"{dataset}: pre-warm {(warm.Quiet ? "quiet" : "capped")} after {warm.Milliseconds:F0} ms, {warm.Passes} passes, {warm.CompiledMethods} methods compiled in {warm.CompilationMs:F0} ms"));
        var counts = new Dictionary<string, int>();
        foreach (var benchmarkCase in runInfo.BenchmarksCases)
        {
            var id = Progress.CaseId(benchmarkCase);
            var result = SteadyState.WarmUp(benchmarkCase, tiering);
            counts[id] = Harness.InvocationCount(result.NsPerCall);
            Console.Out.WriteLine($"{RoundsChild.WarmupLine}\t{SteadyState.Line(id, result)}");
        }
        return counts;
    }
}
