using System.Text.Json.Nodes;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;
using Serbench.Model;

namespace Serbench.Libraries;

/// <summary>Newtonsoft.Json (Json.NET) schema-less: bytes to and from a <see cref="JToken"/>
/// tree, as <c>JToken.Parse</c> and <c>JToken.ToString()</c> do it (default load settings,
/// one value and nothing but comments after it; output unindented, non-ASCII text unescaped),
/// over UTF-8 bytes, with one setting changed: strings that look like dates stay strings
/// (by default Json.NET makes them DateTimes and writes them back in another form). Its reader
/// reads every value into the tree (strings unescaped, integers as long or BigInteger, other
/// numbers as double), so decode is the load alone.</summary>
public sealed class NewtonsoftJsonSchemalessLibrary() : SchemalessJsonLibrary<JToken>(
    "newtonsoft_json", "schemaless", LibraryVersion.OfPackage("Newtonsoft.Json"), NewtonsoftJsonLibrary.HomePage)
{
    protected override Codec<JToken> Codec { get; } = new TokenCodec();

    // Read from the canonical JSON: a tree of .NET values, as one built in code holds.
    protected override JToken Tree<TRecord>(Payload<TRecord> payload) => Codec.Decode(FieldDiff.Canonical(payload));

    protected override JsonNode? Node(JToken tree) => JsonNode.Parse(tree.ToString(Formatting.None));

    private sealed class TokenCodec : Codec<JToken>
    {
        public override byte[] Encode(JToken value) => NewtonsoftJsonLibrary.Write(writer => value.WriteTo(writer));

        public override JToken Decode(byte[] bytes) => NewtonsoftJsonLibrary.Read(bytes, reader =>
        {
            var token = JToken.ReadFrom(reader);
            while (reader.Read())
            {
                // As JToken.Parse: the reader throws on anything after the value but comments.
            }
            return token;
        });
    }
}
