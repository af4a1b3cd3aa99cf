using Serbench.Libraries;
using Serbench.Model;
using Serbench.Model.Users;

namespace Serbench.Tests;

/// <summary>The round-trip check must refuse a library that gets the data wrong and name
/// the first field it got wrong.</summary>
public class RefusalTests
{
    /// <summary>MemoryPack with one deliberate fault applied to what it decodes (user dataset).</summary>
    private sealed class FaultyLibrary(Func<List<User>, List<User>> fault) : ModelLibrary("faulty", "memorypack", "0", "https://example.invalid/", [])
    {
        protected override Codec<Payload<TRecord>> Codec<TRecord>() => (Codec<Payload<TRecord>>)(object)new FaultyCodec(fault);
    }

    private sealed class FaultyCodec(Func<List<User>, List<User>> fault) : Codec<Payload<User>>
    {
        public override byte[] Encode(Payload<User> value) => MemoryPack.MemoryPackSerializer.Serialize(value);

        public override Payload<User> Decode(byte[] bytes) =>
            new() { Records = fault(MemoryPack.MemoryPackSerializer.Deserialize<Payload<User>>(bytes)!.Records) };
    }

    private static readonly Dictionary<string, Func<List<User>, List<User>>> Faults = new()
    {
        ["city"] = users => Replace(users, 1, u => u with { Address = u.Address with { City = "?" } }),
        ["age"] = users => Replace(users, 2, u => u with { Age = u.Age + 1 }),
        ["lost-tag"] = users => Replace(users, 0, u => u with { Tags = [.. u.Tags, "x"] }),
        ["lost-record"] = users => [.. users.Skip(1)],
        ["throws"] = _ => throw new InvalidDataException("truncated message"),
    };

    private static List<User> Replace(List<User> users, int index, Func<User, User> change)
    {
        users[index] = change(users[index]);
        return users;
    }

    [Theory]
    [InlineData("city", "round trip: records[1].address.city: expected \"")]
    [InlineData("age", "round trip: records[2].age: expected ")]
    [InlineData("lost-tag", "round trip: records[0].tags: expected ")]
    [InlineData("lost-record", "round trip: records: expected 100 items, got 99")]
    [InlineData("throws", "round trip: decode threw InvalidDataException: truncated message")]
    public void WrongLibraryIsRefusedWithTheFieldNamed(string fault, string reason)
    {
        var refusal = Fixtures.Load("user", 100).Bind(new FaultyLibrary(Faults[fault])).Refusal();

        Assert.NotNull(refusal);
        Assert.StartsWith(reason, refusal);
    }

    [Fact]
    public void RightLibraryIsAccepted()
    {
        Assert.Null(Fixtures.Load("user", 100).Bind(new MemoryPackLibrary()).Refusal());
    }
}
