using Serbench.Libraries;

namespace Serbench.Tests;

/// <summary>ZeroFormatter loads but cannot serialize on this runtime: the attempt on every
/// dataset must still fail with the exception the catalog shows. When a runtime or package
/// fixes it, this test fails and says so: then give it a codec and measure it.</summary>
public class NotMeasuredTests
{
    [Theory]
    [MemberData(nameof(Cases.Datasets), MemberType = typeof(Cases))]
    public void ZeroFormatterStillThrowsBadImageFormatOnEveryDataset(string dataset)
    {
        var attempt = Registry.NotMeasured.Single(n => n.Lib == "zeroformatter").Attempt!;

        var thrown = Assert.Throws<NotMeasuredException>(() => Fixtures.Load(dataset, 1).Bind(attempt));

        Assert.True(thrown.Message == "ZeroFormatterSerializer.Serialize threw System.BadImageFormatException: Bad IL format.",
            $"ZeroFormatter no longer fails as catalogued on {dataset}: {thrown.Message}");
    }
}
