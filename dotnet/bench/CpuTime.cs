using System;
using System.Runtime.InteropServices;

// Shared with the Mono suite (dotnet/mono compiles this file with mcs): C# that both compilers take.
namespace Serbench.Bench
{
    /// <summary>The process's CPU time (CLOCK_PROCESS_CPUTIME_ID, every thread: the GC's and the JIT's
    /// included), the clock every language's suite times by, so the cross-language pages compare one
    /// clock. On a shared machine it leaves out the time other tenants hold the core, which the wall
    /// clock would add to whichever case they overlap.</summary>
    public static class CpuTime
    {
        public const string Title = "process CPU time: clock_gettime (CLOCK_PROCESS_CPUTIME_ID)";

        private const int ClockProcessCpuTimeId = 2; // <time.h> on Linux

        [StructLayout(LayoutKind.Sequential)]
        private struct TimeSpec
        {
            public long Seconds;
            public long Nanoseconds;
        }

        [DllImport("libc", SetLastError = true)]
        private static extern int clock_gettime(int clockId, out TimeSpec time);

        /// <summary>Nanoseconds of CPU time the process has used.</summary>
        public static long Now()
        {
            TimeSpec now;
            if (clock_gettime(ClockProcessCpuTimeId, out now) != 0)
            {
                throw new InvalidOperationException("clock_gettime(CLOCK_PROCESS_CPUTIME_ID) failed: errno " + Marshal.GetLastWin32Error());
            }
            return (now.Seconds * 1000000000L) + now.Nanoseconds;
        }
    }
}
