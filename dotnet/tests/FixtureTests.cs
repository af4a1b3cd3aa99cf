using System.Text;
using System.Text.Json;
using Serbench.Model;
using Serbench.Model.Users;

namespace Serbench.Tests;

public class FixtureTests
{
    // Every dataset of the catalog has a model and mappings here (Datasets.cs), and every op
    // this suite times is one the catalog defines.
    [Fact]
    public void DatasetsAndOpsAreTheCatalogs()
    {
        Assert.Equal(CatalogData.SyntheticDatasets, Datasets.Names);
        Assert.Empty(Registry.Libraries.SelectMany(l => l.Ops).Distinct().Except(CatalogData.Ops));
    }

    [Theory]
    [MemberData(nameof(Cases.Datasets), MemberType = typeof(Cases))]
    public void EveryFixtureLoadsWithItsRecordCount(string dataset)
    {
        foreach (var size in Fixtures.Sizes)
        {
            var fixture = Fixtures.Load(dataset, size);

            Assert.Equal((dataset, size), (fixture.Dataset, fixture.Size));
        }
    }

    [Fact]
    public void CanonicalJsonOfTheModelIsTheFixtureItself()
    {
        foreach (var dataset in Datasets.Names)
        {
            var path = Fixtures.Path(dataset, 100);
            var fixture = Fixtures.Load(dataset, 100);
            using var rewritten = new MemoryStream(fixture.Bind(new Libraries.SystemTextJsonSnakeCaseLibrary()).Encode());

            Assert.Null(fixture.Diff(Datasets.Find(dataset).Parse(rewritten)));
            Assert.Null(fixture.Diff(Datasets.Find(dataset).Parse(File.OpenRead(path))));
        }
    }

    private const string Address = """{"street": "", "city": "", "postcode": "", "country": ""}""";

    [Theory]
    [InlineData($$"""{"records": [{"name": "a", "email": "b", "age": 1, "tags": [], "address": {{Address}}, "extra": 1}]}""")]
    [InlineData("""{"records": [{"name": "a", "email": "b", "age": 1, "tags": []}]}""")]
    [InlineData($$"""{"records": [{"name": "a", "email": "b", "age": -1, "tags": [], "address": {{Address}}}]}""")]
    [InlineData($$"""{"records": [{"name": null, "email": "b", "age": 1, "tags": [], "address": {{Address}}}]}""")]
    public void LoaderRefusesJsonThatDoesNotMatchTheModel(string json)
    {
        Assert.ThrowsAny<JsonException>(() => Datasets.Find("user").Parse(new MemoryStream(Encoding.UTF8.GetBytes(json))));
    }

    [Theory]
    [InlineData("2024-05-01T12:30:45.123456Z", 1714566645123456L)]
    [InlineData("1970-01-01T00:00:00.000000Z", 0L)]
    public void TimestampsAreMicrosecondsWithSixDigitsInJson(string text, long micros)
    {
        var options = new JsonSerializerOptions { Converters = { new TimestampJsonConverter() } };

        Assert.Equal(micros, JsonSerializer.Deserialize<long>($"\"{text}\"", options));
        Assert.Equal($"\"{text}\"", JsonSerializer.Serialize(micros, options));
    }

    [Fact]
    public void FieldDiffNamesTheFirstDifferingField()
    {
        var user = new User
        {
            Name = "n", Email = "e", Age = 1, Tags = ["a", "b"],
            Address = new() { Street = "s", City = "東京", Postcode = "p", Country = "JP" },
        };
        Payload<User> Of(User u) => new() { Records = [user, u] };

        Assert.Null(FieldDiff.First(Of(user), Of(user with { Tags = ["a", "b"] })));
        Assert.Equal("records[1].address.city: expected \"東京\", got \"Tokyo\"",
            FieldDiff.First(Of(user), Of(user with { Address = user.Address with { City = "Tokyo" } })));
        Assert.Equal("records[1].tags: expected 2 items, got 1", FieldDiff.First(Of(user), Of(user with { Tags = ["a"] })));
    }
}
