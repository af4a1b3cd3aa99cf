using Xunit.Abstractions;

namespace Serbench.Tests;

public class RegistryTests(ITestOutputHelper output)
{
    [Fact]
    public void FlatBuffersIsReportedAsNotMeasuredWithTheReason()
    {
        var entry = Registry.NotMeasured.Single(n => n.Lib == "flatbuffers" && n.Format == "flatbuffers");
        output.WriteLine($"not measured: format={entry.Format}/lib={entry.Lib}: {entry.Reason}");

        Assert.StartsWith("NU1101: Unable to find package Google.FlatBuffers", entry.Reason);
        Assert.DoesNotContain(Registry.Adapters, a => a.Format == "flatbuffers");
    }

    [Fact]
    public void EveryLibraryFormatPairIsListedOnce()
    {
        var pairs = Registry.Adapters.Select(a => (a.Lib, a.Format))
            .Concat(Registry.NotMeasured.Select(n => (n.Lib, n.Format)))
            .ToList();

        Assert.Equal(pairs.Count, pairs.Distinct().Count());
    }
}
