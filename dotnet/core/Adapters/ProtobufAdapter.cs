using Google.Protobuf;
using Serbench.Model;
using Pb = Serbench.Schemas.User.Proto;

namespace Serbench.Adapters;

/// <summary>Google.Protobuf with the classes protoc generates from schemas/user/user.proto.</summary>
public sealed class ProtobufAdapter : ICodecAdapter
{
    public string Lib => "protobuf";
    public string Format => "protobuf";
    public string Version { get; } = LibraryVersion.Of(typeof(IMessage).Assembly);
    public Capabilities Capabilities { get; } = new(ZeroCopy: false, Codegen: true);

    public byte[] Encode(IReadOnlyList<User> users)
    {
        var list = new Pb.Payload();
        foreach (var user in users)
        {
            list.Records.Add(ToProto(user));
        }
        return list.ToByteArray();
    }

    public List<User> Decode(ReadOnlySpan<byte> bytes) =>
        Pb.Payload.Parser.ParseFrom(bytes).Records.Select(FromProto).ToList();

    private static Pb.User ToProto(User user) => new()
    {
        Name = user.Name,
        Email = user.Email,
        Age = user.Age,
        Tags = { user.Tags },
        Address = new Pb.Address
        {
            Street = user.Address.Street,
            City = user.Address.City,
            Postcode = user.Address.Postcode,
            Country = user.Address.Country,
        },
    };

    // proto3 has no required fields: a missing address decodes as null and is an error.
    private static User FromProto(Pb.User user)
    {
        var address = user.Address ?? throw new InvalidDataException("user without address");
        return new User(
            user.Name,
            user.Email,
            user.Age,
            user.Tags.ToList(),
            new Address(address.Street, address.City, address.Postcode, address.Country));
    }
}
