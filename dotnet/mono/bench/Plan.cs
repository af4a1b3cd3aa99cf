using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Newtonsoft.Json.Linq;
using Serbench.Mono.Libraries;

namespace Serbench.Mono.Bench
{
    /// <summary>One case of the catalog: its id, status and reason (mono-cases.json).</summary>
    public sealed class Entry
    {
        public string Id;
        public ILibrary Library;
        public string Status = "measured";
        public string Reason = "";
        public int? WireBytes;
    }

    /// <summary>A case ready to time: its entry and one call of its op.</summary>
    public sealed class BoundOp
    {
        public Entry Entry;
        public Action Call;
    }

    /// <summary>Every case the filters select, each library bound to each fixture (round trip
    /// verified) or catalogued with why it is not timed.</summary>
    public sealed class Plan
    {
        // The catalog's ops but convert (code-generated formats only; this suite has none).
        private List<string> ops = new List<string>();

        public List<Entry> Entries { get; } = new List<Entry>();
        public List<BoundOp> Bound { get; } = new List<BoundOp>();
        public string UnknownFilter { get; private set; }

        public static Plan Make(Options options, JObject catalog)
        {
            var plan = new Plan();
            plan.ops = catalog["ops"].Select(o => (string)o["name"]).Where(op => op != "convert").ToList();
            var synthetic = catalog["datasets"].Where(d => (string)d["kind"] == "synthetic").ToList();
            var libraries = Registry.All.Where(l => options.Library == null || l.Lib == options.Library).ToList();
            var datasets = synthetic.Where(d => options.Dataset == null || (string)d["name"] == options.Dataset).ToList();
            if (libraries.Count == 0 || datasets.Count == 0)
            {
                plan.UnknownFilter = libraries.Count == 0
                    ? $"unknown library {options.Library} (known: {string.Join(", ", Registry.All.Select(l => l.Lib))})"
                    : $"unknown dataset {options.Dataset} (known: {string.Join(", ", synthetic.Select(d => (string)d["name"]))})";
                return plan;
            }
            var sizes = catalog["synthetic_sizes"].Select(s => (int)s).ToList();
            foreach (var dataset in datasets)
            {
                foreach (var size in sizes)
                {
                    foreach (var library in libraries)
                    {
                        plan.Add(options, library, dataset, size);
                    }
                }
            }
            return plan;
        }

        private void Add(Options options, ILibrary library, JToken dataset, int size)
        {
            var name = (string)dataset["name"];
            var ops = this.ops.Where(op => !op.StartsWith("access") || library.LazyOps.Count > 0)
                .Select(op => new Entry { Id = CaseId(name, size, op, library), Library = library })
                .Where(e => options.Cases == null || options.Cases.Contains(e.Id)).ToList();
            if (ops.Count == 0)
            {
                return;
            }
            Entries.AddRange(ops);
            var model = Datasets.Named(name);
            if (model == null)
            {
                ops.ForEach(e => { e.Status = "not_measured"; e.Reason = "the Mono suite has no model of this dataset yet (its unions are not written for the Mono libraries)"; });
                return;
            }
            try
            {
                var path = Path.Combine(options.Root, "schemas", name, $"{name}_{size}.json");
                var bound = model.Bind(library, path, dataset["access"].Select(a => (string)a));
                foreach (var entry in ops)
                {
                    entry.WireBytes = bound.Encoded.Length;
                    Bound.Add(new BoundOp { Entry = entry, Call = bound.Ops[Op(entry.Id)] });
                }
                WritePayload(options, ops, bound.Encoded);
            }
            catch (Exception e)
            {
                var refused = e is RefusedException;
                ops.ForEach(entry => { entry.Status = refused ? "refused" : "failed"; entry.Reason = refused ? e.Message : $"{e.GetType().FullName}: {e.Message}"; });
            }
        }

        private static void WritePayload(Options options, List<Entry> ops, byte[] encoded)
        {
            var encode = ops.FirstOrDefault(e => Op(e.Id) == "encode");
            if (options.Payloads != null && encode != null)
            {
                Directory.CreateDirectory(options.Payloads);
                File.WriteAllBytes(Path.Combine(options.Payloads, encode.Id.Replace('/', ',') + ".bin"), encoded);
            }
        }

        private static string Op(string id) => id.Split('/').Single(p => p.StartsWith("op=")).Substring(3);

        public static string CaseId(string dataset, int size, string op, ILibrary library) =>
            $"dataset={dataset}/size={size}/op={op}/format={library.Format}/lib={library.Lib}"
            + (library.Variant == null ? "" : $"/variant={library.Variant}");
    }
}
