using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Runtime.InteropServices;
using System.Text;
using Serbench.Robustness;

namespace Serbench.Mono.Robustness
{
    /// <summary>The Mono robustness worker (protocol in tools/robustness/README.md):
    ///   worker --list   every decoder, as one JSON array
    ///   worker          serve: one JSON request a line on stdin, one JSON reply a line on stdout
    ///   worker --seeds DIR FORMAT...   writes DIR/&lt;dataset&gt;_&lt;size&gt;.&lt;format&gt;: the corpus's
    ///                   seed vectors of the formats only this language writes (ZeroFormatter)
    /// The Bazel launcher puts `--root DIR` (the runfiles' workspace, holding schemas/) first.
    /// A malformed request or an unknown decoder is a driver bug: a message on stderr, exit 2.</summary>
    public static class Program
    {
        // The sizes the corpus mutates (tools/robustness/generate.py: CONTROL_SIZES).
        private static readonly int[] SeedSizes = { 1, 100 };

        // Not the console's encoding, which follows the locale.
        private static readonly Encoding Utf8 = new UTF8Encoding(false);

        public static int Main(string[] args)
        {
            var root = ".";
            if (args.Length >= 2 && args[0] == "--root")
            {
                root = args[1];
                args = args.Skip(2).ToArray();
            }
            var stdout = RepliesOnly();
            if (args.Length == 1 && args[0] == "--list")
            {
                Protocol.WriteLine(stdout, Decoders.All.Select(d => d.Info));
                return 0;
            }
            if (args.Length == 0)
            {
                return Serve(stdout, new Worker(root));
            }
            if (args.Length >= 3 && args[0] == "--seeds")
            {
                WriteSeeds(root, args[1], args.Skip(2));
                return 0;
            }
            Console.Error.WriteLine("usage: worker [--list | --seeds DIR FORMAT...]");
            return 2;
        }

        /// <summary>A writer on the process's stdout, which then carries only what is written to it:
        /// fd 1 becomes a copy of stderr, since Mono writes its native crash report to fd 1.</summary>
        private static TextWriter RepliesOnly()
        {
            var replies = Dup(1);
            if (replies < 0 || Dup2(2, 1) < 0)
            {
                throw new IOException($"cannot move stdout aside (errno {Marshal.GetLastWin32Error()})");
            }
            // Mono's FileStream takes no raw descriptor: the copy is opened by its /proc name.
            return new StreamWriter(new FileStream($"/proc/self/fd/{replies}", FileMode.Open, FileAccess.Write), Utf8);
        }

        [DllImport("libc", EntryPoint = "dup", SetLastError = true)]
        private static extern int Dup(int fd);

        [DllImport("libc", EntryPoint = "dup2", SetLastError = true)]
        private static extern int Dup2(int fd, int to);

        public static string FixturePath(string root, string dataset, int size) =>
            Path.Combine(root, "schemas", dataset, $"{dataset}_{size}.json");

        /// <summary>Each fixture of a modelled dataset encoded by the first decoder's library of the format.</summary>
        private static void WriteSeeds(string root, string dir, IEnumerable<string> formats)
        {
            Directory.CreateDirectory(dir);
            foreach (var format in formats)
            {
                var library = Decoders.All.First(d => d.Info.Format == format).Library;
                foreach (var dataset in Datasets.All)
                {
                    foreach (var size in SeedSizes)
                    {
                        var encoded = dataset.Encoder(library)(dataset.Fixture(FixturePath(root, dataset.Name, size)));
                        File.WriteAllBytes(Path.Combine(dir, $"{dataset.Name}_{size}.{format}"), encoded);
                    }
                }
            }
        }

        private static int Serve(TextWriter stdout, Worker worker)
        {
            var stdin = new StreamReader(Console.OpenStandardInput(), Utf8);
            string line;
            while ((line = stdin.ReadLine()) != null)
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
}
