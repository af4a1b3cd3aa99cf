using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;

namespace Serbench.Mono.Bench
{
    /// <summary>The suite protocol's options (README.md "Adding things"), plus --root: the folder
    /// holding schemas/ (the runfiles' workspace, which the Bazel wrapper passes).</summary>
    public sealed class Options
    {
        public static readonly string[] Profiles = { "quick", "standard", "full", "dry" };

        public string Out { get; private set; }
        public string Root { get; private set; } = ".";
        public string Profile { get; private set; } = "quick";
        public string Library { get; private set; }
        public string Dataset { get; private set; }
        public HashSet<string> Cases { get; private set; }
        public int? Rounds { get; private set; }
        public int Seed { get; private set; } = Environment.TickCount;
        public string Payloads { get; private set; }

        public static Options Parse(string[] args)
        {
            var options = new Options();
            for (var i = 0; i < args.Length; i += 2)
            {
                var value = i + 1 < args.Length ? args[i + 1] : throw new ArgumentException($"{args[i]} needs a value");
                switch (args[i])
                {
                    case "--out": options.Out = value; break;
                    case "--root": options.Root = value; break;
                    case "--profile": options.Profile = Profiles.Contains(value) ? value : throw new ArgumentException($"unknown profile {value}"); break;
                    case "--library": options.Library = value; break;
                    case "--dataset": options.Dataset = value; break;
                    case "--cases": options.Cases = new HashSet<string>(File.ReadAllLines(value).Where(l => l.Trim().Length > 0)); break;
                    case "--rounds": options.Rounds = int.Parse(value); break;
                    case "--seed": options.Seed = int.Parse(value); break;
                    case "--payloads": options.Payloads = value; break;
                    default: throw new ArgumentException($"unknown option {args[i]}");
                }
            }
            return options.Out != null ? options : throw new ArgumentException("--out DIR is required");
        }
    }
}
