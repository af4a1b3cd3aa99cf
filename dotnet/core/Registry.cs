using Serbench.Libraries;

namespace Serbench;

/// <summary>A library this language cannot measure, and exactly why (reported with the results).</summary>
public sealed record NotMeasured(string Lib, string Format, string Package, string Reason);

/// <summary>Every C# library: those measured, and those that cannot be.</summary>
public static class Registry
{
    public static IReadOnlyList<ILibrary> Libraries { get; } =
    [
        new MemoryPackLibrary(),
        new MessagePackLibrary(),
        new MessagePackLz4Library(),
        new ProtobufNetLibrary(),
        new GoogleProtobufLibrary(),
        new FlatBuffersLibrary(),
        new ThriftLibrary(),
        new ThriftCompactLibrary(),
        new SystemTextJsonLibrary(),
        new SystemTextJsonSourceGenLibrary(),
        new SystemTextJsonSchemalessLibrary(),
    ];

    // Probed with `dotnet add package <id>` (any version) against the one source in nuget.config.
    public static IReadOnlyList<NotMeasured> NotMeasured { get; } =
    [
        new("msgpack_light", "msgpack", "MsgPack.Light",
            "`dotnet add package MsgPack.Light`: error: NU1101: Unable to find package MsgPack.Light. "
            + "No packages exist with this id in source(s): nuget.org"),
        new("zeroformatter", "zeroformatter", "ZeroFormatter",
            "`dotnet add package ZeroFormatter`: error: NU1101: Unable to find package ZeroFormatter. "
            + "No packages exist with this id in source(s): nuget.org"),
        // The only Cap'n Proto runtime for .NET; without it no .NET library reads capnp.
        new("capnp_net", "capnp", "Capnp.Net.Runtime",
            "`dotnet add package Capnp.Net.Runtime --version 1.3.118`: error: NU1101: Unable to find package "
            + "Capnp.Net.Runtime. No packages exist with this id in source(s): nuget.org"),
    ];

    public static IReadOnlyList<string> LibraryNames { get; } =
        Libraries.Select(l => l.Lib).Concat(NotMeasured.Select(n => n.Lib)).Distinct().ToList();
}
