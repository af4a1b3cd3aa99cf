using System.Diagnostics;
using System.Globalization;
using System.Reflection;
using System.Runtime;
using BenchmarkDotNet.Running;

namespace Serbench.Bench;

/// <summary>Brings each case to the default runtime's steady state before BenchmarkDotNet times it
/// (in every round of the child process), and shows that it got there. Under tiered compilation a method starts as tier-0 (or ReadyToRun)
/// code; tiering counts calls only after 100 ms without new tier-0 code, then promotes a method
/// called 30 times to an instrumented tier (dynamic PGO) and, 30 calls later, to tier 1, compiling
/// in the background. BenchmarkDotNet 0.14's jitting stage calls a case once and knows nothing of
/// tiering (its default job gets there through its pilot and seconds of warmup), so the standard
/// profile, whose child times each case in one short sample a round, needs this, in two steps,
/// both before the dataset's first round (<see cref="Rounds"/>):
/// <list type="number">
/// <item><see cref="PreWarm"/>, per dataset: every case of the dataset is called in round-robin
/// passes (each case, in a pass, for about <see cref="Batch"/>) until each has had
/// <see cref="MinCalls"/> calls (or <see cref="LongEnough"/> of them) and the runtime's
/// compiled-method count (<see cref="JitInfo"/>, every thread: the background tier-1 compiles
/// included) has not moved for <see cref="QuietWindow"/> with tiering settled
/// (<see cref="TieringEvents.Settled"/>), or the process has used
/// <see cref="PreWarmCpu"/> of CPU time (<see cref="Bound"/>).
/// The tiering of all the dataset's code overlaps here, which is cheaper than case by case.</item>
/// <item>the rule, per case (<see cref="WarmUp"/>), the cases one after another:
/// warm-up iterations of <see cref="Iteration"/>,
/// each calling the case back to back, until one in which the compiled-method count did not move
/// and at whose end tiering is settled (the call-counting delay over, no background compile under
/// way: without this, an iteration inside the delay read as quiet at tier-0 speed), after at least
/// <see cref="MinCalls"/> calls (or <see cref="LongEnough"/> of them, a call so slow that its entry
/// methods' tier does not matter), or the process has used <see cref="CaseCpu"/> of
/// CPU time (<see cref="Bound"/>).
/// The count is the whole process's, so a quiet iteration also says no other code was still
/// being tiered up. Compiled code stays, so BenchmarkDotNet's own calls of the case run it, and the
/// last iteration's time per call sizes the measured iteration. Warming the cases in round-robin
/// groups of eight instead, so that their tiering overlapped, took as long (order, one child:
/// 52 s against 50 s): what costs is the tiering itself, not the waits between its steps.</item>
/// </list></summary>
public static class SteadyState
{
    /// <summary>What ends a warm-up iteration as quiet, as the catalog records it (steady_state; the
    /// methodology page shows it).</summary>
    public const string QuietRule = "the count of methods the JIT has compiled (`JitInfo.GetCompiledMethodCount`, "
        + "the whole process, background tier-1 compiles included) did not move and the runtime's own "
        + "tiered-compilation events (heard in process during the warm-up only) said tiering was settled: "
        + "its call-counting delay over (while new methods are being called for the first time it holds "
        + "every promotion back, and nothing compiles, so a count that does not move can be tier-0 code) "
        + "and no background compile under way";

    public static readonly TimeSpan QuietWindow = TimeSpan.FromMilliseconds(300);

    /// <summary>A warm-up iteration of the per-case rule: as long as tiering's call-counting delay, so
    /// that a case whose methods still wait out the delay at tier 0 is not read as quiet before
    /// they are compiled (the measured iteration, <see cref="Harness.StandardIterationTime"/>, is shorter).</summary>
    public static readonly TimeSpan Iteration = TimeSpan.FromMilliseconds(100);

    /// <summary>Two promotions of 30 calls each, and some margin.</summary>
    public const int MinCalls = 64;

    public static readonly TimeSpan LongEnough = TimeSpan.FromSeconds(1);

    /// <summary>The caps are in the process's CPU time (every thread: the background JIT's
    /// included), not in wall time: under other tenants' load the process, its JIT thread with
    /// it, gets a small share of the 2 cores, and a wall-time cap stopped the warm-up before the
    /// JIT had done the work a quiet machine does in that time, so cases were timed far slower
    /// than BenchmarkDotNet's default job, whose warmup runs for seconds.
    /// A wall-time limit, far above, keeps a run bounded all the same.</summary>
    public static readonly (TimeSpan Cpu, TimeSpan Wall) Bound = (TimeSpan.FromSeconds(1), TimeSpan.FromSeconds(30));

    /// <summary>A dataset's pre-warm: the per-case rule still applies after it.</summary>
    public static readonly TimeSpan PreWarmCpu = 3 * Bound.Cpu;

    /// <summary>A case's warm-up (about ten iterations on a quiet machine); a case not quiet by then
    /// is timed anyway and recorded as such.</summary>
    public static readonly TimeSpan CaseCpu = Bound.Cpu;

    private static readonly TimeSpan Batch = TimeSpan.FromMilliseconds(2);

    /// <summary>How a dataset's pre-warm ended: quiet (the JIT stopped) or capped, after how long and
    /// how many passes, and what the JIT compiled meanwhile.</summary>
    public sealed record Result(bool Quiet, double Milliseconds, int Passes, long CompiledMethods, double CompilationMs);

    /// <summary>How a case's warm-up ended: quiet or capped, after how many iterations and milliseconds;
    /// the CPU time per call of its last iteration (not printed: its child sizes the measured iteration by it).</summary>
    public sealed record CaseResult(bool Quiet, int Iterations, double Milliseconds, double NsPerCall = double.NaN);

    public static Result PreWarm(IEnumerable<BenchmarkCase> cases, TieringEvents tiering)
    {
        var ops = Bind(cases);
        var clock = Stopwatch.StartNew();
        var cpu = ProcessCpu();
        var (firstCount, firstTime) = (JitInfo.GetCompiledMethodCount(), JitInfo.GetCompilationTime());
        var (lastCount, lastChange, passes) = (firstCount, TimeSpan.Zero, 0);
        while (true)
        {
            foreach (var op in ops)
            {
                op.RunFor(Batch);
            }
            passes++;
            var count = JitInfo.GetCompiledMethodCount();
            if (count != lastCount)
            {
                (lastCount, lastChange) = (count, clock.Elapsed);
            }
            var quiet = clock.Elapsed - lastChange >= QuietWindow && ops.All(op => op.Warm) && tiering.Settled;
            if (quiet || Spent(clock, cpu, PreWarmCpu))
            {
                return new Result(quiet, clock.Elapsed.TotalMilliseconds, passes, count - firstCount,
                    (JitInfo.GetCompilationTime() - firstTime).TotalMilliseconds);
            }
        }
    }

    /// <summary>The per-case rule on one case: see the class summary.</summary>
    public static CaseResult WarmUp(BenchmarkCase benchmarkCase, TieringEvents tiering)
    {
        var op = Bind([benchmarkCase]).Single();
        var clock = Stopwatch.StartNew();
        var cpu = ProcessCpu();
        for (var i = 1; ; i++)
        {
            var (before, calls, cpuBefore) = (JitInfo.GetCompiledMethodCount(), op.Calls, CpuTime.Now());
            op.RunFor(Iteration);
            var nsPerCall = (double)(CpuTime.Now() - cpuBefore) / (op.Calls - calls);
            var quiet = JitInfo.GetCompiledMethodCount() == before && op.Warm && tiering.Settled;
            if (quiet || Spent(clock, cpu, CaseCpu))
            {
                return new CaseResult(quiet, i, clock.Elapsed.TotalMilliseconds, nsPerCall);
            }
        }
    }

    private static TimeSpan ProcessCpu()
    {
        using var process = Process.GetCurrentProcess();
        return process.TotalProcessorTime;
    }

    /// <summary>Whether a warm-up begun at <paramref name="cpuStart"/> has used <paramref name="cpu"/>
    /// of the process's CPU time, or <see cref="Bound"/>'s wall time.</summary>
    private static bool Spent(Stopwatch clock, TimeSpan cpuStart, TimeSpan cpu) =>
        ProcessCpu() - cpuStart >= cpu || clock.Elapsed >= Bound.Wall;

    /// <summary>A case's warm-up as one tab-separated line: id, quiet (1 or 0), iterations, milliseconds.</summary>
    public static string Line(string id, CaseResult r) =>
        string.Join('\t', id, r.Quiet ? "1" : "0", r.Iterations.ToString(CultureInfo.InvariantCulture),
            r.Milliseconds.ToString("F0", CultureInfo.InvariantCulture));

    public static bool TryParse(IReadOnlyList<string> fields, out string id, out CaseResult result)
    {
        (id, result) = ("", new(false, 0, 0));
        if (fields is not [var caseId, var quiet, var iterations, var ms])
        {
            return false;
        }
        (id, result) = (caseId, new(quiet == "1", int.Parse(iterations, CultureInfo.InvariantCulture),
            double.Parse(ms, CultureInfo.InvariantCulture)));
        return true;
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

    /// <summary>One case's workload method, called through a delegate bound to it (the call counts
    /// for tiering as BenchmarkDotNet's does: it enters the same method). Not MethodInfo.Invoke:
    /// reflection emits and compiles an invoke stub of its own, which a quiet iteration would count.</summary>
    private sealed class Op(object instance, MethodInfo method)
    {
        private readonly Action call = Callable(instance, method);
        private long calls;
        private TimeSpan spent;

        /// <summary>The workloads return a long or a reference (byte[], object).</summary>
        private static Action Callable(object instance, MethodInfo method)
        {
            if (method.ReturnType == typeof(long))
            {
                var count = method.CreateDelegate<Func<long>>(instance);
                return () => count();
            }
            var result = method.CreateDelegate<Func<object>>(instance);
            return () => result();
        }

        public bool Warm => calls >= MinCalls || spent >= LongEnough;

        public long Calls => calls;

        /// <summary>Calls the workload back to back for at least <paramref name="span"/> (one call at least).</summary>
        public void RunFor(TimeSpan span)
        {
            var start = Stopwatch.GetTimestamp();
            TimeSpan elapsed;
            do
            {
                call();
                calls++;
                elapsed = Stopwatch.GetElapsedTime(start);
            }
            while (elapsed < span);
            spent += elapsed;
        }
    }
}

/// <summary>A benchmark class the warm-up binds to a dataset and size as its GlobalSetup would.</summary>
public interface IBindable
{
    void Bind(string dataset, int size);
}
