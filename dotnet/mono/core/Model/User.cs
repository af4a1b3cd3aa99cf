using System.Collections.Generic;
using MessagePack;
using ProGaudi.MsgPack.Light;
using ProtoBuf;
using ZeroFormatter;

// The `user` dataset (schemas/user). ZeroFormatter wants virtual [Index] properties and
// IList<T> (its lazy list); the other libraries read the same classes.
namespace Serbench.Mono.Model.Users
{
    [ZeroFormattable, MessagePackObject, MsgPackMap, ProtoContract]
    public class User
    {
        [Index(0), Key("name"), MsgPackMapElement("name"), ProtoMember(1)] public virtual string Name { get; set; } = "";
        [Index(1), Key("email"), MsgPackMapElement("email"), ProtoMember(2)] public virtual string Email { get; set; } = "";
        [Index(2), Key("age"), MsgPackMapElement("age"), ProtoMember(3)] public virtual uint Age { get; set; }
        [Index(3), Key("tags"), MsgPackMapElement("tags"), ProtoMember(4)] public virtual IList<string> Tags { get; set; } = new List<string>();
        [Index(4), Key("address"), MsgPackMapElement("address"), ProtoMember(5)] public virtual Address Address { get; set; }
    }

    [ZeroFormattable, MessagePackObject, MsgPackMap, ProtoContract]
    public class Payload
    {
        [Index(0), Key("records"), MsgPackMapElement("records"), ProtoMember(1)] public virtual IList<User> Records { get; set; } = new List<User>();
    }
}
