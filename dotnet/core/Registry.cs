using Serbench.Adapters;

namespace Serbench;

/// <summary>A library/format this language cannot measure, and why (reported with the results).</summary>
public sealed record NotMeasured(string Lib, string Format, string Reason);

/// <summary>Every C# library/format pair: measured adapters, and those that cannot be.</summary>
public static class Registry
{
    public static IReadOnlyList<ICodecAdapter> Adapters { get; } =
    [
        new ProtobufAdapter(),
    ];

    public static IReadOnlyList<NotMeasured> NotMeasured { get; } =
    [
        new("flatbuffers", "flatbuffers",
            "NU1101: Unable to find package Google.FlatBuffers. No packages exist with this id in source(s): nuget.org"),
    ];
}
