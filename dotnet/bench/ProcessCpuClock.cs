using Perfolizer.Horology;

namespace Serbench.Bench;

/// <summary><see cref="CpuTime"/> as BenchmarkDotNet's clock.</summary>
public sealed class ProcessCpuClock : IClock
{
    public static readonly ProcessCpuClock Instance = new();

    public string Title => CpuTime.Title + " as BenchmarkDotNet's clock";

    public bool IsAvailable => OperatingSystem.IsLinux();

    public Frequency Frequency => Frequency.GHz; // nanoseconds

    public long GetTimestamp() => CpuTime.Now();
}
