using System.Text.Json;
using Serbench.Model;

namespace Serbench;

/// <summary>One dataset payload as the canonical JSON in schemas/ gives it, in the native
/// model. Size is the number of records, part of every case's identity.</summary>
public abstract record Fixture(string Dataset, int Size)
{
    /// <summary>The case of this fixture for <paramref name="library"/> (the visitor that
    /// gives the library the fixture's record type).</summary>
    public abstract ICase Bind(ILibrary library);

    /// <summary>Null when <paramref name="other"/> holds the same records, else the first difference.</summary>
    public abstract string? Diff(Fixture other);
}

public sealed record Fixture<TRecord>(Dataset<TRecord> Source, Payload<TRecord> Payload)
    : Fixture(Source.Name, Payload.Records.Count)
    where TRecord : class
{
    public override ICase Bind(ILibrary library) => library.Bind(this);

    /// <summary>Null when <paramref name="decoded"/> equals the fixture, else the first difference.</summary>
    private byte[]? canonical;

    public string? Diff(Payload<TRecord> decoded) => FieldDiff.First(canonical ??= FieldDiff.Canonical(Payload), decoded);

    public override string? Diff(Fixture other) =>
        other is Fixture<TRecord> same ? Diff(same.Payload) : $"records: expected {Dataset} records, got {other.Dataset}";

    /// <summary>Reads the canonical JSON strictly: unknown or missing fields are errors.</summary>
    public static Fixture<TRecord> Parse(Dataset<TRecord> dataset, Stream json) =>
        new(dataset, JsonSerializer.Deserialize<Payload<TRecord>>(json, JsonConventions.Strict)
            ?? throw new InvalidDataException($"{dataset.Name}: the fixture is null"));
}

/// <summary>The fixture files of schemas/README.md: `schemas/<d>/<d>_<size>.json`.</summary>
public static class Fixtures
{
    public static IReadOnlyList<int> Sizes => CatalogData.Sizes;

    public static string WorkspacePath(string dataset, int size) => $"schemas/{dataset}/{dataset}_{size}.json";

    /// <summary>Loads a dataset of the catalog from the runfiles tree.</summary>
    public static Fixture Load(string dataset, int size)
    {
        using var stream = File.OpenRead(Path(dataset, size));
        return Datasets.Find(dataset).Parse(stream);
    }

    /// <summary>The fixture file in the runfiles tree.</summary>
    public static string Path(string dataset, int size) => Runfiles.Resolve(WorkspacePath(dataset, size));
}
