using Serbench.Conformance;

namespace Serbench.Tests;

/// <summary>This language decodes its own interop encodings of every dataset and size to
/// the fixture (the matrix across languages is the runner's).</summary>
public class ConformanceTests
{
    public static TheoryData<string, string> FormatDatasets
    {
        get
        {
            var data = new TheoryData<string, string>();
            foreach (var format in Formats.Names)
            {
                foreach (var dataset in Datasets.Names)
                {
                    data.Add(format, dataset);
                }
            }
            return data;
        }
    }

    [Theory]
    [MemberData(nameof(FormatDatasets))]
    public void OwnEncodingDecodesToTheFixture(string format, string dataset)
    {
        foreach (var size in Fixtures.Sizes)
        {
            Assert.Null(Formats.Mismatch(format, dataset, size, Formats.Encode(format, dataset, size)));
        }
    }

    [Theory]
    [MemberData(nameof(FormatDatasets))]
    public void AnotherFixtureIsReportedAsDifferent(string format, string dataset)
    {
        var mismatch = Formats.Mismatch(format, dataset, 100, Formats.Encode(format, dataset, 1));

        Assert.StartsWith("records: expected 100 items, got 1", mismatch);
    }

    [Fact]
    public void MsgPackIsTheFixtureTreeWithStringKeys()
    {
        var bytes = Formats.Encode("msgpack", "user", 1);
        var reader = new MessagePack.MessagePackReader(bytes);

        Assert.Equal(1, reader.ReadMapHeader());
        Assert.Equal("records", reader.ReadString());
    }

    [Theory]
    [InlineData("protobuf")]
    [InlineData("flatbuffers")]
    [InlineData("msgpack")]
    [InlineData("json")]
    public void GarbageIsAMismatchNotACrash(string format)
    {
        Assert.NotNull(Formats.Mismatch(format, "order", 1, [0xff, 0x01, 0x02, 0x03, 0x04]));
    }
}
