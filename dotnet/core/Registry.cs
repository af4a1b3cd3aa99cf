using Serbench.Libraries;

namespace Serbench;

/// <summary>A library this language cannot measure, and exactly why (reported with the results).
/// With <paramref name="Attempt"/>, the library loads and every fixture is attempted for real:
/// binding it throws <see cref="NotMeasuredException"/> with what the library threw.</summary>
public sealed record NotMeasured(string Lib, string Format, string Package, string Reason, ILibrary? Attempt = null);

/// <summary>Every C# library: those measured, and those that cannot be.</summary>
public static class Registry
{
    public static IReadOnlyList<ILibrary> Libraries { get; } =
    [
        new MemoryPackLibrary(),
        new MessagePackLibrary(),
        new MessagePackLz4Library(),
        new MessagePackSchemalessLibrary(),
        new CborSchemalessLibrary(),
        new MsgPackLightLibrary(),
        new ProtobufNetLibrary(),
        new GoogleProtobufLibrary(),
        new FlatBuffersLibrary(),
        new ThriftLibrary(),
        new ThriftCompactLibrary(),
        new SystemTextJsonLibrary(),
        new SystemTextJsonSnakeCaseLibrary(),
        new SystemTextJsonSourceGenLibrary(),
        new SystemTextJsonSchemalessLibrary(),
        new SystemTextJsonDocumentLibrary(),
        new NewtonsoftJsonLibrary(),
        new NewtonsoftJsonSchemalessLibrary(),
    ];

    /// <summary>Libraries that measure nothing but a user's own message (runner mine --proto): the
    /// bench adds them to <see cref="Libraries"/> when it is given one (--proto-cs).</summary>
    public static IReadOnlyList<ILibrary> UserMessageLibraries { get; } = [new GoogleProtobufJsonLibrary()];

    public static IReadOnlyList<NotMeasured> NotMeasured { get; } =
    [
        new(
            Lib: "zeroformatter",
            Format: "zeroformatter",
            Package: "ZeroFormatter.NETCore",
            Reason: "every dataset is attempted (ZeroFormatterSerializer.Serialize of its [ZeroFormattable] payload); "
                + "each case carries the exception of its attempt",
            Attempt: new ZeroFormatterLibrary()),
        // The only Cap'n Proto runtime for .NET (probed with `dotnet add package`, any version,
        // against the NuGet source); without it no .NET library reads capnp.
        new(
            Lib: "capnp_net",
            Format: "capnp",
            Package: "Capnp.Net.Runtime",
            Reason: "`dotnet add package Capnp.Net.Runtime --version 1.3.118`: error: NU1101: Unable to find package "
                + "Capnp.Net.Runtime. No packages exist with this id in source(s): nuget.org"),
    ];

    public static IReadOnlyList<string> LibraryNames { get; } =
        Libraries.Select(l => l.Lib).Concat(NotMeasured.Select(n => n.Lib)).Distinct().ToList();
}
