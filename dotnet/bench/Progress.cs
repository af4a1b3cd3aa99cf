using BenchmarkDotNet.EventProcessors;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Validators;

namespace Serbench.Bench;

/// <summary>Short progress lines on stderr; BenchmarkDotNet's own log goes to a file in --out.</summary>
public sealed class Progress : EventProcessor
{
    public static void Say(string line) => Console.Error.WriteLine($"dotnet bench: {line}");

    public static string CaseId(BenchmarkCase c) =>
        $"dataset={c.Parameters["Dataset"]}/size={c.Parameters["Size"]}/{c.Descriptor.WorkloadMethodDisplayInfo}";

    public override void OnValidationError(ValidationError error) => Say($"validation: {error.Message}");

    public override void OnStartRunBenchmark(BenchmarkCase benchmarkCase) => Say($"running {CaseId(benchmarkCase)}");

    public override void OnEndRunBenchmark(BenchmarkCase benchmarkCase, BenchmarkReport report)
    {
        var id = CaseId(benchmarkCase);
        Say(report is { Success: true, ResultStatistics: { } stats }
            ? $"done {id}: {stats.Mean:N1} ns/op, {report.GcStats.GetBytesAllocatedPerOperation(benchmarkCase)} B/op allocated"
            : $"FAILED {id} (see the BenchmarkDotNet log in --out)");
    }
}

/// <summary>Keeps BenchmarkDotNet's console quiet: its full log still goes to the
/// *.log file it writes into --out, and <see cref="Progress"/> prints one line per case.</summary>
public sealed class LogFileOnly : ILogger
{
    public string Id => nameof(LogFileOnly);
    public int Priority => 0;
    public void Write(LogKind logKind, string text) { }
    public void WriteLine() { }
    public void WriteLine(LogKind logKind, string text) { }
    public void Flush() { }
}
