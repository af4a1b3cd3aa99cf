using System.Text;
using System.Text.Json.Nodes;
using Serbench.Documents;
using Serbench.Libraries;

namespace Serbench.Tests;

/// <summary>System.Text.Json schema-less decodes what the library accepts (RFC 8259: any value at
/// the root, `null` included) and gives back the library's own result.</summary>
public class SchemalessJsonTests
{
    private static readonly ICase Documents = new JsonDocument("none", "{}"u8.ToArray()).Bind(new SystemTextJsonSchemalessLibrary());

    [Fact]
    public void TheDocumentNullIsTheLibrarysNull()
    {
        Assert.Null(Documents.Decode("null"u8.ToArray()));
    }

    [Theory]
    [InlineData("true")]
    [InlineData("-0.1")]
    [InlineData("\"x\"")]
    public void ScalarRootsAreValues(string json)
    {
        Assert.Equal(json, Assert.IsAssignableFrom<JsonValue>(Documents.Decode(Encoding.UTF8.GetBytes(json))).ToJsonString());
    }
}
