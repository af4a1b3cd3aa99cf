using Serbench.Mappings;
using Serbench.Model;

namespace Serbench;

/// <summary>A dataset: its name, its record type, and the mappings to the classes generated
/// from its schemas (for the libraries that use generated code).</summary>
public interface IDataset
{
    string Name { get; }

    /// <summary>Reads canonical JSON strictly (see <see cref="Fixture{TRecord}.Parse"/>).</summary>
    Fixture Parse(Stream json);
}

public sealed record Dataset<TRecord>(
    string Name, IProtobufMapping<TRecord> Protobuf, IFlatBuffersMapping<TRecord> FlatBuffers, IThriftMapping<TRecord> Thrift)
    : IDataset
    where TRecord : class
{
    public Fixture Parse(Stream json) => Fixture<TRecord>.Parse(this, json);
}

/// <summary>The synthetic datasets of the catalog, each bound to its mappings: both are
/// generated from the schemas (Mappings.g.cs, see codegen/mappings.py), with what the access
/// operations read (the catalog's access paths). Adding one = its model
/// (Model/&lt;Dataset&gt;.cs).</summary>
public static class Datasets
{
    public static IReadOnlyList<IDataset> All { get; } = GeneratedDatasets.All;

    public static IReadOnlyList<string> Names { get; } = All.Select(d => d.Name).ToList();

    public static IDataset Find(string name) =>
        All.SingleOrDefault(d => d.Name == name)
            ?? throw new ArgumentException($"unknown dataset '{name}' (known: {string.Join(", ", Names)})", nameof(name));
}
