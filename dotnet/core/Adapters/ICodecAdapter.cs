using System.Reflection;
using Serbench.Model;

namespace Serbench.Adapters;

/// <summary>What a library can do, as data that flows into the results.</summary>
/// <param name="ZeroCopy">reads fields straight from the bytes</param>
/// <param name="Codegen">uses code generated from the schema (as opposed to reflection)</param>
public sealed record Capabilities(bool ZeroCopy, bool Codegen);

/// <summary>One library's implementation of one format, converting between the native
/// model and bytes. Adding a library = one adapter + one line in <see cref="Registry"/>.</summary>
public interface ICodecAdapter
{
    string Lib { get; }
    string Format { get; }
    string Version { get; }
    Capabilities Capabilities { get; }

    byte[] Encode(IReadOnlyList<User> users);

    /// <summary>Decodes into fully materialized native objects.</summary>
    List<User> Decode(ReadOnlySpan<byte> bytes);
}

public static class LibraryVersion
{
    /// <summary>The package version an assembly was built as (without the commit suffix).</summary>
    public static string Of(Assembly assembly)
    {
        var version = assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion
            ?? assembly.GetName().Version?.ToString()
            ?? "unknown";
        return version.Split('+')[0];
    }
}
