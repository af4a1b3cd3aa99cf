using Serbench.Libraries;

namespace Serbench.Tests;

/// <summary>What Thrift's decode refuses, in both protocols: input that is not exactly one payload.</summary>
public class ThriftTests
{
    public static TheoryData<string, string> Protocols
    {
        get
        {
            var data = new TheoryData<string, string>();
            foreach (var protocol in new[] { "binary", "compact" })
            {
                foreach (var dataset in Serbench.Datasets.Names)
                {
                    data.Add(protocol, dataset);
                }
            }
            return data;
        }
    }

    private static ICase Bind(string protocol, string dataset) =>
        Fixtures.Load(dataset, 100).Bind(protocol == "compact" ? new ThriftCompactLibrary() : new ThriftLibrary());

    [Theory]
    [MemberData(nameof(Protocols))]
    public void DecodeRefusesTrailingBytesAndTruncatedInput(string protocol, string dataset)
    {
        var @case = Bind(protocol, dataset);
        var bytes = @case.Encode();

        Assert.Null(@case.Mismatch(bytes));
        Assert.Equal("decode threw InvalidDataException: thrift: trailing bytes", @case.Mismatch([.. bytes, 0]));
        Assert.StartsWith("decode threw", @case.Mismatch(bytes[..^1]));
    }

    // `records` (field 1, a list of structs) claiming 2^31-1 elements in a few bytes: refused
    // by the message size limit (the input's length) before anything is allocated.
    [Theory]
    [InlineData("binary", new byte[] { 0x0F, 0x00, 0x01, 0x0C, 0x7F, 0xFF, 0xFF, 0xFF })]
    [InlineData("compact", new byte[] { 0x19, 0xFC, 0xFF, 0xFF, 0xFF, 0xFF, 0x07 })]
    public void DecodeRefusesAListLongerThanTheInput(string protocol, byte[] lying)
    {
        foreach (var dataset in Serbench.Datasets.Names)
        {
            Assert.StartsWith("decode threw TTransportException: MaxMessageSize reached", Bind(protocol, dataset).Mismatch(lying));
        }
    }
}
