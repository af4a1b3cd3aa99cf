using System.Diagnostics.Tracing;

namespace Serbench.Bench;

/// <summary>The runtime's tiered-compilation events, which say what the compiled-method count cannot.
/// A method called for the first time holds every promotion back for tiering's call-counting delay
/// (100 ms, extended while first calls go on): nothing is compiled meanwhile, so a warm-up iteration
/// inside the delay reads as quiet with the case still at tier 0 (measured here: children holding one
/// case ran their pre-warm and warm-up inside the delay, which ended about a second after the start,
/// and their rounds timed tier-0 code, about 5x slower than BenchmarkDotNet's default job). The
/// runtime reports the delay's start and end (TieredCompilationPause, TieredCompilationResume) and
/// each batch of background compiles (TieredCompilationBackgroundJitStart, ...Stop) under its
/// compilation keyword. Listening costs the warm-up only: the listener is disposed before the rounds.</summary>
public sealed class TieringEvents : EventListener
{
    private const string Runtime = "Microsoft-Windows-DotNETRuntime";
    private const EventKeywords Compilation = (EventKeywords)0x1000000000;

    private readonly object gate = new();
    private bool resumed;
    private bool delayed;
    private int backgroundBatches;

    /// <summary>A delay has ended since listening began (the warm-up's own first calls start one, so
    /// one always comes), none has begun since, and no background compile is under way: tiering has
    /// had its chance to promote everything called so far. Events reach the listener a little late,
    /// so this pairs with an iteration in which the compiled-method count did not move.</summary>
    public bool Settled
    {
        get
        {
            lock (gate)
            {
                return resumed && !delayed && backgroundBatches == 0;
            }
        }
    }

    protected override void OnEventSourceCreated(EventSource source)
    {
        if (source.Name == Runtime)
        {
            EnableEvents(source, EventLevel.Informational, Compilation);
        }
    }

    protected override void OnEventWritten(EventWrittenEventArgs e)
    {
        lock (gate)
        {
            switch (e.EventName)
            {
                case "TieredCompilationPause":
                    delayed = true;
                    break;
                case "TieredCompilationResume":
                    (resumed, delayed) = (true, false);
                    break;
                case "TieredCompilationBackgroundJitStart":
                    backgroundBatches++;
                    break;
                case "TieredCompilationBackgroundJitStop":
                    backgroundBatches = Math.Max(0, backgroundBatches - 1);
                    break;
            }
        }
    }
}
