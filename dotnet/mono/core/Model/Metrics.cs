using System.Collections.Generic;
using MessagePack;
using ProGaudi.MsgPack.Light;
using ProtoBuf;
using ZeroFormatter;

// The `metrics` dataset (schemas/metrics): numeric arrays, 256 points a series.
namespace Serbench.Mono.Model.Metrics
{
    [ZeroFormattable, MessagePackObject, MsgPackMap, ProtoContract]
    public class Series
    {
        [Index(0), Key("name"), MsgPackMapElement("name"), ProtoMember(1)] public virtual string Name { get; set; } = "";
        [Index(1), Key("unit"), MsgPackMapElement("unit"), ProtoMember(2)] public virtual string Unit { get; set; } = "";
        [Index(2), Key("timestamps"), MsgPackMapElement("timestamps"), ProtoMember(3, IsPacked = true)] public virtual IList<long> Timestamps { get; set; } = new List<long>();
        [Index(3), Key("values"), MsgPackMapElement("values"), ProtoMember(4, IsPacked = true)] public virtual IList<double> Values { get; set; } = new List<double>();
    }

    [ZeroFormattable, MessagePackObject, MsgPackMap, ProtoContract]
    public class Payload
    {
        [Index(0), Key("records"), MsgPackMapElement("records"), ProtoMember(1)] public virtual IList<Series> Records { get; set; } = new List<Series>();
    }
}
