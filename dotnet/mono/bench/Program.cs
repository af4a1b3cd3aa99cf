using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Newtonsoft.Json.Linq;

namespace Serbench.Mono.Bench
{
    /// <summary>The Mono suite (dotnet/mono/README.md): the suite protocol's command line, every
    /// library on every dataset and size of the catalog that it has a model of, each case's
    /// round trip verified before it is timed; mono.json, mono-cases.json into --out.</summary>
    public static class Program
    {
        public const string Lang = "mono";

        public static int Main(string[] args)
        {
            Options options;
            try
            {
                options = Options.Parse(args);
            }
            catch (ArgumentException e)
            {
                Console.Error.WriteLine($"usage: {e.Message}");
                return 2;
            }
            var catalog = JObject.Parse(File.ReadAllText(Path.Combine(options.Root, "schemas/catalog/catalog.json")));
            var plan = Plan.Make(options, catalog);
            if (plan.UnknownFilter != null)
            {
                Console.Error.WriteLine(plan.UnknownFilter);
                return 2;
            }
            var calibration = new Calibration();
            calibration.Measure("start");
            var measured = new Harness(options.Profile, options.Rounds, options.Seed).Run(plan.Bound);
            calibration.Measure("end");
            Output.Write(options, plan, measured);
            calibration.Write(options.Out);
            var wrong = plan.Entries.Where(e => e.Status == "refused" || e.Status == "failed").ToList();
            wrong.ForEach(e => Console.Error.WriteLine($"{e.Status}: {e.Id}: {e.Reason}"));
            // A refusal is a result (the library got the fixture wrong), a failure is not.
            return wrong.Any(e => e.Status == "failed") ? 1 : 0;
        }
    }
}
