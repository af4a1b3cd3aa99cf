using BenchmarkDotNet.EventProcessors;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Validators;

namespace Serbench.Bench;

/// <summary>Progress on stderr: `progress: <done>/<total> <case id>` as each case ends (the
/// protocol the runner reads), plus short notes. BenchmarkDotNet's own log goes to a file in --out.</summary>
public sealed class Progress : EventProcessor
{
    private int done;

    /// <summary>The number of cases selected to be timed.</summary>
    public int Total { get; set; }

    /// <summary>Called with each case id measured, instead of the progress line (a child of
    /// the standard profile tells its parent, which prints them).</summary>
    public Action<string>? Measured { get; init; }

    public static void Say(string line) => Console.Error.WriteLine($"dotnet bench: {line}");

    public static string CaseId(BenchmarkCase c) =>
        Serbench.CaseId.Of((string)c.Parameters["Dataset"], (int)c.Parameters["Size"], c.Descriptor.WorkloadMethodDisplayInfo);

    public override void OnValidationError(ValidationError error) => Say($"validation: {error.Message}");

    public override void OnEndRunBenchmark(BenchmarkCase benchmarkCase, BenchmarkReport report)
    {
        var id = CaseId(benchmarkCase);
        if (!report.Success)
        {
            Say($"FAILED {id} (see the BenchmarkDotNet log in --out)");
        }
        if (Measured is null)
        {
            Console.Error.WriteLine($"progress: {Interlocked.Increment(ref done)}/{Total} {id}");
        }
        else if (report.Success)
        {
            Measured(id);
        }
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
