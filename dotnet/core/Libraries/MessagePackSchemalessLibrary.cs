using MessagePack;
using Serbench.Model;

namespace Serbench.Libraries;

/// <summary>MessagePack-CSharp schema-less: a JSON document's tree as plain .NET values
/// (<c>Dictionary&lt;object, object?&gt;</c> maps in the document's key order, <c>object?[]</c>
/// arrays, long / ulong / double, string, bool, null), fed the same document as the schema-less
/// JSON libraries, written by the standard resolver's object formatters and read back with
/// <c>Deserialize&lt;object&gt;</c> (its primitive object formatter: maps, arrays and values).
/// Decode reads the library's own bytes of the document (<see cref="PlainTreeCase"/>). An
/// integer beyond 64 bits has no MessagePack type: the tree holds it as a double and the check
/// names it.</summary>
public sealed class MessagePackSchemalessLibrary : ILibrary
{
    public string Lib => "messagepack";
    public string Format => "msgpack";
    public string? Variant => "schemaless";
    public string Version { get; } = LibraryVersion.OfPackage("MessagePack");
    public string Home => MessagePackLibrary.HomePage;
    public IReadOnlyList<string> Capabilities { get; } = ["schemaless"];

    // The synthetic datasets as their canonical JSON: the document the JSON libraries read.
    public ICase Bind<TRecord>(Fixture<TRecord> fixture) where TRecord : class =>
        new PlainTreeCase(FieldDiff.Canonical(fixture.Payload), Encode, Decode);

    public ICase Bind(Documents.JsonDocument document) => new PlainTreeCase(document.Json, Encode, Decode);

    private static byte[] Encode(object? tree) => MessagePackSerializer.Serialize(tree, MessagePackSerializerOptions.Standard);

    private static object? Decode(byte[] bytes) => MessagePackSerializer.Deserialize<object>(bytes, MessagePackSerializerOptions.Standard);
}
