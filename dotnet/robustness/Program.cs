namespace Serbench.Robustness;

/// <summary>The .NET robustness worker (protocol in runner/crosslang/robustness/README.md):
///   worker --list   every decoder, as one JSON array
///   worker          serve: one JSON request a line on stdin, one JSON reply a line on stdout
///   worker --seeds DIR FORMAT...   writes DIR/&lt;dataset&gt;_&lt;size&gt;.&lt;format&gt;: the corpus's
///                   seed vectors of the formats only this language writes (MemoryPack)
/// A malformed request or an unknown decoder is a driver bug: a message on stderr, exit 2.</summary>
public static class Program
{
    public static int Main(string[] args)
    {
        // Replies are the only output: whatever else is written goes to stderr.
        using var stdout = Console.OpenStandardOutput();
        Console.SetOut(Console.Error);
        switch (args)
        {
            case ["--list"]:
                Protocol.WriteLine(stdout, Decoders.All.Select(d => d.Info));
                return 0;
            case []:
                return Serve(stdout);
            case ["--seeds", var dir, _, ..]:
                WriteSeeds(dir, args[2..]);
                return 0;
            default:
                Console.Error.WriteLine("usage: worker [--list | --seeds DIR FORMAT...]");
                return 2;
        }
    }

    // The sizes the corpus mutates (runner/crosslang/robustness/generate.py: CONTROL_SIZES).
    private static readonly int[] SeedSizes = [1, 100];

    /// <summary>Each fixture encoded by this language's first decoder of the format.</summary>
    private static void WriteSeeds(string dir, IEnumerable<string> formats)
    {
        Directory.CreateDirectory(dir);
        foreach (var format in formats)
        {
            var decoder = Decoders.All.First(d => d.Info.Format == format);
            foreach (var dataset in CatalogData.SyntheticDatasets)
            {
                foreach (var size in SeedSizes)
                {
                    var sample = decoder.Bind(Fixtures.Load(dataset, size)).Sample;
                    File.WriteAllBytes(Path.Combine(dir, $"{dataset}_{size}.{format}"), sample);
                }
            }
        }
    }

    private static int Serve(Stream stdout)
    {
        var worker = new Worker();
        using var stdin = new StreamReader(Console.OpenStandardInput());
        while (stdin.ReadLine() is { } line)
        {
            try
            {
                Protocol.WriteLine(stdout, worker.Handle(Protocol.ParseRequest(line)));
            }
            catch (ProtocolException e)
            {
                Console.Error.WriteLine($"worker: {e.Message}");
                return 2;
            }
        }
        return 0;
    }
}
