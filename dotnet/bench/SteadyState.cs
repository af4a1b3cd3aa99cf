using System.Diagnostics;
using System.Reflection;
using System.Runtime;
using BenchmarkDotNet.Running;

namespace Serbench.Bench;

/// <summary>Brings one dataset's cases to the default runtime's steady state before BenchmarkDotNet
/// times them. Under tiered compilation a method starts as tier-0 (or ReadyToRun) code; tiering
/// counts calls only after 100 ms without new tier-0 code, then promotes a method called 30 times
/// to an instrumented tier (dynamic PGO) and, 30 calls later, to tier 1, compiling in the background.
/// BenchmarkDotNet 0.14's jitting stage calls a case once and knows nothing of tiering (its
/// default job reaches tier 1 only through seconds of warmup), so the standard profile's short
/// samples need this: every case of the dataset is called in round-robin passes (each case, in a
/// pass, for about <see cref="Batch"/>) until each has had <see cref="MinCalls"/> calls (or
/// <see cref="LongEnough"/> of them, when a call is so slow that its entry methods' tier does
/// not matter) and the runtime's compiled-method count (<see cref="JitInfo"/>, every thread: the
/// background tier-1 compiles included) has not moved for <see cref="QuietWindow"/>, longer than
/// the call-counting delay plus a background compile. Tiered code stays once compiled, so the
/// cases that BenchmarkDotNet then sets up again and times one by one run their final tier.
/// A dataset that is not quiet by <see cref="Cap"/> is timed anyway and reported as such.</summary>
public static class SteadyState
{
    public static readonly TimeSpan QuietWindow = TimeSpan.FromMilliseconds(300);

    /// <summary>Two promotions of 30 calls each, and some margin.</summary>
    public const int MinCalls = 64;

    public static readonly TimeSpan LongEnough = TimeSpan.FromSeconds(1);

    /// <summary>Keeps the suite bounded: with other tenants' load on this 2-core machine the background
    /// tier-up of a child's start-up and first dataset took 20 s and more.</summary>
    public static readonly TimeSpan Cap = TimeSpan.FromSeconds(10);

    private static readonly TimeSpan Batch = TimeSpan.FromMilliseconds(2);

    /// <summary>How a warm-up ended: quiet (the JIT stopped) or capped, after how long and how
    /// many passes, and what the JIT compiled meanwhile.</summary>
    public sealed record Result(bool Quiet, double Milliseconds, int Passes, long CompiledMethods, double CompilationMs);

    public static Result WarmUp(IEnumerable<BenchmarkCase> cases)
    {
        var ops = Bind(cases);
        var clock = Stopwatch.StartNew();
        var (firstCount, firstTime) = (JitInfo.GetCompiledMethodCount(), JitInfo.GetCompilationTime());
        var (lastCount, lastChange, passes) = (firstCount, TimeSpan.Zero, 0);
        while (true)
        {
            foreach (var op in ops)
            {
                op.RunBatch();
            }
            passes++;
            var count = JitInfo.GetCompiledMethodCount();
            if (count != lastCount)
            {
                (lastCount, lastChange) = (count, clock.Elapsed);
            }
            var quiet = clock.Elapsed - lastChange >= QuietWindow && ops.All(op => op.Warm);
            if (quiet || clock.Elapsed >= Cap)
            {
                return new Result(quiet, clock.Elapsed.TotalMilliseconds, passes, count - firstCount,
                    (JitInfo.GetCompilationTime() - firstTime).TotalMilliseconds);
            }
        }
    }

    /// <summary>The workload of every case on its own instance of its benchmark class, bound as
    /// its GlobalSetup binds it (one instance per class, dataset and size, shared by the ops).</summary>
    private static List<Op> Bind(IEnumerable<BenchmarkCase> cases) =>
        cases.GroupBy(c => (c.Descriptor.Type, Dataset: (string)c.Parameters["Dataset"], Size: (int)c.Parameters["Size"]))
            .SelectMany(group =>
            {
                var benchmarks = (IBindable)Activator.CreateInstance(group.Key.Type)!;
                benchmarks.Bind(group.Key.Dataset, group.Key.Size);
                return group.Select(c => new Op(benchmarks, c.Descriptor.WorkloadMethod));
            })
            .ToList();

    /// <summary>One case's workload method, called through reflection (the call counts for tiering
    /// as BenchmarkDotNet's does: it enters the same method).</summary>
    private sealed class Op(object instance, MethodInfo method)
    {
        private long calls;
        private TimeSpan spent;
        private TimeSpan perCall = TimeSpan.MaxValue;

        public bool Warm => calls >= MinCalls || spent >= LongEnough;

        public void RunBatch()
        {
            var n = perCall == TimeSpan.MaxValue ? 1 : Math.Max(1, (int)(Batch / perCall));
            var start = Stopwatch.GetTimestamp();
            for (var i = 0; i < n; i++)
            {
                method.Invoke(instance, null);
            }
            var elapsed = Stopwatch.GetElapsedTime(start);
            (calls, spent, perCall) = (calls + n, spent + elapsed, TimeSpan.FromTicks(Math.Max(elapsed.Ticks / n, 1)));
        }
    }
}

/// <summary>A benchmark class the warm-up binds to a dataset and size as its GlobalSetup would.</summary>
public interface IBindable
{
    void Bind(string dataset, int size);
}
