namespace Serbench.Mappings;

/// <summary>What an access operation adds up for each value it reads (the generated Read
/// methods of Mappings.g.cs, from the catalog's access paths): a string's length, a number's
/// or an enum's value, the bits of a floating-point value as a double; nothing for an
/// absent value. The same rule as C++'s cpp/model/weigh.h. The sum keeps the reads from being optimized away; its
/// value only has to agree between the lazy and the full read of one library.</summary>
internal static class Weigh
{
    public static long Of(string? value) => value?.Length ?? 0;

    public static long Of(long? value) => value ?? 0;

    public static long Of(ulong? value) => unchecked((long)(value ?? 0));

    public static long Of(double? value) => value is { } v ? BitConverter.DoubleToInt64Bits(v) : 0;

    public static long Of(bool? value) => value == true ? 1 : 0;
}
