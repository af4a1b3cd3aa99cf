using System.Collections;
using System.Text.Json;
using Google.Protobuf;
using Google.Protobuf.Reflection;

namespace Serbench.Documents;

/// <summary>Google.Protobuf's <see cref="JsonParser"/> reads a JSON number through a double, so a
/// 64-bit integer field written as a number beyond 2^53 comes out rounded, silently (protobuf
/// JSON itself writes those as strings, which it reads exactly). The document and the messages
/// it was mapped to are walked together to name the first such value.</summary>
public static class JsonIntegers
{
    private static readonly HashSet<FieldType> Wide =
        [FieldType.Int64, FieldType.UInt64, FieldType.SInt64, FieldType.Fixed64, FieldType.SFixed64];

    /// <summary>Null when every 64-bit integer of <paramref name="document"/> is in
    /// <paramref name="message"/> as written; else its path, both values.</summary>
    public static string? FirstChanged(JsonElement document, IMessage message, string path = "")
    {
        if (document.ValueKind != JsonValueKind.Object)
        {
            return null;
        }
        foreach (var property in document.EnumerateObject())
        {
            var field = message.Descriptor.Fields.InDeclarationOrder()
                .FirstOrDefault(f => f.JsonName == property.Name || f.Name == property.Name);
            if (field is null || field.IsMap)
            {
                continue;
            }
            var value = field.Accessor.GetValue(message);
            var at = $"{path}.{property.Name}";
            var changed = field.IsRepeated && property.Value.ValueKind == JsonValueKind.Array
                ? property.Value.EnumerateArray().Zip(((IList)value).Cast<object>())
                    .Select((pair, i) => Value(pair.First, field, pair.Second, $"{at}[{i}]")).FirstOrDefault(c => c is not null)
                : Value(property.Value, field, value, at);
            if (changed is not null)
            {
                return changed;
            }
        }
        return null;
    }

    private static string? Value(JsonElement written, FieldDescriptor field, object read, string path) =>
        read is IMessage nested ? FirstChanged(written, nested, path)
        : !Wide.Contains(field.FieldType) || written.ValueKind != JsonValueKind.Number || Exact(written, read) ? null
        : $"{path[1..]}: the document has {written.GetRawText()}, the message {read}";

    private static bool Exact(JsonElement written, object read) => read switch
    {
        long signed => written.TryGetInt64(out var n) && n == signed,
        ulong unsigned => written.TryGetUInt64(out var n) && n == unsigned,
        _ => true,
    };
}
