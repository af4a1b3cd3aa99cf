using BenchmarkDotNet.Attributes;

namespace Serbench.Bench;

/// <summary>The benchmarks of one library (one closed type per library in the registry,
/// made by <see cref="Plan"/> through reflection), so adding a library adds no code here.
/// The method is the op; Dataset and Size are the payload. Each case's inputs are built
/// in the untimed setup, after its round trip was verified.</summary>
public class CodecBenchmarks<TLibrary> : IBindable where TLibrary : ILibrary, new()
{
    private ICase current = null!;

    [ParamsSource(nameof(Datasets))]
    public string Dataset { get; set; } = "";

    [ParamsSource(nameof(Sizes))]
    public int Size { get; set; }

    public static IEnumerable<string> Datasets => Plan.Fixtures.Select(f => f.Dataset).Distinct();

    public static IEnumerable<int> Sizes => Plan.Fixtures.Select(f => f.Size).Distinct();

    // The previous case's garbage is collected here, untimed, so none of it lands in this
    // case's iterations (the quick and standard jobs force no collection per iteration). One
    // full blocking collection: no adapter holds finalizable objects, so a finalizer wait and a
    // second collection (5 ms a case and round here) would free nothing more. Then, in the
    // standard profile, the case's own calls bring the heap to it (SetupWarmUp). One setup an op,
    // since the warm-up calls the op.
    [GlobalSetup(Target = nameof(Encode))]
    public void SetupEncode() => Setup(Encode);

    [GlobalSetup(Target = nameof(Decode))]
    public void SetupDecode() => Setup(Decode);

    [GlobalSetup(Target = nameof(RoundTrip))]
    public void SetupRoundTrip() => Setup(RoundTrip);

    [GlobalSetup(Target = nameof(Convert))]
    public void SetupConvert() => Setup(Convert);

    [GlobalSetup(Target = nameof(AccessLazy))]
    public void SetupAccessLazy() => Setup(AccessLazy);

    [GlobalSetup(Target = nameof(AccessFull))]
    public void SetupAccessFull() => Setup(AccessFull);

    private void Setup<T>(Func<T> op)
    {
        Bind(Dataset, Size);
        GC.Collect();
        SetupWarmUp.Run(op);
    }

    public void Bind(string dataset, int size) => current = Plan.Fixture(dataset, size).Bind(new TLibrary());

    // The case's objects go before the next case is set up and timed.
    [GlobalCleanup]
    public void Cleanup() => current = null!;

    [Benchmark]
    public byte[] Encode() => current.Encode();

    [Benchmark]
    public object Decode() => current.Decode();

    [Benchmark]
    public object RoundTrip() => current.RoundTrip();

    [Benchmark]
    public object Convert() => current.Convert();

    [Benchmark]
    public long AccessLazy() => current.AccessLazy();

    [Benchmark]
    public long AccessFull() => current.AccessFull();
}
