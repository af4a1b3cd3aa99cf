using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;

namespace Serbench.Bench;

/// <summary>A library on a fixture whose round trip was verified, and the ops it is timed on.</summary>
public sealed record Verified(ILibrary Library, Fixture Fixture, IReadOnlyList<string> Ops);

/// <summary>The cases of one run: the selected fixtures, and the library/fixture pairs
/// whose round trip was verified. BenchmarkDotNet runs in this process (in-process
/// toolchain), so the benchmark classes read the fixtures from here.</summary>
public static class Plan
{
    public static IReadOnlyList<Fixture> Fixtures { get; private set; } = [];

    private static IReadOnlyList<Verified> accepted = [];

    /// <summary>Benchmark method name -> op of schemas/README.md.</summary>
    private static readonly Dictionary<string, string> OpOfMethod = new()
    {
        [nameof(CodecBenchmarks<Libraries.MemoryPackLibrary>.Encode)] = Ops.Encode,
        [nameof(CodecBenchmarks<Libraries.MemoryPackLibrary>.Decode)] = Ops.Decode,
        [nameof(CodecBenchmarks<Libraries.MemoryPackLibrary>.RoundTrip)] = Ops.RoundTrip,
        [nameof(CodecBenchmarks<Libraries.MemoryPackLibrary>.Convert)] = Ops.Convert,
        [nameof(CodecBenchmarks<Libraries.MemoryPackLibrary>.AccessLazy)] = Ops.AccessLazy,
        [nameof(CodecBenchmarks<Libraries.MemoryPackLibrary>.AccessFull)] = Ops.AccessFull,
    };

    public static Fixture Fixture(string dataset, int size) =>
        Fixtures.Single(f => f.Dataset == dataset && f.Size == size);

    public static string Op(BenchmarkCase c) => OpOfMethod[c.Descriptor.WorkloadMethod.Name];

    /// <summary>One BenchmarkRunInfo per library, holding only its accepted cases and ops,
    /// each titled by its canonical case id without dataset and size.</summary>
    public static BenchmarkRunInfo[] Build(
        IReadOnlyList<Fixture> fixtures, IReadOnlyList<Verified> verified, IConfig config)
    {
        Fixtures = fixtures;
        accepted = verified;
        return accepted.Select(pair => pair.Library).Distinct()
            .Select(library => RunInfo(library, config))
            .Where(info => info.BenchmarksCases.Length > 0)
            .ToArray();
    }

    /// <summary>One BenchmarkRunInfo holding every accepted case of every library, in an order
    /// <paramref name="random"/> shuffles (cases of one comparison interleave across libraries).
    /// A case with a count in <paramref name="invocations"/> runs that many invocations per
    /// iteration (no pilot stage), so every sample of a case times the same number of calls.</summary>
    public static BenchmarkRunInfo BuildShuffled(
        IReadOnlyList<Fixture> fixtures, IReadOnlyList<Verified> verified, IConfig config, Random random,
        IReadOnlyDictionary<string, int> invocations)
    {
        var infos = Build(fixtures, verified, config);
        var cases = infos.SelectMany(info => info.BenchmarksCases)
            .Select(c => (Case: c, Id: Progress.CaseId(c)))
            .Select(c => invocations.TryGetValue(c.Id, out var n)
                ? BenchmarkCase.Create(c.Case.Descriptor, c.Case.Job.WithInvocationCount(n),
                    c.Case.Parameters, c.Case.Config)
                : c.Case)
            .ToArray();
        random.Shuffle(cases);
        return new BenchmarkRunInfo(cases, infos[0].Type, infos[0].Config);
    }

    private static BenchmarkRunInfo RunInfo(ILibrary library, IConfig config)
    {
        var type = typeof(CodecBenchmarks<>).MakeGenericType(library.GetType());
        var all = BenchmarkConverter.TypeToBenchmarks(type, config);
        var cases = all.BenchmarksCases
            .Where(c => IsAccepted(library, c))
            .Select(c => Described(library, c))
            .ToArray();
        return new BenchmarkRunInfo(cases, type, all.Config);
    }

    private static bool IsAccepted(ILibrary library, BenchmarkCase c) =>
        accepted.Any(pair => pair.Library == library
            && pair.Fixture.Dataset == (string)c.Parameters["Dataset"]
            && pair.Fixture.Size == (int)c.Parameters["Size"]
            && pair.Ops.Contains(Op(c)));

    private static BenchmarkCase Described(ILibrary library, BenchmarkCase c)
    {
        var d = c.Descriptor;
        var descriptor = new Descriptor(
            d.Type,
            d.WorkloadMethod,
            d.GlobalSetupMethod,
            d.GlobalCleanupMethod,
            d.IterationSetupMethod,
            d.IterationCleanupMethod,
            description: CaseId.Suffix(Op(c), library.Format, library.Lib, library.Variant),
            categories: [library.Lib, library.Format, library.Variant ?? "default"],
            operationsPerInvoke: d.OperationsPerInvoke,
            methodIndex: d.MethodIndex);
        return BenchmarkCase.Create(descriptor, c.Job, c.Parameters, c.Config);
    }
}
