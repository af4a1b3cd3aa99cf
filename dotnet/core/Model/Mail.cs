using System.Text.Json.Serialization;
using MemoryPack;
using MessagePack;
using ProGaudi.MsgPack.Light;
using ProtoBuf;

// The `mail` dataset (schemas/mail): string-heavy messages of about 10 KB.
namespace Serbench.Model.Mails;

[MemoryPackable, MessagePackObject, MsgPackMap, ProtoContract]
public sealed partial record Contact
{
    [Key("name"), MsgPackMapElement("name"), ProtoMember(1)] public required string Name { get; init; } = "";
    [Key("address"), MsgPackMapElement("address"), ProtoMember(2)] public required string Address { get; init; } = "";
}

[MemoryPackable, MessagePackObject, MsgPackMap, ProtoContract]
public sealed partial record Header
{
    [Key("name"), MsgPackMapElement("name"), ProtoMember(1)] public required string Name { get; init; } = "";
    [Key("value"), MsgPackMapElement("value"), ProtoMember(2)] public required string Value { get; init; } = "";
}

[MemoryPackable, MessagePackObject, MsgPackMap, ProtoContract]
public sealed partial record Mail
{
    [Key("message_id"), MsgPackMapElement("message_id"), ProtoMember(1)] public required string MessageId { get; init; } = "";
    [Key("subject"), MsgPackMapElement("subject"), ProtoMember(2)] public required string Subject { get; init; } = "";
    [Key("sender"), MsgPackMapElement("sender"), ProtoMember(3)] public required Contact Sender { get; init; }
    [Key("to"), MsgPackMapElement("to"), ProtoMember(4)] public required List<Contact> To { get; init; } = [];
    [Key("cc"), MsgPackMapElement("cc"), ProtoMember(5)] public required List<Contact> Cc { get; init; } = [];
    [Key("date"), MsgPackMapElement("date"), ProtoMember(6), JsonConverter(typeof(TimestampJsonConverter))]
    public required long Date { get; init; }
    [Key("headers"), MsgPackMapElement("headers"), ProtoMember(7)] public required List<Header> Headers { get; init; } = [];
    [Key("body"), MsgPackMapElement("body"), ProtoMember(8)] public required string Body { get; init; } = "";
}
