namespace Serbench.Robustness;

/// <summary>The .NET robustness worker (protocol in runner/crosslang/robustness/README.md):
///   worker --list   every decoder, as one JSON array
///   worker          serve: one JSON request a line on stdin, one JSON reply a line on stdout
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
            default:
                Console.Error.WriteLine("usage: worker [--list]");
                return 2;
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
