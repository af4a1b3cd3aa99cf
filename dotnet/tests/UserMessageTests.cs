using System.Text;
using Google.Protobuf;
using Serbench.Documents;
using Serbench.Libraries;
using OrderMessage = Serbench.Schemas.Order.Proto.Order;
using OrderStatus = Serbench.Schemas.Order.Proto.OrderStatus;

namespace Serbench.Tests;

/// <summary>protobuf on a user's document as the user's message (the bench's --proto-cs), here
/// with a message of the suite's own generated code (the bench's test compiles a user's .proto):
/// binary and JSON round trips, a list of messages, and the refusals naming the field.</summary>
public class UserMessageTests
{
    private const string Document = """
        {"id": "18446744073709551615", "createdAt": "-9007199254740993", "status": "PAID",
         "customer": {"id": 7, "name": "caf\u00e9 \"q\""}, "items": [{"sku": "a", "unitPrice": 0.1}, {"quantity": 2}]}
        """;

    private static ICase Bind(string json, bool binary) =>
        new JsonDocument("mine", Encoding.UTF8.GetBytes(json), OrderMessage.Descriptor)
            .Bind(binary ? new GoogleProtobufLibrary() : new GoogleProtobufJsonLibrary());

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void AMessageRoundTripsThroughItsOwnBytes(bool binary)
    {
        var @case = Bind(Document, binary);
        var expected = OrderMessage.Parser.ParseJson(Document);

        Assert.Null(@case.Refusal());
        Assert.Equal(expected, @case.Decode());
        Assert.Equal(binary ? expected.ToByteArray() : Encoding.UTF8.GetBytes(JsonFormatter.Default.Format(expected)), @case.Encode());
        Assert.Equal(@case.Encode().Length, @case.WireSize);
        Assert.Equal(expected, @case.RoundTrip());
    }

    [Fact]
    public void AnArrayIsAListOfMessagesDelimitedInBinaryAndOneALineInJson()
    {
        var one = OrderMessage.Parser.ParseJson(Document).ToByteArray();
        var binary = Bind($"[{Document}, {Document}]", binary: true);
        var json = Bind($" [{Document},{Document}]", binary: false);

        Assert.Null(binary.Refusal());
        Assert.Null(json.Refusal());
        Assert.Equal([.. Delimited(one), .. Delimited(one)], binary.Encode());
        Assert.Equal(2, ((List<IMessage>)binary.Decode()).Count);
        Assert.Equal(2, Encoding.UTF8.GetString(json.Encode()).Split('\n').Length);
        Assert.Equal("read back 1 messages, expected 2", json.Diff(new List<IMessage> { new OrderMessage() }));
    }

    [Fact]
    public void TheFirstDifferingFieldIsNamed()
    {
        var @case = Bind(Document, binary: true);
        var other = OrderMessage.Parser.ParseJson(Document);
        other.Status = OrderStatus.Shipped;

        Assert.Equal("message 0 read back differs: status: expected Paid, got Shipped", @case.Diff(other));
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void ADocumentThatDoesNotFitIsRefusedWithTheMappingsOwnError(bool binary)
    {
        Assert.Equal("the document does not fit serbench.order.Order: Unknown field: cuont",
            Bind("""{"id": 1, "cuont": 2}""", binary).Refusal());
    }

    [Fact]
    public void AnIntegerTheJsonParserRoundsIsRefusedNamingItsPath()
    {
        var rounded = Bind("""[{"id": 1}, {"items": [], "customer": {"id": 9007199254740993}}]""", binary: true);

        Assert.StartsWith("Google.Protobuf's JSON mapping changed message 1: customer.id: the document has 9007199254740993, "
            + "the message 9007199254740992 (it reads a JSON number", rounded.Refusal());
        Assert.Null(Bind("""{"customer": {"id": "9007199254740993"}, "createdAt": 9007199254740992}""", binary: true).Refusal());
    }

    [Fact]
    public void WithoutAMessageNeitherReadsTheDocument()
    {
        var document = new JsonDocument("mine", "{}"u8.ToArray());

        Assert.Throws<NotApplicableException>(() => document.Bind(new GoogleProtobufLibrary()));
        Assert.Throws<NotApplicableException>(() => document.Bind(new GoogleProtobufJsonLibrary()));
        Assert.Throws<NotApplicableException>(() => Fixtures.Load("order", 1).Bind(new GoogleProtobufJsonLibrary()));
    }

    private static byte[] Delimited(byte[] message) => [(byte)message.Length, .. message];
}
