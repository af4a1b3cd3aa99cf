using System.Collections.Generic;
using MessagePack;
using Newtonsoft.Json;
using ProGaudi.MsgPack.Light;
using ProtoBuf;
using ZeroFormatter;

// The `mail` dataset (schemas/mail): string-heavy messages of about 10 KB.
namespace Serbench.Mono.Model.Mails
{
    [ZeroFormattable, MessagePackObject, MsgPackMap, ProtoContract]
    public class Contact
    {
        [Index(0), Key("name"), MsgPackMapElement("name"), ProtoMember(1)] public virtual string Name { get; set; } = "";
        [Index(1), Key("address"), MsgPackMapElement("address"), ProtoMember(2)] public virtual string Address { get; set; } = "";
    }

    [ZeroFormattable, MessagePackObject, MsgPackMap, ProtoContract]
    public class Header
    {
        [Index(0), Key("name"), MsgPackMapElement("name"), ProtoMember(1)] public virtual string Name { get; set; } = "";
        [Index(1), Key("value"), MsgPackMapElement("value"), ProtoMember(2)] public virtual string Value { get; set; } = "";
    }

    [ZeroFormattable, MessagePackObject, MsgPackMap, ProtoContract]
    public class Mail
    {
        [Index(0), Key("message_id"), MsgPackMapElement("message_id"), ProtoMember(1)] public virtual string MessageId { get; set; } = "";
        [Index(1), Key("subject"), MsgPackMapElement("subject"), ProtoMember(2)] public virtual string Subject { get; set; } = "";
        [Index(2), Key("sender"), MsgPackMapElement("sender"), ProtoMember(3)] public virtual Contact Sender { get; set; }
        [Index(3), Key("to"), MsgPackMapElement("to"), ProtoMember(4)] public virtual IList<Contact> To { get; set; } = new List<Contact>();
        [Index(4), Key("cc"), MsgPackMapElement("cc"), ProtoMember(5)] public virtual IList<Contact> Cc { get; set; } = new List<Contact>();
        [Index(5), Key("date"), MsgPackMapElement("date"), ProtoMember(6), JsonConverter(typeof(TimestampConverter))]
        public virtual long Date { get; set; }
        [Index(6), Key("headers"), MsgPackMapElement("headers"), ProtoMember(7)] public virtual IList<Header> Headers { get; set; } = new List<Header>();
        [Index(7), Key("body"), MsgPackMapElement("body"), ProtoMember(8)] public virtual string Body { get; set; } = "";
    }

    [ZeroFormattable, MessagePackObject, MsgPackMap, ProtoContract]
    public class Payload
    {
        [Index(0), Key("records"), MsgPackMapElement("records"), ProtoMember(1)] public virtual IList<Mail> Records { get; set; } = new List<Mail>();
    }
}
