using Serbench.Adapters;

namespace Serbench.Tests;

/// <summary>Every registered adapter must give the fixture back, field by field.</summary>
public class AdapterRoundTripTests
{
    public static TheoryData<string> Adapters => new(Registry.Adapters.Select(Key));

    private static string Key(ICodecAdapter adapter) => $"{adapter.Format}/{adapter.Lib}";

    private static ICodecAdapter Find(string key) => Registry.Adapters.Single(a => Key(a) == key);

    [Theory]
    [MemberData(nameof(Adapters))]
    public void DecodeOfEncodeGivesBackEveryField(string key)
    {
        var adapter = Find(key);
        var fixture = Fixtures.Load("user");

        var decoded = adapter.Decode(adapter.Encode(fixture.Users));

        Assert.Equal(fixture.Size, decoded.Count);
        foreach (var (expected, actual) in fixture.Users.Zip(decoded))
        {
            Assert.Equal(expected.Name, actual.Name);
            Assert.Equal(expected.Email, actual.Email);
            Assert.Equal(expected.Age, actual.Age);
            Assert.Equal(expected.Tags, actual.Tags);
            Assert.Equal(expected.Address.Street, actual.Address.Street);
            Assert.Equal(expected.Address.City, actual.Address.City);
            Assert.Equal(expected.Address.Postcode, actual.Address.Postcode);
            Assert.Equal(expected.Address.Country, actual.Address.Country);
        }
    }

    [Theory]
    [MemberData(nameof(Adapters))]
    public void RoundTripCheckAcceptsTheAdapter(string key)
    {
        Assert.Null(RoundTrip.Refusal(Find(key), Fixtures.Load("user")));
    }

    [Theory]
    [MemberData(nameof(Adapters))]
    public void MetadataIsComplete(string key)
    {
        var adapter = Find(key);

        Assert.Matches(@"^\d+\.\d+", adapter.Version);
        Assert.NotNull(adapter.Capabilities);
    }

    [Fact]
    public void ProtobufAdapterReportsTheRestoredPackageVersion()
    {
        Assert.Equal("3.25.1", new ProtobufAdapter().Version);
    }
}
