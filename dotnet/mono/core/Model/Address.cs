using MessagePack;
using ProGaudi.MsgPack.Light;
using ProtoBuf;
using ZeroFormatter;

namespace Serbench.Mono.Model
{
    /// <summary>The postal address of `user` and `order`, which define it alike: one class, as in
    /// the .NET suite's model.</summary>
    [ZeroFormattable, MessagePackObject, MsgPackMap, ProtoContract]
    public class Address
    {
        [Index(0), Key("street"), MsgPackMapElement("street"), ProtoMember(1)] public virtual string Street { get; set; } = "";
        [Index(1), Key("city"), MsgPackMapElement("city"), ProtoMember(2)] public virtual string City { get; set; } = "";
        [Index(2), Key("postcode"), MsgPackMapElement("postcode"), ProtoMember(3)] public virtual string Postcode { get; set; } = "";
        [Index(3), Key("country"), MsgPackMapElement("country"), ProtoMember(4)] public virtual string Country { get; set; } = "";
    }
}
