namespace Serbench.Tests;

/// <summary>Test data shared by the theories: every dataset and library by name.</summary>
public static class Cases
{
    public static TheoryData<string> Datasets => new(Serbench.Datasets.Names);

    public static TheoryData<string, string> LibraryDatasets
    {
        get
        {
            var data = new TheoryData<string, string>();
            foreach (var library in Registry.Libraries)
            {
                foreach (var dataset in Serbench.Datasets.Names)
                {
                    data.Add(Key(library), dataset);
                }
            }
            return data;
        }
    }

    public static string Key(ILibrary library) => $"{library.Lib}/{library.Variant}";

    public static ILibrary Library(string key) => Registry.Libraries.Single(l => Key(l) == key);

    /// <summary>A library without a schema: JSON to and from a generic tree.</summary>
    public static bool IsSchemaless(ILibrary library) => library.Capabilities.Contains("schemaless") && library.Format == "json";

    public static TheoryData<string> SchemalessLibraries => new(Registry.Libraries.Where(IsSchemaless).Select(Key));
}
