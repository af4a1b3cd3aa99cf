using Google.FlatBuffers;
using Serbench.Model;
using Fb = serbench.order.fbs;
using M = Serbench.Model.Orders;
using Pb = Serbench.Schemas.Order.Proto;
using Th = serbench.order.thrift;

namespace Serbench.Mappings;

public sealed class OrderProtobuf : ProtobufMapping<M.Order, Pb.Payload>
{
    protected override Pb.Payload ToProto(Payload<M.Order> payload) => new() { Records = { payload.Records.Select(ToProto) } };

    protected override Payload<M.Order> FromProto(Pb.Payload payload) => new() { Records = [.. payload.Records.Select(FromProto)] };

    private static Pb.Order ToProto(M.Order o) => new()
    {
        Id = o.Id,
        CreatedAt = o.CreatedAt,
        Status = (Pb.OrderStatus)o.Status,
        Customer = new() { Id = o.Customer.Id, Name = o.Customer.Name, Email = o.Customer.Email, Phone = o.Customer.Phone },
        ShippingAddress = new()
        {
            Street = o.ShippingAddress.Street, City = o.ShippingAddress.City,
            Postcode = o.ShippingAddress.Postcode, Country = o.ShippingAddress.Country,
        },
        Items = { o.Items.Select(i => new Pb.LineItem { Sku = i.Sku, Name = i.Name, Quantity = i.Quantity, UnitPrice = i.UnitPrice }) },
        Total = o.Total,
        Currency = o.Currency,
    };

    private static M.Order FromProto(Pb.Order o) => new()
    {
        Id = o.Id,
        CreatedAt = o.CreatedAt,
        Status = (M.OrderStatus)o.Status,
        Customer = FromProto(Mapped.Required(o.Customer, "customer")),
        ShippingAddress = FromProto(Mapped.Required(o.ShippingAddress, "shipping_address")),
        Items = [.. o.Items.Select(i => new M.LineItem { Sku = i.Sku, Name = i.Name, Quantity = i.Quantity, UnitPrice = i.UnitPrice })],
        Total = o.Total,
        Currency = o.Currency,
    };

    private static M.Customer FromProto(Pb.Customer c) => new() { Id = c.Id, Name = c.Name, Email = c.Email, Phone = c.Phone };

    private static M.ShippingAddress FromProto(Pb.Address a) =>
        new() { Street = a.Street, City = a.City, Postcode = a.Postcode, Country = a.Country };
}

public sealed class OrderFlatBuffers : FlatBuffersMapping<M.Order, Fb.PayloadT>
{
    protected override Fb.PayloadT ToNative(Payload<M.Order> payload) => new() { Records = [.. payload.Records.Select(ToNative)] };

    protected override Payload<M.Order> FromNative(Fb.PayloadT payload) => new() { Records = Mapped.List(payload.Records, FromNative) };

    protected override int Pack(FlatBufferBuilder builder, Fb.PayloadT payload) => Fb.Payload.Pack(builder, payload).Value;

    protected override Fb.PayloadT Unpack(ByteBuffer buffer) => Fb.Payload.GetRootAsPayload(buffer).UnPack();

    protected override VerifyTableAction VerifyPayload => Fb.PayloadVerify.Verify;

    // The fields read: the customer's id and the number of items.
    protected override long ReadLazy(ByteBuffer buffer)
    {
        var payload = Fb.Payload.GetRootAsPayload(buffer);
        long sum = 0;
        for (var i = 0; i < payload.RecordsLength; i++)
        {
            var order = payload.Records(i)!.Value;
            sum += (long)order.Customer!.Value.Id + order.ItemsLength;
        }
        return sum;
    }

    protected override long ReadFull(Fb.PayloadT payload) => payload.Records.Sum(o => (long)o.Customer.Id + o.Items.Count);

    private static Fb.OrderT ToNative(M.Order o) => new()
    {
        Id = o.Id,
        CreatedAt = o.CreatedAt,
        Status = (Fb.OrderStatus)o.Status,
        Customer = new() { Id = o.Customer.Id, Name = o.Customer.Name, Email = o.Customer.Email, Phone = o.Customer.Phone },
        ShippingAddress = new()
        {
            Street = o.ShippingAddress.Street, City = o.ShippingAddress.City,
            Postcode = o.ShippingAddress.Postcode, Country = o.ShippingAddress.Country,
        },
        Items = [.. o.Items.Select(i => new Fb.LineItemT { Sku = i.Sku, Name = i.Name, Quantity = i.Quantity, UnitPrice = i.UnitPrice })],
        Total = o.Total,
        Currency = o.Currency,
    };

    private static M.Order FromNative(Fb.OrderT o) => new()
    {
        Id = o.Id,
        CreatedAt = o.CreatedAt,
        Status = (M.OrderStatus)o.Status,
        Customer = FromNative(Mapped.Required(o.Customer, "customer")),
        ShippingAddress = FromNative(Mapped.Required(o.ShippingAddress, "shipping_address")),
        Items = Mapped.List(o.Items, i => new M.LineItem
        {
            Sku = Mapped.Text(i.Sku), Name = Mapped.Text(i.Name), Quantity = i.Quantity, UnitPrice = i.UnitPrice,
        }),
        Total = o.Total,
        Currency = Mapped.Text(o.Currency),
    };

    private static M.Customer FromNative(Fb.CustomerT c) =>
        new() { Id = c.Id, Name = Mapped.Text(c.Name), Email = Mapped.Text(c.Email), Phone = Mapped.Text(c.Phone) };

    private static M.ShippingAddress FromNative(Fb.AddressT a) => new()
    {
        Street = Mapped.Text(a.Street), City = Mapped.Text(a.City), Postcode = Mapped.Text(a.Postcode), Country = Mapped.Text(a.Country),
    };
}

public sealed class OrderThrift : ThriftMapping<M.Order, Th.Payload>
{
    protected override Th.Payload ToThrift(Payload<M.Order> payload) => new() { Records = [.. payload.Records.Select(ToThrift)] };

    protected override Payload<M.Order> FromThrift(Th.Payload payload) => new() { Records = Mapped.List(payload.Records, FromThrift) };

    private static Th.Order ToThrift(M.Order o) => new()
    {
        Id = checked((long)o.Id),
        CreatedAt = o.CreatedAt,
        Status = (Th.OrderStatus)o.Status,
        Customer = new() { Id = checked((long)o.Customer.Id), Name = o.Customer.Name, Email = o.Customer.Email, Phone = o.Customer.Phone },
        ShippingAddress = new()
        {
            Street = o.ShippingAddress.Street, City = o.ShippingAddress.City,
            Postcode = o.ShippingAddress.Postcode, Country = o.ShippingAddress.Country,
        },
        Items = [.. o.Items.Select(i => new Th.LineItem { Sku = i.Sku, Name = i.Name, Quantity = i.Quantity, UnitPrice = i.UnitPrice })],
        Total = o.Total,
        Currency = o.Currency,
    };

    private static M.Order FromThrift(Th.Order o) => new()
    {
        Id = checked((ulong)o.Id),
        CreatedAt = o.CreatedAt,
        Status = Mapped.Enum<M.OrderStatus>((int)o.Status, "status"),
        Customer = FromThrift(Mapped.Required(o.Customer, "customer")),
        ShippingAddress = FromThrift(Mapped.Required(o.ShippingAddress, "shipping_address")),
        Items = Mapped.List(o.Items, FromThrift),
        Total = o.Total,
        Currency = Mapped.Text(o.Currency),
    };

    private static M.Customer FromThrift(Th.Customer c) => new()
    {
        Id = checked((ulong)c.Id), Name = Mapped.Text(c.Name), Email = Mapped.Text(c.Email), Phone = Mapped.Text(c.Phone),
    };

    private static M.ShippingAddress FromThrift(Th.Address a) => new()
    {
        Street = Mapped.Text(a.Street), City = Mapped.Text(a.City), Postcode = Mapped.Text(a.Postcode), Country = Mapped.Text(a.Country),
    };

    private static M.LineItem FromThrift(Th.LineItem i) => new()
    {
        Sku = Mapped.Text(i.Sku), Name = Mapped.Text(i.Name), Quantity = checked((uint)i.Quantity), UnitPrice = i.UnitPrice,
    };
}
