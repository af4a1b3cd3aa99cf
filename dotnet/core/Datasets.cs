namespace Serbench;

/// <summary>A dataset: its name, its record type, and the mappings to the classes generated
/// from its schemas (for the libraries that use generated code).</summary>
public interface IDataset
{
    string Name { get; }

    /// <summary>Reads canonical JSON strictly (see <see cref="Fixture{TRecord}.Parse"/>).</summary>
    Fixture Parse(Stream json);
}

/// <summary>A dataset of records <typeparamref name="TRecord"/>, with one generated mapping per
/// library of generated classes (each library finds its own by its interface, e.g.
/// <c>IProtobufMapping&lt;TRecord&gt;</c>: a new one adds no member here).</summary>
public sealed class Dataset<TRecord>(string name, IReadOnlyList<object> mappings) : IDataset
    where TRecord : class
{
    public string Name => name;

    public Fixture Parse(Stream json) => Fixture<TRecord>.Parse(this, json);

    /// <summary>The mapping of type <typeparamref name="TMapping"/>; exactly one per dataset.</summary>
    public TMapping Mapping<TMapping>() where TMapping : class =>
        mappings.OfType<TMapping>().SingleOrDefault()
            ?? throw new InvalidOperationException($"dataset '{name}' has no {typeof(TMapping).Name.Split('`')[0]}");
}

/// <summary>The synthetic datasets of the catalog, each bound to its mappings: both are
/// generated from the schemas (Mappings.g.cs, see codegen/mappings.py), with what the access
/// operations read (the catalog's access paths), as is the model (Model.g.cs, see
/// codegen/model.py). Adding one touches nothing here.</summary>
public static class Datasets
{
    public static IReadOnlyList<IDataset> All { get; } = GeneratedDatasets.All;

    public static IReadOnlyList<string> Names { get; } = All.Select(d => d.Name).ToList();

    public static IDataset Find(string name) =>
        All.SingleOrDefault(d => d.Name == name)
            ?? throw new ArgumentException($"unknown dataset '{name}' (known: {string.Join(", ", Names)})", nameof(name));
}
