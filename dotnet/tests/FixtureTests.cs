using System.Text.Json;
using Serbench.Model;

namespace Serbench.Tests;

public class FixtureTests
{
    [Fact]
    public void UserFixtureLoadsEveryRecordAndEdgeValue()
    {
        var fixture = Fixtures.Load("user");

        Assert.Equal("user", fixture.Dataset);
        Assert.Equal(3, fixture.Size);
        Assert.Equal("Zoë Åkesson-Nakamura", fixture.Users[1].Name);
        Assert.Equal("東京", fixture.Users[1].Address.City);
        Assert.Equal(0u, fixture.Users[1].Age);
        Assert.Empty(fixture.Users[1].Tags);
        Assert.Equal(uint.MaxValue, fixture.Users[2].Age);
        Assert.Equal(["édition", "a,b", "x\"y"], fixture.Users[2].Tags);
    }

    [Theory]
    [InlineData("""{"records": [{"name": "a", "email": "b", "age": 1, "tags": [], "address": {"street": "", "city": "", "postcode": "", "country": ""}, "extra": 1}]}""")]
    [InlineData("""{"records": [{"name": "a", "email": "b", "age": 1, "tags": []}]}""")]
    [InlineData("""{"records": [{"name": "a", "email": "b", "age": -1, "tags": [], "address": {"street": "", "city": "", "postcode": "", "country": ""}}]}""")]
    public void LoaderRefusesJsonThatDoesNotMatchTheModel(string json)
    {
        var path = Path.Combine(Path.GetTempPath(), $"fixture-{Guid.NewGuid():N}.json");
        File.WriteAllText(path, json);
        try
        {
            Assert.ThrowsAny<JsonException>(() => Fixtures.LoadFile("bad", path));
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Fact]
    public void UserEqualityComparesTagsElementByElement()
    {
        var address = new Address("s", "c", "p", "GB");
        var user = new User("n", "e", 1, ["a", "b"], address);

        Assert.Equal(user, user with { Tags = new List<string> { "a", "b" } });
        Assert.NotEqual(user, user with { Tags = ["a"] });
    }
}
