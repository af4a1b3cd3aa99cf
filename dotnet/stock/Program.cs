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
/// The shared host's speed drifts over seconds and minutes (the default job's own iterations of one
/// case spread over 1.7x within a minute), so the two are interleaved finely: in each block, one
/// window of the standard profile over all ten cases, then each stock case followed by one more
/// window (the stock cases in reverse order every other block). A window is a run of
/// <see cref="WindowRounds"/> rounds (one child process a dataset, as every run of the profile has);
/// its figure per case is the median of the rounds after the first, which
/// also counts allocations, an iteration the other rounds do not have.
/// Per case it takes each block's median of each side's figures and judges the medians of those
/// over the blocks (within ±10% or not). Beside it, the comparison paired in time: a stock case set
/// beside the windows on either side of it (the block's ratio: the mean of those two windows' figures
/// over the stock median), judged by the 95% CI of the ratio's geometric mean over the blocks:
/// within ±10% (the whole CI), outside (the whole CI), or undecided, the host's noise leaving both
/// open.</summary>
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

    /// <summary>The rounds of each run of the standard profile: the first (which also counts
    /// allocations, an iteration the others do not have) and the samples of the rest.</summary>
    private const int WindowRounds = 6;

    /// <summary>Where <c>--publish</c> puts the report, from the workspace root: beside the published
    /// snapshot, which the methodology page is generated from.</summary>
    private const string Published = "results/published/dotnet-stock.json";

    public static int Main(string[] args)
    {
        if (args is not ["--out", var outArg, .. var rest] || Options(rest) is not var (blocks, publish))
        {
            Console.Error.WriteLine("usage: stock --out DIR [--blocks N] [--publish]   (N: blocks, default 3; --publish: also write " + Published + ")");
            return 2;
        }
        var dir = Path.GetFullPath(outArg, Environment.GetEnvironmentVariable("BUILD_WORKING_DIRECTORY") ?? Environment.CurrentDirectory);
        var report = new StockReport(Cases, Tolerance, blocks);
        for (var block = 0; block < blocks; block++)
        {
            var load = LoadAverage();
            var order = block % 2 == 0 ? Cases : Enumerable.Reverse(Cases).ToArray();
            var windows = new List<Dictionary<string, double>> { OurWindow(dir, block, 0) };
            foreach (var (id, i) in order.Select((id, i) => (id, i)))
            {
                var stockNs = Median(ResultSamples(RunStock(Path.Combine(dir, $"stock-{block}", Slug(id)), id)).Select(s => s.Ns).ToList());
                report.Stock[id].Add(stockNs);
                windows.Add(OurWindow(dir, block, i + 1));
                if (windows[i].TryGetValue(id, out var before) && windows[i + 1].TryGetValue(id, out var after))
                {
                    report.Paired[id].Add((before + after) / 2 / stockNs);
                }
            }
            foreach (var id in Cases)
            {
                report.Ours[id].Add(Median(windows.Where(r => r.ContainsKey(id)).Select(r => r[id]).ToList()));
            }
            report.Loads.Add((load, LoadAverage()));
            Console.WriteLine($"block {block}: load average {load} before, {report.Loads[^1].After} after");
            Print(report.Rows(), block + 1);
            report.Write(Path.Combine(dir, "report.json"));
        }
        if (publish)
        {
            var published = Path.Combine(Environment.GetEnvironmentVariable("BUILD_WORKSPACE_DIRECTORY") ?? Environment.CurrentDirectory, Published);
            report.Write(published);
            Console.WriteLine($"published: {published}");
        }
        return 0;
    }

    /// <summary>A window of the standard profile over the ten cases: per case, the median of its
    /// samples (ns per op) in the rounds after a run's first.</summary>
    private static Dictionary<string, double> OurWindow(string dir, int block, int window)
    {
        var results = RunOurs(Path.Combine(dir, $"ours-{block}", $"run-{window}"), block * (Cases.Length + 1) + window);
        return Enumerable.Range(1, WindowRounds - 1)
            .SelectMany(r => RoundSamples(Path.Combine(results, $"round-{r}")))
            .GroupBy(s => s.Id)
            .ToDictionary(g => g.Key, g => Median(g.Select(s => s.Ns).ToList()));
    }

    /// <summary>The 1, 5 and 15 minute load averages, as /proc/loadavg gives them.</summary>
    private static string LoadAverage() => string.Join(' ', File.ReadAllText("/proc/loadavg").Split(' ').Take(3));

    private static (int Blocks, bool Publish)? Options(string[] rest) => rest switch
    {
        [] => (3, false),
        ["--publish"] => (3, true),
        ["--blocks", var n, .. var more] when int.TryParse(n, out var b) && b > 0 && more is [] or ["--publish"] => (b, more is ["--publish"]),
        _ => null,
    };

    /// <summary>A run of <see cref="WindowRounds"/> rounds of the standard profile over the ten cases
    /// (one child process a dataset); returns its results folder.</summary>
    private static string RunOurs(string outDir, int seed)
    {
        Directory.CreateDirectory(outDir);
        var cases = Path.Combine(outDir, "cases.txt");
        File.WriteAllLines(cases, Cases);
        Bench("--profile", "standard", "--rounds", $"{WindowRounds}", "--cases", cases, "--seed", $"{seed}", "--out", outDir);
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
    private static void Print(IReadOnlyList<StockReport.Row> rows, int blocks)
    {
        Console.WriteLine("| case | standard (ns) | stock BenchmarkDotNet (ns) | standard / stock | paired in time (95% CI) | verdict | paired, per block |");
        Console.WriteLine("|---|--:|--:|--:|--:|---|---|");
        foreach (var row in rows)
        {
            var perBlock = row.PerBlock.Count == blocks
                ? string.Join(' ', row.PerBlock.Select(r => r.ToString("F3", CultureInfo.InvariantCulture)))
                : $"{row.PerBlock.Count} of {blocks} blocks measured";
            var interval = row.Ci is var (mid, lo, hi) ? FormattableString.Invariant($"{mid:F3} ({lo:F3}-{hi:F3})") : "-";
            Console.WriteLine(FormattableString.Invariant($"| {row.Id} | {row.Standard:F0} | {row.Stock:F0} | {row.Standard / row.Stock:F3} | {interval} | {row.Verdict} | {perBlock} |"));
        }
        var within = rows.Count(r => Within(r.Standard / r.Stock));
        var counts = string.Join(", ", rows.GroupBy(r => r.Verdict).OrderBy(g => g.Key, StringComparer.Ordinal).Select(g => $"{g.Count()} {g.Key}"));
        Console.WriteLine($"within ±{Tolerance:P0} after {blocks} block(s), by the medians: {within} of {rows.Count}; paired in time, by the 95% CI: {counts}");
    }

    private static bool Within(double ratio) => Math.Abs(ratio - 1) <= Tolerance;

    /// <summary>A case's paired ratios over the blocks: their geometric mean and its 95% CI (Student's t
    /// on the logs; the blocks lie many minutes apart, each its own phase of the host), null under two blocks.</summary>
    internal static (double Mid, double Lo, double Hi)? RatioCi(List<double> ratios)
    {
        if (ratios.Count < 2)
        {
            return null;
        }
        var logs = ratios.Select(r => Math.Log(r)).ToList();
        var mean = logs.Average();
        var sd = Math.Sqrt(logs.Sum(x => (x - mean) * (x - mean)) / (logs.Count - 1));
        var half = T95(logs.Count - 1) * sd / Math.Sqrt(logs.Count);
        return (Math.Exp(mean), Math.Exp(mean - half), Math.Exp(mean + half));
    }

    /// <summary>within: the whole CI inside ±<see cref="Tolerance"/>; outside: the whole CI beyond it;
    /// undecided: the host's noise leaves both open (more blocks narrow the CI).</summary>
    internal static string Verdict((double Mid, double Lo, double Hi)? ci) => ci switch
    {
        null => "undecided",
        var (_, lo, hi) when Within(lo) && Within(hi) => "within",
        var (_, lo, hi) when hi < 1 - Tolerance || lo > 1 + Tolerance => "outside",
        _ => "undecided",
    };

    /// <summary>Student's t with P(|T| ≤ t) = 0.95 at <paramref name="df"/> degrees of freedom, by bisection.</summary>
    private static double T95(int df)
    {
        var (lo, hi) = (0.0, 100.0);
        for (var i = 0; i < 100; i++)
        {
            var mid = (lo + hi) / 2;
            (lo, hi) = CentralMass(mid, df) < 0.95 ? (mid, hi) : (lo, mid);
        }
        return (lo + hi) / 2;
    }

    /// <summary>P(|T| ≤ t) for Student's t at whole degrees of freedom, in closed form (Abramowitz and
    /// Stegun 26.7.3 and 26.7.4: a series in cos θ, tan θ = t / √df).</summary>
    private static double CentralMass(double t, int df)
    {
        var theta = Math.Atan(t / Math.Sqrt(df));
        var cos2 = Math.Cos(theta) * Math.Cos(theta);
        var odd = df % 2 == 1;
        var term = odd ? Math.Cos(theta) : 1;
        var sum = df == 1 ? 0 : term;
        for (var k = odd ? 3 : 2; k <= df - 2; k += 2)
        {
            term *= cos2 * (k - 1) / k;
            sum += term;
        }
        return odd ? 2 / Math.PI * (theta + Math.Sin(theta) * sum) : Math.Sin(theta) * sum;
    }

    internal static double Median(List<double> xs)
    {
        var sorted = xs.Order().ToList();
        return sorted.Count == 0 ? double.NaN
            : sorted.Count % 2 == 1 ? sorted[sorted.Count / 2] : (sorted[sorted.Count / 2 - 1] + sorted[sorted.Count / 2]) / 2;
    }

    private static string Lib(string id) => id.Split('/').Single(p => p.StartsWith("lib=", StringComparison.Ordinal))["lib=".Length..];

    private static string Slug(string id) => id.Replace('/', ',');
}
