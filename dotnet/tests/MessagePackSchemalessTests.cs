using System.Text;
using Serbench.Documents;
using Serbench.Libraries;

namespace Serbench.Tests;

/// <summary>MessagePack-CSharp schema-less: a JSON document's tree written as MessagePack and read
/// back, checked against the document by value, key order included, naming the first difference.</summary>
public class MessagePackSchemalessTests
{
    private static ICase Bind(string json) =>
        new JsonDocument("mine", Encoding.UTF8.GetBytes(json)).Bind(Cases.Library("messagepack/schemaless"));

    private static string? Diff(string json, object? tree) =>
        TreeDiff.First("", System.Text.Json.JsonDocument.Parse(json).RootElement, tree);

    [Fact]
    public void ADocumentRoundTripsThroughItsOwnBytes()
    {
        var @case = Bind("""
            {"z": [9223372036854775807, -9223372036854775808, 18446744073709551615, -0.0, 0.1, 1e-7, 1.50],
             "a": {"s": "caf\u00e9 \"q\" 東京 😀", "t": true, "f": false, "n": null}, "e": {}}
            """);

        Assert.Null(@case.Refusal());
        var bytes = @case.Encode();
        Assert.Equal((byte)0x83, bytes[0]); // a map of three: MessagePack, not JSON text
        Assert.Equal(bytes.Length, @case.WireSize);
        Assert.Null(@case.Diff(@case.Decode()));
        Assert.Equal(new object[] { "z", "a", "e" }, ((IDictionary<object, object?>)@case.RoundTrip()).Keys);
        Assert.ThrowsAny<Exception>(() => @case.Decode(bytes[..^1]));
    }

    [Fact]
    public void AnIntegerBeyond64BitsIsNamedNotCrashed()
    {
        var refusal = Bind("""{"a": [1, {"n": 123456789012345678901234567890}]}""").Refusal();

        Assert.Equal("round trip: /a/1/n: expected 123456789012345678901234567890, got 1.2345678901234568E+29 (Double)", refusal);
    }

    [Fact]
    public void KeyOrderAndFloatBitsCount()
    {
        Assert.Equal("/: expected keys [\"a\", \"b\"], got [\"b\", \"a\"]",
            Diff("""{"a": 1, "b": 2}""", new Dictionary<object, object?> { ["b"] = 2L, ["a"] = 1L }));
        Assert.Equal("/0: expected -0.0, got 0 (Double)", Diff("[-0.0]", new object?[] { 0.0 }));
        Assert.Null(Diff("[1.0, 2, \"x\"]", new object?[] { 1.0, (byte)2, "x" }));
        Assert.Equal("/1: expected 2, got 2 (Double)", Diff("[1, 2]", new object?[] { 1L, 2.0 }));
    }
}
