using System;
using System.Runtime.InteropServices;

// Shared with the Mono suite (dotnet/mono compiles this file with mcs): C# that both compilers take.
namespace Serbench.Bench
{
    /// <summary>The CPU time of the thread that reads it (CLOCK_THREAD_CPUTIME_ID), read on the thread
    /// that runs the timed calls: the clock every language's suite times by (C++'s Google Benchmark
    /// cpu_time is the thread's; Python's process time is its one thread's), so the cross-language
    /// pages compare one clock. On a shared machine it leaves out the time other tenants hold the
    /// core, which the wall clock would add to whichever case they overlap. It counts the
    /// collections the timed thread makes (the workstation GC runs them on the allocating thread),
    /// not the runtime's background threads (tier-1 compiles, background gen2 marking): work that
    /// BenchmarkDotNet's default job, timing the wall clock with another core to spare, does not
    /// see either.</summary>
    public static class CpuTime
    {
        public const string Title = "thread CPU time: clock_gettime (CLOCK_THREAD_CPUTIME_ID), on the thread that runs the calls";

        private const int ClockThreadCpuTimeId = 3; // <time.h> on Linux

        [StructLayout(LayoutKind.Sequential)]
        private struct TimeSpec
        {
            public long Seconds;
            public long Nanoseconds;
        }

        [DllImport("libc", SetLastError = true)]
        private static extern int clock_gettime(int clockId, out TimeSpec time);

        /// <summary>Nanoseconds of CPU time the calling thread has used.</summary>
        public static long Now()
        {
            TimeSpec now;
            if (clock_gettime(ClockThreadCpuTimeId, out now) != 0)
            {
                throw new InvalidOperationException("clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed: errno " + Marshal.GetLastWin32Error());
            }
            return (now.Seconds * 1000000000L) + now.Nanoseconds;
        }
    }
}
