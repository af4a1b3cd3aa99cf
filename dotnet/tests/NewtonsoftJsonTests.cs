using System.Text;
using Serbench.Libraries;

namespace Serbench.Tests;

/// <summary>Newtonsoft.Json writes and reads the canonical JSON System.Text.Json does, from the
/// model's System.Text.Json attributes alone.</summary>
public class NewtonsoftJsonTests
{
    [Theory]
    [MemberData(nameof(Cases.Datasets), MemberType = typeof(Cases))]
    public void ReadsAndWritesWhatSystemTextJsonDoes(string dataset)
    {
        var fixture = Fixtures.Load(dataset, 100);
        var newtonsoft = fixture.Bind(new NewtonsoftJsonLibrary());
        var systemTextJson = fixture.Bind(new SystemTextJsonSnakeCaseLibrary());

        Assert.Null(newtonsoft.Mismatch(systemTextJson.Encode()));
        Assert.Null(systemTextJson.Mismatch(newtonsoft.Encode()));
    }

    [Fact]
    public void WritesTheUnionTagOnlyWhereTheModelDeclaresTheUnion()
    {
        var json = Encoding.UTF8.GetString(Fixtures.Load("game", 1).Bind(new NewtonsoftJsonLibrary()).Encode());

        Assert.Contains("\"equipped\":{\"type\":", json);
        Assert.DoesNotContain("\"weapons\":[{\"type\":", json);
    }

    [Theory]
    [InlineData("{\"records\":[{}]}", "Required property")]
    [InlineData("{\"records\":[]} {}", "Additional text")]
    public void RefusesWhatSystemTextJsonRefuses(string json, string why)
    {
        var @case = Fixtures.Load("user", 1).Bind(new NewtonsoftJsonLibrary());

        Assert.Contains(why, @case.Mismatch(Encoding.UTF8.GetBytes(json)));
    }
}
