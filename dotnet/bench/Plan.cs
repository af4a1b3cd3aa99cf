using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Running;
using Serbench.Adapters;

namespace Serbench.Bench;

/// <summary>The cases of one run: the selected fixtures, and the adapter/fixture pairs
/// whose round trip was verified. BenchmarkDotNet runs in this process (in-process
/// toolchain), so the benchmark classes read the fixtures from here.</summary>
public static class Plan
{
    public static IReadOnlyList<Fixture> Fixtures { get; private set; } = [];

    private static IReadOnlyList<(ICodecAdapter Adapter, Fixture Fixture)> accepted = [];

    public static Fixture Fixture(string dataset, int size) =>
        Fixtures.Single(f => f.Dataset == dataset && f.Size == size);

    /// <summary>One BenchmarkRunInfo per adapter, holding only its accepted cases, each
    /// described by the canonical case id prefix, e.g. `op=encode/format=protobuf/lib=protobuf`.</summary>
    public static BenchmarkRunInfo[] Build(
        IReadOnlyList<Fixture> fixtures, IReadOnlyList<(ICodecAdapter, Fixture)> verified, IConfig config)
    {
        Fixtures = fixtures;
        accepted = verified;
        return accepted.Select(pair => pair.Item1).Distinct()
            .Select(adapter => RunInfo(adapter, config))
            .Where(info => info.BenchmarksCases.Length > 0)
            .ToArray();
    }

    private static BenchmarkRunInfo RunInfo(ICodecAdapter adapter, IConfig config)
    {
        var type = typeof(CodecBenchmarks<>).MakeGenericType(adapter.GetType());
        var all = BenchmarkConverter.TypeToBenchmarks(type, config);
        var cases = all.BenchmarksCases
            .Where(c => IsAccepted(adapter, c))
            .Select(c => Described(adapter, c))
            .ToArray();
        return new BenchmarkRunInfo(cases, type, all.Config);
    }

    private static bool IsAccepted(ICodecAdapter adapter, BenchmarkCase c) =>
        accepted.Any(pair => pair.Adapter == adapter
            && pair.Fixture.Dataset == (string)c.Parameters["Dataset"]
            && pair.Fixture.Size == (int)c.Parameters["Size"]);

    private static string CaseIdPrefix(string op, ICodecAdapter adapter) =>
        $"op={op}/format={adapter.Format}/lib={adapter.Lib}";

    private static BenchmarkCase Described(ICodecAdapter adapter, BenchmarkCase c)
    {
        var d = c.Descriptor;
        var descriptor = new Descriptor(
            d.Type,
            d.WorkloadMethod,
            d.GlobalSetupMethod,
            d.GlobalCleanupMethod,
            d.IterationSetupMethod,
            d.IterationCleanupMethod,
            description: CaseIdPrefix(d.WorkloadMethod.Name.ToLowerInvariant(), adapter),
            categories: d.Categories,
            operationsPerInvoke: d.OperationsPerInvoke,
            methodIndex: d.MethodIndex);
        return BenchmarkCase.Create(descriptor, c.Job, c.Parameters, c.Config);
    }
}
