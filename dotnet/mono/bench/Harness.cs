using System;
using System.Collections.Generic;
using System.Linq;
using Serbench.Bench;

namespace Serbench.Mono.Bench
{
    /// <summary>One timed loop: its round, the calls it made and the CPU time per call.</summary>
    public struct Sample
    {
        public int Round;
        public long Ops;
        public double Ns;
    }

    /// <summary>The rounds of the .NET suite's profiles, on the timing thread's CPU time (the .NET
    /// suite's clock, <see cref="CpuTime"/>): in each round every case is timed once, in an order shuffled
    /// with seed+round, as one warmup loop and then `Loops` back-to-back loops of at least
    /// `TargetMs` each (the runner keeps the fastest of a round). Round 0's pilot picks each
    /// case's calls per loop; later rounds reuse it, so every sample times the same calls.</summary>
    public sealed class Harness
    {
        private readonly int rounds;
        private readonly int loops;
        private readonly double targetMs;
        private readonly int seed;

        public Harness(string profile, int? rounds, int seed)
        {
            var (defaultRounds, loops, targetMs) =
                profile == "standard" ? (9, 3, 4.0) :
                profile == "full" ? (20, 3, 25.0) :
                profile == "dry" ? (1, 1, 0.0) :
                (1, 3, 15.0);
            this.rounds = rounds ?? defaultRounds;
            this.loops = loops;
            this.targetMs = targetMs;
            this.seed = seed;
        }

        public Dictionary<Entry, List<Sample>> Run(List<BoundOp> cases)
        {
            var samples = cases.ToDictionary(c => c.Entry, c => new List<Sample>());
            var calls = new Dictionary<Entry, long>();
            var total = rounds * cases.Count;
            var done = 0;
            for (var round = 0; round < rounds; round++)
            {
                var random = new Random(seed + round);
                foreach (var bound in cases.OrderBy(c => random.Next()).ToList())
                {
                    done++;
                    if (bound.Entry.Status != "measured")
                    {
                        continue;
                    }
                    try
                    {
                        if (!calls.TryGetValue(bound.Entry, out var n))
                        {
                            n = calls[bound.Entry] = Pilot(bound.Call);
                        }
                        Loop(bound.Call, n); // warmup
                        for (var loop = 0; loop < loops; loop++)
                        {
                            samples[bound.Entry].Add(new Sample { Round = round, Ops = n, Ns = Loop(bound.Call, n) });
                        }
                    }
                    catch (Exception e)
                    {
                        bound.Entry.Status = "failed";
                        bound.Entry.Reason = $"{e.GetType().FullName}: {e.Message}";
                    }
                    Console.Error.WriteLine($"progress: {done}/{total} {bound.Entry.Id}");
                }
                GC.Collect();
            }
            return samples;
        }

        /// <summary>Calls per loop: doubled until a loop takes the target (1 when it has none).</summary>
        private long Pilot(Action call)
        {
            long n = 1;
            while (targetMs > 0 && Loop(call, n) * n < targetMs * 1e6)
            {
                n *= 2;
            }
            return n;
        }

        /// <summary>Nanoseconds per call over n calls.</summary>
        private static double Loop(Action call, long n)
        {
            var start = CpuTime.Now();
            for (long i = 0; i < n; i++)
            {
                call();
            }
            return (CpuTime.Now() - start) / (double)n;
        }
    }
}
