using System.Text;
using Serbench.Libraries;

namespace Serbench.Tests;

/// <summary>System.Text.Json's `reflection` variant is the call an application makes with the
/// default options; the snake_case variant writes the canonical JSON.</summary>
public class SystemTextJsonTests
{
    [Fact]
    public void TheReflectionVariantWritesWhatTheDefaultOptionsWrite()
    {
        var fixture = Fixtures.Load("filetree", 100);
        var json = Encoding.UTF8.GetString(fixture.Bind(new SystemTextJsonLibrary()).Encode());

        Assert.StartsWith("{\"Records\":[{\"type\":", json);
        Assert.Contains("\"UpdatedBy\":null", json);  // absent optional fields are written
        Assert.Contains("\"Permissions\":\"READ", json);  // the model's own enum converter applies
    }

    [Fact]
    public void TheSnakeCaseVariantWritesTheCanonicalKeys()
    {
        var json = Encoding.UTF8.GetString(Fixtures.Load("filetree", 100).Bind(new SystemTextJsonSnakeCaseLibrary()).Encode());

        Assert.StartsWith("{\"records\":[{\"type\":", json);
        Assert.DoesNotContain("null", json);
    }

    [Fact]
    public void OnlyTheDefaultCallIsVariantReflection()
    {
        var reflection = Registry.Libraries.Where(l => (l.Lib, l.Variant) == ("system_text_json", "reflection"));

        Assert.IsType<SystemTextJsonLibrary>(Assert.Single(reflection));
    }
}
