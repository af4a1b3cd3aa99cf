using Serbench.Adapters;
using Serbench.Model;

namespace Serbench.Tests;

/// <summary>The round-trip check must refuse an adapter that gets the data wrong and
/// name the first field it got wrong.</summary>
public class RoundTripCheckTests
{
    /// <summary>Protobuf with one deliberate fault applied to what it decodes.</summary>
    private sealed class WrongAdapter(Func<List<User>, List<User>> fault) : ICodecAdapter
    {
        private readonly ProtobufAdapter inner = new();

        public string Lib => "wrong";
        public string Format => "protobuf";
        public string Version => inner.Version;
        public Capabilities Capabilities => inner.Capabilities;
        public byte[] Encode(IReadOnlyList<User> users) => inner.Encode(users);
        public List<User> Decode(ReadOnlySpan<byte> bytes) => fault(inner.Decode(bytes));
    }

    private static readonly Dictionary<string, Func<List<User>, List<User>>> Faults = new()
    {
        ["ascii-city"] = users => Replace(users, 1, u => u with { Address = u.Address with { City = "Tokyo" } }),
        ["signed-age"] = users => Replace(users, 2, u => u with { Age = int.MaxValue }),
        ["lost-tag"] = users => Replace(users, 0, u => u with { Tags = u.Tags.Take(2).ToList() }),
        ["changed-tag"] = users => Replace(users, 2, u => u with { Tags = ["edition", "a,b", "x\"y"] }),
        ["lost-record"] = users => users.Take(2).ToList(),
        ["throws"] = _ => throw new InvalidDataException("truncated message"),
    };

    private static List<User> Replace(List<User> users, int index, Func<User, User> change)
    {
        users[index] = change(users[index]);
        return users;
    }

    [Theory]
    [InlineData("ascii-city", "users[1].address.city: expected \"東京\", got \"Tokyo\"")]
    [InlineData("signed-age", "users[2].age: expected 4294967295, got 2147483647")]
    [InlineData("lost-tag", "users[0].tags: expected 3 tags, got 2")]
    [InlineData("changed-tag", "users[2].tags[0]: expected \"édition\", got \"edition\"")]
    [InlineData("lost-record", "users: expected 3 records, got 2")]
    [InlineData("throws", "InvalidDataException: truncated message")]
    public void WrongAdapterIsRefusedWithTheFieldNamed(string fault, string reason)
    {
        var refusal = RoundTrip.Refusal(new WrongAdapter(Faults[fault]), Fixtures.Load("user"));

        Assert.NotNull(refusal);
        Assert.EndsWith(reason, refusal);
    }
}
