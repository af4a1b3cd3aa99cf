using Google.FlatBuffers;
using Serbench.Model;
using Fb = serbench.user.fbs;
using M = Serbench.Model.Users;
using Pb = Serbench.Schemas.User.Proto;
using Th = serbench.user.thrift;

namespace Serbench.Mappings;

public sealed class UserProtobuf : ProtobufMapping<M.User, Pb.Payload>
{
    protected override Pb.Payload ToProto(Payload<M.User> payload) => new() { Records = { payload.Records.Select(ToProto) } };

    protected override Payload<M.User> FromProto(Pb.Payload payload) => new() { Records = [.. payload.Records.Select(FromProto)] };

    private static Pb.User ToProto(M.User u) => new()
    {
        Name = u.Name,
        Email = u.Email,
        Age = u.Age,
        Tags = { u.Tags },
        Address = new() { Street = u.Address.Street, City = u.Address.City, Postcode = u.Address.Postcode, Country = u.Address.Country },
    };

    private static M.User FromProto(Pb.User u) => new()
    {
        Name = u.Name,
        Email = u.Email,
        Age = u.Age,
        Tags = [.. u.Tags],
        Address = FromProto(Mapped.Required(u.Address, "address")),
    };

    private static M.Address FromProto(Pb.Address a) => new() { Street = a.Street, City = a.City, Postcode = a.Postcode, Country = a.Country };
}

public sealed class UserFlatBuffers : FlatBuffersMapping<M.User, Fb.PayloadT>
{
    protected override Fb.PayloadT ToNative(Payload<M.User> payload) => new() { Records = [.. payload.Records.Select(ToNative)] };

    protected override Payload<M.User> FromNative(Fb.PayloadT payload) => new() { Records = Mapped.List(payload.Records, FromNative) };

    protected override int Pack(FlatBufferBuilder builder, Fb.PayloadT payload) => Fb.Payload.Pack(builder, payload).Value;

    protected override Fb.PayloadT Unpack(ByteBuffer buffer) => Fb.Payload.GetRootAsPayload(buffer).UnPack();

    protected override VerifyTableAction VerifyPayload => Fb.PayloadVerify.Verify;

    // The fields read: age and the name's length.
    protected override long ReadLazy(ByteBuffer buffer)
    {
        var payload = Fb.Payload.GetRootAsPayload(buffer);
        long sum = 0;
        for (var i = 0; i < payload.RecordsLength; i++)
        {
            var user = payload.Records(i)!.Value;
            sum += user.Age + user.Name.Length;
        }
        return sum;
    }

    protected override long ReadFull(Fb.PayloadT payload) => payload.Records.Sum(u => u.Age + u.Name.Length);

    private static Fb.UserT ToNative(M.User u) => new()
    {
        Name = u.Name,
        Email = u.Email,
        Age = u.Age,
        Tags = [.. u.Tags],
        Address = new() { Street = u.Address.Street, City = u.Address.City, Postcode = u.Address.Postcode, Country = u.Address.Country },
    };

    private static M.User FromNative(Fb.UserT u) => new()
    {
        Name = Mapped.Text(u.Name),
        Email = Mapped.Text(u.Email),
        Age = u.Age,
        Tags = Mapped.List(u.Tags, Mapped.Text),
        Address = FromNative(Mapped.Required(u.Address, "address")),
    };

    private static M.Address FromNative(Fb.AddressT a) => new()
    {
        Street = Mapped.Text(a.Street), City = Mapped.Text(a.City), Postcode = Mapped.Text(a.Postcode), Country = Mapped.Text(a.Country),
    };
}

public sealed class UserThrift : ThriftMapping<M.User, Th.Payload>
{
    protected override Th.Payload ToThrift(Payload<M.User> payload) => new() { Records = [.. payload.Records.Select(ToThrift)] };

    protected override Payload<M.User> FromThrift(Th.Payload payload) => new() { Records = Mapped.List(payload.Records, FromThrift) };

    private static Th.User ToThrift(M.User u) => new()
    {
        Name = u.Name,
        Email = u.Email,
        Age = u.Age,
        Tags = [.. u.Tags],
        Address = new() { Street = u.Address.Street, City = u.Address.City, Postcode = u.Address.Postcode, Country = u.Address.Country },
    };

    private static M.User FromThrift(Th.User u) => new()
    {
        Name = Mapped.Text(u.Name),
        Email = Mapped.Text(u.Email),
        Age = checked((uint)u.Age),
        Tags = Mapped.List(u.Tags, Mapped.Text),
        Address = FromThrift(Mapped.Required(u.Address, "address")),
    };

    private static M.Address FromThrift(Th.Address a) => new()
    {
        Street = Mapped.Text(a.Street), City = Mapped.Text(a.City), Postcode = Mapped.Text(a.Postcode), Country = Mapped.Text(a.Country),
    };
}
