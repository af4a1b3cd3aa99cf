using System;
using System.Collections.Generic;
using System.IO;
using Serbench.Robustness;

namespace Serbench.Mono.Robustness
{
    /// <summary>Serves requests: reads the input, decodes it with the named decoder, compares with
    /// the fixture, and classifies the outcome. Fixtures and bound decoders are built on first use
    /// and kept. No warm-up: the corpus sends each fixture's control before its mutations, so
    /// first-use costs land on the control, whose time is no reject time.</summary>
    public sealed class Worker
    {
        private readonly string root;
        private readonly Dictionary<(Decoder, string, int), (Func<byte[], object> Decode, object Fixture)> bound =
            new Dictionary<(Decoder, string, int), (Func<byte[], object>, object)>();

        public Worker(string root) => this.root = root;

        public Reply Handle(Request request)
        {
            var decoder = Decoders.Find(request);
            if (request.Expect != "fixture")
            {
                throw new ProtocolException($"expect={request.Expect} cannot go to {decoder.Info}: no decoder here is schema-less");
            }
            var (decode, fixture) = Bind(decoder, request);
            var bytes = Attempts.Input(request.Path);
            object decoded = null;
            Exception error = null;
            var ns = Attempts.Time(() => decoded = decode(bytes), e => error = e);
            if (error is OutOfMemoryException)
            {
                return new Reply(Outcomes.MemoryBlowup, Attempts.Describe(error), ns);
            }
            // Anything else is a clean rejection, a stack overflow in managed code too: Mono
            // throws a StackOverflowException the caller can catch (the detail names it); one
            // in the runtime's own code kills the process, which the driver classifies.
            return error != null
                ? new Reply(Outcomes.CleanError, Attempts.Describe(error), Attempts.RejectNs(() => decode(bytes), ns))
                : Compare(fixture, decoded, ns);
        }

        private (Func<byte[], object>, object) Bind(Decoder decoder, Request request)
        {
            if (request.Dataset == null || request.Size == null)
            {
                throw new ProtocolException("expect=fixture needs dataset and size");
            }
            var key = (decoder, request.Dataset, request.Size.Value);
            if (!bound.TryGetValue(key, out var entry))
            {
                var dataset = Datasets.Named(request.Dataset);
                var path = Program.FixturePath(root, request.Dataset, request.Size.Value);
                if (dataset == null || !File.Exists(path))
                {
                    throw new ProtocolException($"no fixture for dataset={request.Dataset} size={request.Size} in the Mono suite");
                }
                bound[key] = entry = (decoder.For(dataset), dataset.Fixture(path));
            }
            return entry;
        }

        private static Reply Compare(object fixture, object decoded, long ns)
        {
            try
            {
                var diff = FieldDiff.First(fixture, decoded);
                return diff != null
                    ? new Reply(Outcomes.AcceptedDifferent, Attempts.Short(diff), ns)
                    : new Reply(Outcomes.AcceptedEqual, "", ns);
            }
            catch (Exception e)
            {
                // Decoded, but into objects the comparison cannot walk.
                return new Reply(Outcomes.AcceptedDifferent, $"compare failed: {Attempts.Describe(e)}", ns);
            }
        }
    }
}
