using System.Runtime.InteropServices;

namespace Serbench.Mappings;

/// <summary>Conversions every mapping shares (the generated ones of Mappings.g.cs call them).</summary>
internal static class Mapped
{
    /// <summary>A sub-message or table the model requires (proto3, FlatBuffers and Thrift let it be absent).</summary>
    public static T Required<T>(T? value, string field) where T : class =>
        value ?? throw new InvalidDataException($"{field} is missing");

    /// <summary>FlatBuffers and Thrift read an absent string as null; the model's value for it is "".</summary>
    public static string Text(string? value) => value ?? "";

    /// <summary>Each item mapped, in a plain loop; FlatBuffers and Thrift read an absent vector
    /// as null, the model's value for it is empty.</summary>
    public static List<TOut> List<TIn, TOut>(IReadOnlyList<TIn>? items, Func<TIn, TOut> map)
    {
        if (items is null)
        {
            return [];
        }
        var list = new List<TOut>(items.Count);
        if (items is List<TIn> model)
        {
            // The model's lists and the object API's: read as a span, without interface calls.
            foreach (var item in CollectionsMarshal.AsSpan(model))
            {
                list.Add(map(item));
            }
            return list;
        }
        for (var i = 0; i < items.Count; i++)
        {
            list.Add(map(items[i]));
        }
        return list;
    }

    /// <summary>A copy of a vector of numbers; absent (null) is empty.</summary>
    public static List<T> Copy<T>(IReadOnlyCollection<T>? items) => items is null ? [] : [.. items];

    /// <summary>A number the model's enum defines (Thrift reads any i32 into a generated enum).</summary>
    public static TEnum Enum<TEnum>(int value, string field) where TEnum : struct, Enum =>
        System.Enum.IsDefined(typeof(TEnum), value)
            ? (TEnum)System.Enum.ToObject(typeof(TEnum), value)
            : throw new InvalidDataException($"{field}: unknown enum number {value}");
}
