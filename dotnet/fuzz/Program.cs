using Serbench.Robustness;
using SharpFuzz;

namespace Serbench.Fuzz;

/// <summary>Every .NET decoder of the robustness table (<see cref="Decoders.All"/>) as a SharpFuzz
/// target, which afl-fuzz runs (dotnet/fuzz/all.py):
///   fuzz --list                           the decoders, as the robustness worker lists them
///   fuzz --seeds DIR LIB VARIANT FORMAT   the decoder's seeds: each synthetic dataset's
///                                         size-1 fixture in the decoder's own encoding
///   fuzz LIB VARIANT FORMAT               the target (VARIANT "-" for none)
/// An input is one byte naming the dataset (its index in the catalog's synthetic datasets,
/// modulo their count), then the bytes the decoder reads, as the C++ targets take them.
/// A decoder's exception is a clean rejection, as in the robustness table; what afl++
/// records is what the table calls a finding: the process dying (stack overflow, an access
/// violation in unsafe code), an OutOfMemoryException, or no answer in time.</summary>
public static class Program
{
    private const string NoVariant = "-";

    public static int Main(string[] args)
    {
        switch (args)
        {
            case ["--list"]:
                using (var stdout = Console.OpenStandardOutput())
                {
                    Protocol.WriteLine(stdout, Decoders.All.Select(d => d.Info));
                }
                return 0;
            case ["--seeds", var dir, var lib, var variant, var format]:
                WriteSeeds(dir, Find(lib, variant, format));
                return 0;
            case [var lib, var variant, var format]:
                Run(() => Find(lib, variant, format));
                return 0;
            default:
                Console.Error.WriteLine("usage: fuzz --list | --seeds DIR LIB VARIANT FORMAT | LIB VARIANT FORMAT");
                return 2;
        }
    }

    private static Decoder Find(string lib, string variant, string format)
    {
        var name = (lib, variant == NoVariant ? null : variant, format);
        return Decoders.All.SingleOrDefault(d => (d.Info.Lib, d.Info.Variant, d.Info.Format) == name)
            ?? throw new ArgumentException($"no decoder {lib} {variant} {format} (fuzz --list names them)");
    }

    private static Bound[] BindEveryDataset(Decoder decoder) =>
        [.. CatalogData.SyntheticDatasets.Select(d => decoder.Bind(Fixtures.Load(d, 1)))];

    private static void WriteSeeds(string dir, Decoder decoder)
    {
        Directory.CreateDirectory(dir);
        var bound = BindEveryDataset(decoder);
        for (var i = 0; i < bound.Length; i++)
        {
            File.WriteAllBytes(Path.Combine(dir, CatalogData.SyntheticDatasets[i]), [(byte)i, .. bound[i].Sample]);
        }
    }

    // Instrumented code writes to afl++'s shared memory, which exists only inside the fuzzing
    // loop: the registry, the libraries and the fixtures are first touched there, on the
    // first input (--list, --seeds and the replays run an uninstrumented copy).
    private static void Run(Func<Decoder> find)
    {
        Bound[]? bound = null;
        Fuzzer.OutOfProcess.Run(stream =>
        {
            bound ??= BindEveryDataset(find());
            using var input = new MemoryStream();
            stream.CopyTo(input);
            var bytes = input.ToArray();
            if (bytes.Length == 0)
            {
                return;
            }
            try
            {
                bound[bytes[0] % bound.Length].Decode(bytes[1..]);
            }
            catch (Exception e) when (e is not OutOfMemoryException)
            {
                // A clean rejection: the outcome the table wants on malformed input.
            }
        });
    }
}
