namespace Serbench.Bench;

/// <summary>The command line every bench binary of the repository accepts.</summary>
public sealed record Options(string Profile, string Out, string? Library, string? Dataset)
{
    public const string Usage =
        "usage: bench --out DIR [--profile quick|full|dry] [--library NAME] [--dataset NAME]\n"
        + "  quick: every case briefly; full: BenchmarkDotNet's default job; dry: each case once (tests)";

    /// <summary>Parses args; throws ArgumentException with a message fit for the user.</summary>
    public static Options Parse(IReadOnlyList<string> args)
    {
        var values = new Dictionary<string, string> { ["--profile"] = "quick" };
        for (var i = 0; i < args.Count; i += 2)
        {
            var (name, value) = SplitOption(args, i);
            values[name] = value;
        }
        if (values["--profile"] is not ("quick" or "full" or "dry"))
        {
            throw new ArgumentException($"--profile must be quick, full or dry, not '{values["--profile"]}'");
        }
        if (!values.TryGetValue("--out", out var outDir))
        {
            throw new ArgumentException("--out DIR is required");
        }
        return new Options(
            values["--profile"],
            FromCallerDirectory(outDir),
            values.GetValueOrDefault("--library"),
            values.GetValueOrDefault("--dataset"));
    }

    private static readonly string[] Known = ["--profile", "--out", "--library", "--dataset"];

    private static (string Name, string Value) SplitOption(IReadOnlyList<string> args, int i)
    {
        var name = args[i];
        if (!Known.Contains(name))
        {
            throw new ArgumentException($"unknown argument '{name}'");
        }
        return i + 1 < args.Count ? (name, args[i + 1]) : throw new ArgumentException($"{name} needs a value");
    }

    // `bazel run` starts us in the runfiles tree; a relative --out means the caller's directory.
    private static string FromCallerDirectory(string path) =>
        Path.GetFullPath(path, Environment.GetEnvironmentVariable("BUILD_WORKING_DIRECTORY") ?? Environment.CurrentDirectory);
}
