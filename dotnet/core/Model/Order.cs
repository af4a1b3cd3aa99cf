using System.Text.Json.Serialization;
using MemoryPack;
using MessagePack;
using ProGaudi.MsgPack.Light;
using ProtoBuf;

// The `order` dataset (schemas/order): nested e-commerce orders.
namespace Serbench.Model.Orders;

#pragma warning disable CA1707 // enum members are the schema's names, as the canonical JSON spells them
[JsonConverter(typeof(JsonStringEnumConverter<OrderStatus>))]
public enum OrderStatus { PENDING = 0, PAID = 1, SHIPPED = 2, DELIVERED = 3, CANCELLED = 4 }
#pragma warning restore CA1707

[MemoryPackable, MessagePackObject, MsgPackMap, ProtoContract]
public sealed partial record Customer
{
    [Key("id"), MsgPackMapElement("id"), ProtoMember(1)] public required ulong Id { get; init; }
    [Key("name"), MsgPackMapElement("name"), ProtoMember(2)] public required string Name { get; init; } = "";
    [Key("email"), MsgPackMapElement("email"), ProtoMember(3)] public required string Email { get; init; } = "";
    [Key("phone"), MsgPackMapElement("phone"), ProtoMember(4)] public required string Phone { get; init; } = "";
}

[MemoryPackable, MessagePackObject, MsgPackMap, ProtoContract]
public sealed partial record LineItem
{
    [Key("sku"), MsgPackMapElement("sku"), ProtoMember(1)] public required string Sku { get; init; } = "";
    [Key("name"), MsgPackMapElement("name"), ProtoMember(2)] public required string Name { get; init; } = "";
    [Key("quantity"), MsgPackMapElement("quantity"), ProtoMember(3)] public required uint Quantity { get; init; }
    [Key("unit_price"), MsgPackMapElement("unit_price"), ProtoMember(4)] public required double UnitPrice { get; init; }
}

[MemoryPackable, MessagePackObject, MsgPackMap, ProtoContract]
public sealed partial record Order
{
    [Key("id"), MsgPackMapElement("id"), ProtoMember(1)] public required ulong Id { get; init; }
    [Key("created_at"), MsgPackMapElement("created_at"), ProtoMember(2), JsonConverter(typeof(TimestampJsonConverter))]
    public required long CreatedAt { get; init; }
    [Key("status"), MsgPackMapElement("status"), ProtoMember(3)] public required OrderStatus Status { get; init; }
    [Key("customer"), MsgPackMapElement("customer"), ProtoMember(4)] public required Customer Customer { get; init; }
    [Key("shipping_address"), MsgPackMapElement("shipping_address"), ProtoMember(5)] public required Address ShippingAddress { get; init; }
    [Key("items"), MsgPackMapElement("items"), ProtoMember(6)] public required List<LineItem> Items { get; init; } = [];
    [Key("total"), MsgPackMapElement("total"), ProtoMember(7)] public required double Total { get; init; }
    [Key("currency"), MsgPackMapElement("currency"), ProtoMember(8)] public required string Currency { get; init; } = "";
}
