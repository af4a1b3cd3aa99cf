namespace Serbench.Mappings;

/// <summary>Conversions every mapping shares.</summary>
internal static class Mapped
{
    /// <summary>A sub-message or table the model requires (proto3 and FlatBuffers let it be absent).</summary>
    public static T Required<T>(T? value, string field) where T : class =>
        value ?? throw new InvalidDataException($"{field} is missing");

    /// <summary>FlatBuffers reads an absent string as null; the model's value for it is "".</summary>
    public static string Text(string? value) => value ?? "";

    /// <summary>FlatBuffers reads an absent vector as null; the model's value for it is empty.</summary>
    public static List<TOut> List<TIn, TOut>(IEnumerable<TIn>? items, Func<TIn, TOut> map) =>
        items is null ? [] : [.. items.Select(map)];
}
