using System.Text;
using Serbench.Documents;
using Serbench.Libraries;

namespace Serbench.Tests;

/// <summary>System.Formats.Cbor schema-less: the tree MessagePack-CSharp's schema-less case writes,
/// written as CBOR and read back, checked against the document by value, key order included,
/// naming the first difference.</summary>
public class CborSchemalessTests
{
    private static ICase Bind(string json) =>
        new JsonDocument("mine", Encoding.UTF8.GetBytes(json)).Bind(Cases.Library("system_formats_cbor/schemaless"));

    [Fact]
    public void ADocumentRoundTripsThroughItsOwnBytes()
    {
        var @case = Bind("""
            {"z": [9223372036854775807, -9223372036854775808, 18446744073709551615, -0.0, 0.1, 1e-7, 1.50],
             "a": {"s": "caf\u00e9 \"q\" 東京 😀", "t": true, "f": false, "n": null}, "e": {}, "l": []}
            """);

        Assert.Null(@case.Refusal());
        var bytes = @case.Encode();
        Assert.Equal((byte)0xA4, bytes[0]); // a map of four: CBOR, not JSON text
        Assert.Equal(bytes.Length, @case.WireSize);
        Assert.Null(@case.Diff(@case.Decode()));
        Assert.Equal(new object[] { "z", "a", "e", "l" }, ((IDictionary<object, object?>)@case.RoundTrip()).Keys);
        Assert.ThrowsAny<Exception>(() => @case.Decode(bytes[..^1]));
        Assert.ThrowsAny<Exception>(() => @case.Decode([.. bytes, 0x00]));
    }

    [Fact]
    public void AnIntegerBeyond64BitsIsNamedNotCrashed()
    {
        var refusal = Bind("""{"a": [1, {"n": 123456789012345678901234567890}]}""").Refusal();

        Assert.Equal("round trip: /a/1/n: expected 123456789012345678901234567890, got 1.2345678901234568E+29 (Double)", refusal);
    }
}
