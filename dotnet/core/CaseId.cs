using System.Globalization;

namespace Serbench;

/// <summary>The canonical case id of schemas/README.md:
/// `dataset=<d>/size=<n>/op=<op>/format=<f>/lib=<lib>[/variant=<v>]`.</summary>
public static class CaseId
{
    /// <summary>The part after dataset and size, which BenchmarkDotNet reports as the
    /// benchmark's title (dataset and size are its parameters).</summary>
    public static string Suffix(string op, string format, string lib, string? variant) =>
        $"op={op}/format={format}/lib={lib}" + (variant is null ? "" : $"/variant={variant}");

    public static string Of(string dataset, int size, string suffix) => $"dataset={dataset}/size={size}/{suffix}";

    public static string Of(string dataset, int size, string op, ILibrary library) =>
        Of(dataset, size, Suffix(op, library.Format, library.Lib, library.Variant));

    /// <summary>The id of a benchmark in BenchmarkDotNet's report: its title is the <see cref="Suffix"/>,
    /// its parameters "Dataset=d&amp;Size=n".</summary>
    public static string OfReport(string parameters, string methodTitle)
    {
        var values = parameters.Split('&').Select(p => p.Split('=')[1]).ToArray();
        return Of(values[0], int.Parse(values[1], CultureInfo.InvariantCulture), methodTitle);
    }

    /// <summary>The dataset a case id names.</summary>
    public static string Dataset(string id) => id.Split('/')[0]["dataset=".Length..];
}
