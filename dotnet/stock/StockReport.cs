using System.Runtime.InteropServices;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace Serbench.Stock;

/// <summary>What the comparison has measured so far, and its report file (runner/docs/stock.py reads
/// it for the methodology page): per case, each block's median of each side and its paired ratio.</summary>
public sealed class StockReport(string[] cases, double tolerance, int blocks)
{
    public const string Format = "serbench-dotnet-stock";

    public const int Version = 1;

    public record Row(string Id, double Standard, double Stock, List<double> PerBlock, (double Mid, double Lo, double Hi)? Ci, string Verdict);

    private readonly DateTime started = DateTime.UtcNow;

    public Dictionary<string, List<double>> Ours { get; } = Empty(cases);

    public Dictionary<string, List<double>> Stock { get; } = Empty(cases);

    public Dictionary<string, List<double>> Paired { get; } = Empty(cases);

    /// <summary>Each finished block's load averages (/proc/loadavg's three), before and after it.</summary>
    public List<(string Before, string After)> Loads { get; } = [];

    /// <summary>Per case: the medians over the blocks of each side, and the paired ratio's CI and verdict.</summary>
    public IReadOnlyList<Row> Rows() =>
        (from id in cases
         let ci = Program.RatioCi(Paired[id])
         select new Row(id, Program.Median(Ours[id]), Program.Median(Stock[id]), Paired[id], ci, Program.Verdict(ci))).ToList();

    /// <summary>Writes the report whole to a temporary file beside <paramref name="path"/>, then renames
    /// it, so a run stopped half-way leaves the last finished block's report, never half of one.</summary>
    public void Write(string path)
    {
        var json = new JsonObject
        {
            ["format"] = Format,
            ["version"] = Version,
            ["started"] = started.ToString("yyyy-MM-ddTHH:mm:ssZ"),
            ["finished"] = DateTime.UtcNow.ToString("yyyy-MM-ddTHH:mm:ssZ"),
            ["blocks"] = Loads.Count,
            ["blocks_planned"] = blocks,
            ["tolerance"] = tolerance,
            ["machine"] = new JsonObject
            {
                ["cpu"] = CpuModel(),
                ["cores"] = Environment.ProcessorCount,
                ["runtime"] = RuntimeInformation.FrameworkDescription,
            },
            ["load"] = new JsonArray(Loads.Select(l => (JsonNode)new JsonObject { ["before"] = l.Before, ["after"] = l.After }).ToArray()),
            ["cases"] = new JsonArray(Rows().Select(CaseJson).ToArray()),
        };
        Directory.CreateDirectory(Path.GetDirectoryName(path)!);
        var partial = path + ".partial";
        File.WriteAllText(partial, json.ToJsonString(new JsonSerializerOptions { WriteIndented = true }) + "\n");
        File.Move(partial, path, overwrite: true);
    }

    private static JsonNode CaseJson(Row row) => new JsonObject
    {
        ["case"] = row.Id,
        ["standard_ns"] = Number(row.Standard),
        ["stock_ns"] = Number(row.Stock),
        ["paired"] = new JsonArray(row.PerBlock.Select(r => (JsonNode)r).ToArray()),
        ["paired_ci"] = row.Ci is var (mid, lo, hi) ? new JsonArray(mid, lo, hi) : null,
        ["verdict"] = row.Verdict,
    };

    /// <summary>A median of no samples (NaN) as null: JSON has no NaN.</summary>
    private static double? Number(double x) => double.IsFinite(x) ? x : null;

    private static string CpuModel() =>
        File.ReadLines("/proc/cpuinfo").FirstOrDefault(l => l.StartsWith("model name", StringComparison.Ordinal))?.Split(':', 2)[1].Trim()
        ?? RuntimeInformation.ProcessArchitecture.ToString();

    private static Dictionary<string, List<double>> Empty(string[] ids) => ids.ToDictionary(c => c, _ => new List<double>());
}
