namespace Serbench.Bench;

/// <summary>The command line every bench binary of the repository accepts. <see cref="Child"/> is
/// internal: the standard profile starts its children with it, and with <see cref="Seed"/>
/// (see <see cref="Serbench.Bench.Rounds"/>).</summary>
public sealed record Options(string Profile, string Out, string? Library, string? Dataset, string? Cases, int? Child, int? Seed, string? Payloads = null, int? Rounds = null, string? Document = null, string? ProtoCs = null, string? Message = null)
{
    public const string Usage =
        "usage: bench --out DIR [--profile quick|standard|full|dry] [--library NAME] [--dataset NAME] [--cases FILE] [--payloads DIR] [--rounds N] [--document PATH [--proto-cs DIR --message NAME]]\n"
        + "  quick: every case briefly, one process (smoke); standard: every case in 9 rounds, one process a\n"
        + "  dataset alive through the rounds, shuffled order (published); full: BenchmarkDotNet's default job; dry:\n"
        + "  each case once (tests)\n"
        + "  --cases FILE: only the case ids listed in FILE (one a line)\n"
        + "  --payloads DIR: each verified encode case's payload, once before timing, to DIR/<case id, '/' as ','>.bin\n"
        + "  --rounds N: the standard profile's rounds (default 10; the runner's re-measure asks for fewer); with\n"
        + "  --profile quick, N rounds in this process (runner mine: paired ratios with CIs)\n"
        + "  --document PATH: measure this JSON document instead of every dataset, named by --dataset (default mine)\n"
        + "  --proto-cs DIR --message NAME: the C# protoc generated from the document's .proto (every .cs in DIR),\n"
        + "  compiled here; protobuf also measures the document as message NAME (its full name), binary and JSON";

    /// <summary>The dataset name of a --document run without --dataset.</summary>
    public const string DocumentDataset = "mine";


    public static readonly string[] Profiles = ["quick", "standard", "full", "dry"];

    /// <summary>Parses args; throws ArgumentException with a message fit for the user.</summary>
    public static Options Parse(IReadOnlyList<string> args)
    {
        var values = new Dictionary<string, string> { ["--profile"] = "quick" };
        for (var i = 0; i < args.Count; i += 2)
        {
            var (name, value) = SplitOption(args, i);
            values[name] = value;
        }
        if (!Profiles.Contains(values["--profile"]))
        {
            throw new ArgumentException($"--profile must be {string.Join(", ", Profiles)}, not '{values["--profile"]}'");
        }
        if (!values.TryGetValue("--out", out var outDir))
        {
            throw new ArgumentException("--out DIR is required");
        }
        var rounds = Number(values, "--rounds");
        if (rounds is not null && (rounds < 1 || values["--profile"] is not ("standard" or "quick")))
        {
            throw new ArgumentException("--rounds N needs N >= 1 and --profile standard or quick (the profiles of rounds)");
        }
        var document = values.TryGetValue("--document", out var path) ? FromCallerDirectory(path) : null;
        var protoCs = values.TryGetValue("--proto-cs", out var generated) ? FromCallerDirectory(generated) : null;
        if ((protoCs is null) != !values.ContainsKey("--message") || (protoCs is not null && document is null))
        {
            throw new ArgumentException("--proto-cs DIR and --message NAME go together, with --document");
        }
        return new Options(
            values["--profile"],
            FromCallerDirectory(outDir),
            values.GetValueOrDefault("--library"),
            values.GetValueOrDefault("--dataset") ?? (document is null ? null : DocumentDataset),
            values.TryGetValue("--cases", out var cases) ? FromCallerDirectory(cases) : null,
            Number(values, "--child"),
            Number(values, "--seed"),
            values.TryGetValue("--payloads", out var payloads) ? FromCallerDirectory(payloads) : null,
            rounds,
            document,
            protoCs,
            values.GetValueOrDefault("--message"));
    }

    /// <summary>The case ids of --cases, or null (every case).</summary>
    public IReadOnlySet<string>? CaseIds() => CaseLines()?.ToHashSet();

    /// <summary>The datasets of --cases' ids, in the order they first appear.</summary>
    public IReadOnlyList<string> CaseDatasets()
    {
        var seen = new HashSet<string>();
        return (CaseLines() ?? []).Select(CaseId.Dataset).Where(seen.Add).ToList();
    }

    private List<string>? CaseLines() =>
        Cases is null ? null : [.. File.ReadLines(Cases).Select(l => l.Trim()).Where(l => l.Length > 0)];

    private static readonly string[] Known = ["--profile", "--out", "--library", "--dataset", "--cases", "--child", "--seed", "--payloads", "--rounds", "--document", "--proto-cs", "--message"];

    private static int? Number(Dictionary<string, string> values, string name) =>
        !values.TryGetValue(name, out var text) ? null
        : int.TryParse(text, out var number) ? number
        : throw new ArgumentException($"{name} must be an integer, not '{text}'");

    private static (string Name, string Value) SplitOption(IReadOnlyList<string> args, int i)
    {
        var name = args[i];
        if (!Known.Contains(name))
        {
            throw new ArgumentException($"unknown argument '{name}'");
        }
        return i + 1 < args.Count ? (name, args[i + 1]) : throw new ArgumentException($"{name} needs a value");
    }

    // `bazel run` starts us in the runfiles tree; a relative path means the caller's directory.
    private static string FromCallerDirectory(string path) =>
        Path.GetFullPath(path, Environment.GetEnvironmentVariable("BUILD_WORKING_DIRECTORY") ?? Environment.CurrentDirectory);
}
