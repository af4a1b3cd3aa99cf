using System.Text.Json;
using Serbench.Model;

namespace Serbench;

/// <summary>One dataset payload as the canonical JSON in schemas/ gives it.
/// Size is the number of records, part of every case's identity.</summary>
public sealed record Fixture(string Dataset, IReadOnlyList<User> Users)
{
    public int Size => Users.Count;
}

/// <summary>The datasets this language measures, and the loader of their canonical JSON.</summary>
public static class Fixtures
{
    /// <summary>Dataset name -> its canonical JSON, as a workspace path (see schemas/).</summary>
    public static IReadOnlyDictionary<string, string> Catalog { get; } = new Dictionary<string, string>
    {
        ["user"] = "schemas/user/fixture.json",
    };

    // Strict: a field missing from, or unknown to, the model is an error, not a default.
    private static readonly JsonSerializerOptions Options = new(JsonSerializerDefaults.Web)
    {
        UnmappedMemberHandling = System.Text.Json.Serialization.JsonUnmappedMemberHandling.Disallow,
        RespectNullableAnnotations = true,
        RespectRequiredConstructorParameters = true,
    };

    private sealed record Payload(IReadOnlyList<User> Records);

    /// <summary>Loads a catalogued dataset from the runfiles tree.</summary>
    public static Fixture Load(string dataset) =>
        Catalog.TryGetValue(dataset, out var path)
            ? LoadFile(dataset, Runfiles.Resolve(path))
            : throw new ArgumentException(
                $"unknown dataset '{dataset}' (known: {string.Join(", ", Catalog.Keys)})", nameof(dataset));

    public static Fixture LoadFile(string dataset, string path)
    {
        using var stream = File.OpenRead(path);
        var list = JsonSerializer.Deserialize<Payload>(stream, Options)
            ?? throw new InvalidDataException($"{path}: the fixture is null");
        return new Fixture(dataset, list.Records);
    }
}
