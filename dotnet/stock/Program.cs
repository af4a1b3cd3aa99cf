using System.Diagnostics;
using System.Globalization;
using System.Text.Json.Nodes;

namespace Serbench.Stock;

/// <summary>Does the standard profile time what BenchmarkDotNet's default job times? Ten cases of
/// the suite, each timed by the bench's standard profile (rounds of one measured iteration after the
/// case's warm-up to the JIT's steady state; the runner's statistic: the median over the rounds) and
/// by a stock BenchmarkDotNet run of the same call (the bench's `full` profile: `Job.Default`, one
/// fresh process per case, no environment set, as the libraries' own benchmarks run it; in process
/// only because the built assembly lives away from its project; its statistic: the median of its
/// measured iterations). The standard profile times the timing thread's CPU time, the default job the
/// wall clock: on an idle machine the two agree, the work being single-threaded, so run this one on
/// an idle machine (the load averages it prints say whether it was).
/// The shared host's speed drifts over minutes, so the two are interleaved finely: in each block, one
/// round of the standard profile over all ten cases, then each stock case followed by one more such
/// round (eleven rounds; the stock cases in reverse order every other block). Per case it takes each
/// block's median of each side and judges the medians of those over the blocks (the verdict: within
/// ±10%). Beside it, the comparison paired in time: a stock case set beside the two rounds on either
/// side of it, the minute or two that holds it (the block's ratio: the mean of those two rounds'
/// samples over the stock median; the case's: the median over the blocks), which shows how much of a
/// difference the host's drift between the two sides' minutes makes.
/// A round is the second of a two-round run (one child process per dataset, as a run of fewer
/// rounds than two children's worth gets; the round follows the child's first, as every round of
/// a standard run but the first two follows an earlier one in its child): a run's first round also
/// runs the allocation count, an extra iteration the other nine rounds of a run do not have.</summary>
public static class Program
{
    private static readonly string[] Cases =
    [
        "dataset=order/size=100/op=encode/format=memorypack/lib=memorypack",
        "dataset=order/size=100/op=decode/format=json/lib=system_text_json/variant=reflection",
        "dataset=order/size=100/op=encode/format=json/lib=system_text_json/variant=source_gen",
        "dataset=order/size=100/op=decode/format=json/lib=system_text_json/variant=source_gen",
        "dataset=order/size=100/op=decode/format=msgpack/lib=messagepack",
        "dataset=order/size=100/op=encode/format=protobuf/lib=protobuf",
        "dataset=user/size=1000/op=decode/format=memorypack/lib=memorypack",
        "dataset=user/size=1000/op=encode/format=json/lib=system_text_json/variant=reflection",
        "dataset=user/size=1000/op=encode/format=msgpack/lib=messagepack",
        "dataset=user/size=1000/op=decode/format=protobuf/lib=protobuf",
    ];

    private const double Tolerance = 0.10;

    public static int Main(string[] args)
    {
        if (args is not ["--out", var outArg, .. var rest] || Blocks(rest) is not { } blocks)
        {
            Console.Error.WriteLine("usage: stock --out DIR [--blocks N]   (N: blocks, default 3)");
            return 2;
        }
        var dir = Path.GetFullPath(outArg, Environment.GetEnvironmentVariable("BUILD_WORKING_DIRECTORY") ?? Environment.CurrentDirectory);
        var (ours, stock, paired) = (Empty(), Empty(), Empty());
        for (var block = 0; block < blocks; block++)
        {
            var load = LoadAverage();
            var order = block % 2 == 0 ? Cases : Enumerable.Reverse(Cases).ToArray();
            var rounds = new List<Dictionary<string, double>> { OurRound(dir, block, 0) };
            foreach (var (id, i) in order.Select((id, i) => (id, i)))
            {
                var stockNs = Median(ResultSamples(RunStock(Path.Combine(dir, $"stock-{block}", Slug(id)), id)).Select(s => s.Ns).ToList());
                stock[id].Add(stockNs);
                rounds.Add(OurRound(dir, block, i + 1));
                if (rounds[i].TryGetValue(id, out var before) && rounds[i + 1].TryGetValue(id, out var after))
                {
                    paired[id].Add((before + after) / 2 / stockNs);
                }
            }
            foreach (var id in Cases)
            {
                ours[id].Add(Median(rounds.Where(r => r.ContainsKey(id)).Select(r => r[id]).ToList()));
            }
            Console.WriteLine($"block {block}: load average {load} before, {LoadAverage()} after");
            Report(ours, stock, paired, block + 1);
        }
        return 0;
    }

    private static Dictionary<string, List<double>> Empty() => Cases.ToDictionary(c => c, _ => new List<double>());

    /// <summary>One round of the standard profile over the ten cases: per case, its sample (ns per op).</summary>
    private static Dictionary<string, double> OurRound(string dir, int block, int round)
    {
        var results = RunOurs(Path.Combine(dir, $"ours-{block}", $"run-{round}"), block * (Cases.Length + 1) + round);
        return RoundSamples(Path.Combine(results, "round-1")).ToDictionary(s => s.Id, s => s.Ns);
    }

    /// <summary>The 1, 5 and 15 minute load averages, as /proc/loadavg gives them.</summary>
    private static string LoadAverage() => string.Join(' ', File.ReadAllText("/proc/loadavg").Split(' ').Take(3));

    private static int? Blocks(string[] rest) => rest switch
    {
        [] => 3,
        ["--blocks", var n] when int.TryParse(n, out var b) && b > 0 => b,
        _ => null,
    };

    /// <summary>A two-round run of the standard profile over the ten cases (a dataset's two child
    /// processes, a round each); returns its results folder.</summary>
    private static string RunOurs(string outDir, int seed)
    {
        Directory.CreateDirectory(outDir);
        var cases = Path.Combine(outDir, "cases.txt");
        File.WriteAllLines(cases, Cases);
        Bench("--profile", "standard", "--rounds", "2", "--cases", cases, "--seed", $"{seed}", "--out", outDir);
        return Path.Combine(outDir, "results");
    }

    /// <summary>BenchmarkDotNet's default job on one case, in a process of its own.</summary>
    private static string RunStock(string outDir, string id)
    {
        Directory.CreateDirectory(outDir);
        var cases = Path.Combine(outDir, "cases.txt");
        File.WriteAllLines(cases, [id]);
        Bench("--profile", "full", "--library", Lib(id), "--cases", cases, "--out", outDir);
        return Path.Combine(outDir, "results");
    }

    private static void Bench(params string[] args)
    {
        var start = new ProcessStartInfo(Runfiles.Resolve("dotnet/bench/bench"), args) { UseShellExecute = false, RedirectStandardError = true };
        using var bench = Process.Start(start)!;
        var log = bench.StandardError.ReadToEnd();
        bench.WaitForExit();
        if (bench.ExitCode != 0)
        {
            throw new InvalidOperationException($"bench {string.Join(' ', args)} exited {bench.ExitCode}:\n{log}");
        }
    }

    /// <summary>Per case, a round's fastest measured iteration (ns per op): the sample the runner keeps
    /// (the standard profile measures one a round).</summary>
    private static IEnumerable<(string Id, double Ns)> RoundSamples(string round) =>
        ResultSamples(round).GroupBy(s => s.Id).Select(g => (g.Key, g.Min(s => s.Ns)));

    /// <summary>Every measured iteration (ns per op, BenchmarkDotNet's Result stage) of the reports in a folder.</summary>
    private static IEnumerable<(string Id, double Ns)> ResultSamples(string results) =>
        from file in Directory.GetFiles(results, "*-report-full.json")
        from benchmark in JsonNode.Parse(File.ReadAllText(file))!["Benchmarks"]!.AsArray()
        from m in benchmark!["Measurements"]!.AsArray()
        where (string?)m!["IterationStage"] == "Result" && (string?)m["IterationMode"] == "Workload"
        select (ReportCaseId(benchmark), (double)m["Nanoseconds"]! / (double)m["Operations"]!);

    private static string ReportCaseId(JsonNode benchmark) =>
        CaseId.OfReport((string)benchmark["Parameters"]!, (string)benchmark["MethodTitle"]!);

    /// <summary>The comparison over the first <paramref name="blocks"/> blocks (printed after each, so a
    /// run stopped early still reports the blocks it finished).</summary>
    private static void Report(Dictionary<string, List<double>> ours, Dictionary<string, List<double>> stock,
        Dictionary<string, List<double>> paired, int blocks)
    {
        Console.WriteLine("| case | standard (ns) | stock BenchmarkDotNet (ns) | standard / stock | paired in time | paired, per block |");
        Console.WriteLine("|---|--:|--:|--:|--:|---|");
        var (within, withinPaired) = (0, 0);
        foreach (var id in Cases)
        {
            var (a, b, ratio) = (Median(ours[id]), Median(stock[id]), Median(paired[id]));
            within += Within(a / b) ? 1 : 0;
            withinPaired += Within(ratio) ? 1 : 0;
            var perBlock = paired[id].Count == blocks
                ? string.Join(' ', paired[id].Select(r => r.ToString("F3", CultureInfo.InvariantCulture)))
                : $"{paired[id].Count} of {blocks} blocks measured";
            Console.WriteLine(FormattableString.Invariant($"| {id} | {a:F0} | {b:F0} | {a / b:F3} | {ratio:F3} | {perBlock} |"));
        }
        Console.WriteLine($"within ±{Tolerance:P0} after {blocks} block(s): {within} of {Cases.Length} ({withinPaired} paired in time)");
    }

    private static bool Within(double ratio) => Math.Abs(ratio - 1) <= Tolerance;

    private static double Median(List<double> xs)
    {
        var sorted = xs.Order().ToList();
        return sorted.Count == 0 ? double.NaN
            : sorted.Count % 2 == 1 ? sorted[sorted.Count / 2] : (sorted[sorted.Count / 2 - 1] + sorted[sorted.Count / 2]) / 2;
    }

    private static string Lib(string id) => id.Split('/').Single(p => p.StartsWith("lib=", StringComparison.Ordinal))["lib=".Length..];

    private static string Slug(string id) => id.Replace('/', ',');
}
