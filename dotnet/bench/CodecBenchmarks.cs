using BenchmarkDotNet.Attributes;
using Serbench.Adapters;
using Serbench.Model;

namespace Serbench.Bench;

/// <summary>The benchmarks of one library/format scenario: one closed type per adapter in
/// the registry (see <see cref="Plan"/>), so adding a library adds no code here. The
/// method name is the op; Dataset and Size are the payload.</summary>
public class CodecBenchmarks<TAdapter> where TAdapter : ICodecAdapter, new()
{
    private readonly TAdapter adapter = new();
    private IReadOnlyList<User> users = [];
    private byte[] payload = [];

    [ParamsSource(nameof(Datasets))]
    public string Dataset { get; set; } = "";

    [ParamsSource(nameof(Sizes))]
    public int Size { get; set; }

    public static IEnumerable<string> Datasets => Plan.Fixtures.Select(f => f.Dataset).Distinct();

    public static IEnumerable<int> Sizes => Plan.Fixtures.Select(f => f.Size).Distinct();

    // Untimed: the native objects and the encoded payload are built once per case.
    [GlobalSetup]
    public void Setup()
    {
        users = Plan.Fixture(Dataset, Size).Users;
        payload = adapter.Encode(users);
    }

    [Benchmark]
    public byte[] Encode() => adapter.Encode(users);

    [Benchmark]
    public List<User> Decode() => adapter.Decode(payload);

    [Benchmark]
    public List<User> RoundTrip() => adapter.Decode(adapter.Encode(users));
}
