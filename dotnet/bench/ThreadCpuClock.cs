using Perfolizer.Horology;

namespace Serbench.Bench;

/// <summary><see cref="CpuTime"/> as BenchmarkDotNet's clock: the in-process engine starts and
/// stops it on the thread that runs the case's calls.</summary>
public sealed class ThreadCpuClock : IClock
{
    public static readonly ThreadCpuClock Instance = new();

    public string Title => CpuTime.Title + " as BenchmarkDotNet's clock";

    public bool IsAvailable => OperatingSystem.IsLinux();

    public Frequency Frequency => Frequency.GHz; // nanoseconds

    public long GetTimestamp() => CpuTime.Now();
}
