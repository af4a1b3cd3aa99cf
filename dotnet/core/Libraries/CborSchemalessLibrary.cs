using System.Formats.Cbor;
using Serbench.Model;

namespace Serbench.Libraries;

/// <summary>System.Formats.Cbor schema-less: a JSON document's tree as plain .NET values (the
/// tree MessagePack-CSharp's schema-less case writes, <see cref="PlainTree"/>), written with a
/// <see cref="CborWriter"/> (definite-length maps and arrays, text strings, integers, doubles)
/// and read back with a <see cref="CborReader"/> into the same kind of tree. The library has
/// readers and writers, not a serializer: the walk over the tree is this adapter's. Default
/// (strict) conformance on both sides: a map with a repeated key is refused, the document's tree
/// keeps one of each.</summary>
public sealed class CborSchemalessLibrary : ILibrary
{
    public string Lib => "system_formats_cbor";
    public string Format => "cbor";
    public string? Variant => "schemaless";
    public string Version { get; } = LibraryVersion.OfPackage("System.Formats.Cbor");
    public string Home => "https://learn.microsoft.com/dotnet/api/system.formats.cbor";
    public IReadOnlyList<string> Capabilities { get; } = ["schemaless"];

    // The synthetic datasets as their canonical JSON: the document the JSON libraries read.
    public ICase Bind<TRecord>(Fixture<TRecord> fixture) where TRecord : class =>
        new PlainTreeCase(FieldDiff.Canonical(fixture.Payload), Encode, Decode);

    public ICase Bind(Documents.JsonDocument document) => new PlainTreeCase(document.Json, Encode, Decode);

    private static byte[] Encode(object? tree)
    {
        var writer = new CborWriter();
        Write(writer, tree);
        return writer.Encode();
    }

    private static void Write(CborWriter writer, object? value)
    {
        switch (value)
        {
            case null: writer.WriteNull(); break;
            case bool b: writer.WriteBoolean(b); break;
            case long l: writer.WriteInt64(l); break;
            case ulong u: writer.WriteUInt64(u); break;
            case double d: writer.WriteDouble(d); break;
            case string s: writer.WriteTextString(s); break;
            case object?[] items: WriteArray(writer, items); break;
            case Dictionary<object, object?> map: WriteMap(writer, map); break;
            default: throw new NotSupportedException($"no CBOR item for {value.GetType().Name}");
        }
    }

    private static void WriteArray(CborWriter writer, object?[] items)
    {
        writer.WriteStartArray(items.Length);
        foreach (var item in items)
        {
            Write(writer, item);
        }
        writer.WriteEndArray();
    }

    private static void WriteMap(CborWriter writer, Dictionary<object, object?> map)
    {
        writer.WriteStartMap(map.Count);
        foreach (var (key, item) in map)
        {
            writer.WriteTextString((string)key);
            Write(writer, item);
        }
        writer.WriteEndMap();
    }

    private static object? Decode(byte[] bytes)
    {
        var reader = new CborReader(bytes);
        var tree = Read(reader);
        if (reader.BytesRemaining != 0)
        {
            throw new CborContentException($"{reader.BytesRemaining} bytes after the document");
        }
        return tree;
    }

    private static object? Read(CborReader reader)
    {
        switch (reader.PeekState())
        {
            case CborReaderState.StartMap: return ReadMap(reader);
            case CborReaderState.StartArray: return ReadArray(reader);
            case CborReaderState.TextString: return reader.ReadTextString();
            case CborReaderState.UnsignedInteger:
                var u = reader.ReadUInt64();
                return u <= long.MaxValue ? (long)u : u;
            case CborReaderState.NegativeInteger: return reader.ReadInt64();
            case CborReaderState.DoublePrecisionFloat or CborReaderState.SinglePrecisionFloat or CborReaderState.HalfPrecisionFloat:
                return reader.ReadDouble();
            case CborReaderState.Boolean: return reader.ReadBoolean();
            case CborReaderState.Null:
                reader.ReadNull();
                return null;
            case var state: throw new CborContentException($"no JSON value for a CBOR {state}");
        }
    }

    private static object?[] ReadArray(CborReader reader)
    {
        var items = new object?[reader.ReadStartArray() ?? throw new CborContentException("an indefinite-length array")];
        for (var i = 0; i < items.Length; i++)
        {
            items[i] = Read(reader);
        }
        reader.ReadEndArray();
        return items;
    }

    private static Dictionary<object, object?> ReadMap(CborReader reader)
    {
        var count = reader.ReadStartMap() ?? throw new CborContentException("an indefinite-length map");
        var map = new Dictionary<object, object?>(count);
        for (var i = 0; i < count; i++)
        {
            map.Add(reader.ReadTextString(), Read(reader));
        }
        reader.ReadEndMap();
        return map;
    }
}
