using System.Text.Encodings.Web;
using System.Text.Json;

namespace Serbench.Bench;

/// <summary>DIR/dotnet-cases.json, the case catalog of the cross-language protocol: every
/// library with its version and capabilities, and every case this run knows of with its
/// status (measured | refused | not_applicable | failed | not_measured) and reason; with the
/// clock that timed the samples and the processes that took them (isolation).</summary>
public sealed class Catalog(string profile, string isolation, IReadOnlySet<string>? selection = null)
{
    /// <summary>lazy_ops: op -> why its result is a view (or bytes already laid out), not a full
    /// (de)serialization; empty when every op is full.</summary>
    public sealed record Library(
        string Lib, string Format, string? Variant, string Version, string Home, IReadOnlyList<string> Capabilities,
        IReadOnlyDictionary<string, string> LazyOps);

    /// <summary>One case; wire_bytes is the size of the encoded payload where one was made;
    /// jit_warmup (standard profile) how its warm-ups to the JIT's steady state went.</summary>
    public sealed record Case(string Id, string Status, string? Reason, int? WireBytes, Warmup? JitWarmup = null);

    /// <summary>The warm-ups that preceded a case's samples (<see cref="SteadyState"/>), one per child
    /// process: in how many of them it reached steady state (a warm-up iteration without a JIT
    /// compile) before the cap, after how many warm-up iterations and how long (median, most).</summary>
    public sealed record Warmup(int Processes, int QuietProcesses, int MedianIterations, int MaxIterations, double MedianMs, double MaxMs);

    private static readonly JsonSerializerOptions Json = new()
    {
        PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower,
        WriteIndented = true,
        Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
    };

    private readonly List<Library> libraries = [];
    private readonly Dictionary<string, Case> cases = [];

    public void Add(ILibrary library) =>
        libraries.Add(new(library.Lib, library.Format, library.Variant, library.Version, library.Home, library.Capabilities, library.LazyOps));

    public void Add(NotMeasured library) =>
        libraries.Add(new(library.Lib, library.Format, null, library.Attempt?.Version ?? "", library.Attempt?.Home ?? "", [], NoLazyOps));

    private static readonly Dictionary<string, string> NoLazyOps = [];

    public void Set(string id, string status, string? reason = null, int? wireBytes = null, Warmup? warmup = null) =>
        cases[id] = new(id, status, reason, wireBytes, warmup);

    /// <summary>The standard profile's rounds: each round's seed and the order of its datasets.</summary>
    public sealed record Round(int Index, int Seed, IReadOnlyList<string> Datasets);

    private readonly List<Round> rounds = [];

    public void Add(Round round) => rounds.Add(round);

    /// <summary>The cases of this run (with --cases, only those it lists).</summary>
    public IEnumerable<Case> Cases => cases.Values.Where(c => selection is null || selection.Contains(c.Id));

    /// <summary>What ended a case's warm-up: the standard profile's own rule, else BenchmarkDotNet's warmup stage.</summary>
    private static string SteadyStateRule(string profile) =>
        profile == "standard" ? SteadyState.QuietRule : "BenchmarkDotNet's warmup stage, no check of the JIT";

    public void Write(string dir)
    {
        Directory.CreateDirectory(dir);
        var document = new { Lang = "dotnet", Profile = profile, Clock = Harness.Clock(profile), Isolation = isolation, SteadyState = SteadyStateRule(profile), Setup = SetupWarmUp.Describe(profile), Rounds = rounds, Libraries = libraries, Cases = Cases.OrderBy(c => c.Id, StringComparer.Ordinal) };
        File.WriteAllText(Path.Combine(dir, "dotnet-cases.json"), JsonSerializer.Serialize(document, Json) + "\n");
    }
}
