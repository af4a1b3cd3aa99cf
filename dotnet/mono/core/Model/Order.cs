using System.Collections.Generic;
using MessagePack;
using Newtonsoft.Json;
using ProGaudi.MsgPack.Light;
using ProtoBuf;
using ZeroFormatter;

// The `order` dataset (schemas/order): nested e-commerce orders.
namespace Serbench.Mono.Model.Orders
{
    public enum OrderStatus { PENDING = 0, PAID = 1, SHIPPED = 2, DELIVERED = 3, CANCELLED = 4 }

    [ZeroFormattable, MessagePackObject, MsgPackMap, ProtoContract]
    public class Customer
    {
        [Index(0), Key("id"), MsgPackMapElement("id"), ProtoMember(1)] public virtual ulong Id { get; set; }
        [Index(1), Key("name"), MsgPackMapElement("name"), ProtoMember(2)] public virtual string Name { get; set; } = "";
        [Index(2), Key("email"), MsgPackMapElement("email"), ProtoMember(3)] public virtual string Email { get; set; } = "";
        [Index(3), Key("phone"), MsgPackMapElement("phone"), ProtoMember(4)] public virtual string Phone { get; set; } = "";
    }

    [ZeroFormattable, MessagePackObject, MsgPackMap, ProtoContract]
    public class LineItem
    {
        [Index(0), Key("sku"), MsgPackMapElement("sku"), ProtoMember(1)] public virtual string Sku { get; set; } = "";
        [Index(1), Key("name"), MsgPackMapElement("name"), ProtoMember(2)] public virtual string Name { get; set; } = "";
        [Index(2), Key("quantity"), MsgPackMapElement("quantity"), ProtoMember(3)] public virtual uint Quantity { get; set; }
        [Index(3), Key("unit_price"), MsgPackMapElement("unit_price"), ProtoMember(4)] public virtual double UnitPrice { get; set; }
    }

    [ZeroFormattable, MessagePackObject, MsgPackMap, ProtoContract]
    public class Order
    {
        [Index(0), Key("id"), MsgPackMapElement("id"), ProtoMember(1)] public virtual ulong Id { get; set; }
        [Index(1), Key("created_at"), MsgPackMapElement("created_at"), ProtoMember(2), JsonConverter(typeof(TimestampConverter))]
        public virtual long CreatedAt { get; set; }
        [Index(2), Key("status"), MsgPackMapElement("status"), ProtoMember(3)] public virtual OrderStatus Status { get; set; }
        [Index(3), Key("customer"), MsgPackMapElement("customer"), ProtoMember(4)] public virtual Customer Customer { get; set; }
        [Index(4), Key("shipping_address"), MsgPackMapElement("shipping_address"), ProtoMember(5)] public virtual Address ShippingAddress { get; set; }
        [Index(5), Key("items"), MsgPackMapElement("items"), ProtoMember(6)] public virtual IList<LineItem> Items { get; set; } = new List<LineItem>();
        [Index(6), Key("total"), MsgPackMapElement("total"), ProtoMember(7)] public virtual double Total { get; set; }
        [Index(7), Key("currency"), MsgPackMapElement("currency"), ProtoMember(8)] public virtual string Currency { get; set; } = "";
    }

    [ZeroFormattable, MessagePackObject, MsgPackMap, ProtoContract]
    public class Payload
    {
        [Index(0), Key("records"), MsgPackMapElement("records"), ProtoMember(1)] public virtual IList<Order> Records { get; set; } = new List<Order>();
    }
}
