using Serbench.Interop;

namespace Serbench.Tests;

/// <summary>This language decodes its own interop encodings of every dataset and size to
/// the fixture (the matrix across languages is the runner's).</summary>
public class InteropTests
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

    [Fact]
    public void CapnpIsNotApplicableWithTheRestoreError()
    {
        Assert.Contains("NU1101: Unable to find package Capnp.Net.Runtime", Formats.NotApplicable["capnp"]);
        Assert.DoesNotContain("capnp", Formats.Names);
    }

    [Fact]
    public void MsgPackWithTrailingBytesOrDuplicateKeysIsAMismatch()
    {
        var bytes = Formats.Encode("msgpack", "user", 1);
        byte[] duplicate = [0x82, 0xa1, (byte)'a', 0x01, 0xa1, (byte)'a', 0x02];

        Assert.Contains("1 bytes after the value", Formats.Mismatch("msgpack", "user", 1, [.. bytes, 0xc0]));
        Assert.StartsWith("decode failed: MessagePackSerializationException", Formats.Mismatch("msgpack", "user", 1, duplicate));
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
