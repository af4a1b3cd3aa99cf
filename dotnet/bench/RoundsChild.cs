using System.Diagnostics;
using System.Globalization;

namespace Serbench.Bench;

/// <summary>The parent's side of one child of the standard profile (<see cref="Rounds.RunChild"/>):
/// the lines it prints on stdout, and the round numbers the parent writes on its stdin. A child that
/// exits early loses only the rounds it had not finished; the parent says so and goes on.</summary>
public sealed class RoundsChild : IDisposable
{
    /// <summary>As a case's warm-up ends: this, a tab, <see cref="SteadyState.Line"/>.</summary>
    public const string WarmupLine = "warmup";

    /// <summary>When every case is warm: the child waits for round numbers.</summary>
    public const string ReadyLine = "ready";

    /// <summary>As each case of a round ends well: this, a tab, the case id.</summary>
    public const string MeasuredLine = "measured";

    /// <summary>As a round ends: this, a tab, the round.</summary>
    public const string DoneLine = "done";

    private readonly Process process;
    private bool alive = true;

    private RoundsChild(Process process, string work) => (this.process, Work) = (process, work);

    /// <summary>Whether the child still serves rounds (false once its output ended).</summary>
    public bool Alive => alive;

    /// <summary>The folder the child writes its artifacts into.</summary>
    public string Work { get; }

    /// <summary>Starts a child and waits until it is warm, handing each case's warm-up to <paramref name="warmed"/>.</summary>
    public static RoundsChild Start(string[] args, string work, Action<string, SteadyState.CaseResult> warmed)
    {
        var start = new ProcessStartInfo(Environment.ProcessPath!, args)
        {
            UseShellExecute = false,
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
        };
        var child = new RoundsChild(Process.Start(start)!, work);
        child.alive = child.ReadUntil(ReadyLine, fields =>
        {
            if (fields is [WarmupLine, .. var warm] && SteadyState.TryParse(warm, out var id, out var result))
            {
                warmed(id, result);
            }
        });
        if (!child.alive)
        {
            Progress.Say($"{work}: the child exited {child.Exit()} before it was warm; its rounds are missing");
        }
        return child;
    }

    /// <summary>Has the child time one round, calling <paramref name="measured"/> with each case id it reports.</summary>
    public void RunRound(int round, Action<string> measured)
    {
        if (!alive)
        {
            return;
        }
        process.StandardInput.WriteLine(round.ToString(CultureInfo.InvariantCulture));
        process.StandardInput.Flush();
        alive = ReadUntil($"{DoneLine}\t{round}", fields =>
        {
            if (fields is [MeasuredLine, var id])
            {
                measured(id);
            }
        });
        if (!alive)
        {
            Progress.Say($"round {round}, {Work}: the child exited {Exit()}; the cases it had not measured miss this round and its later ones");
        }
    }

    /// <summary>Reads lines, each split at tabs to <paramref name="line"/>, until <paramref name="end"/>:
    /// false if the output ended first.</summary>
    private bool ReadUntil(string end, Action<string[]> line)
    {
        while (process.StandardOutput.ReadLine() is { } text)
        {
            if (text == end)
            {
                return true;
            }
            line(text.Split('\t'));
        }
        return false;
    }

    private int Exit()
    {
        process.WaitForExit();
        return process.ExitCode;
    }

    /// <summary>Ends the child: its stdin closes, it exits.</summary>
    public void Dispose()
    {
        if (alive)
        {
            process.StandardInput.Close();
            if (Exit() != 0)
            {
                Progress.Say($"{Work}: the child exited {process.ExitCode} after its rounds");
            }
        }
        process.Dispose();
    }
}
