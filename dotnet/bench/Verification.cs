using Serbench.Documents;
using Serbench.Libraries;

namespace Serbench.Bench;

/// <summary>Before anything is timed: every library's round trip (and convert) on every fixture,
/// the attempts of the libraries that cannot be measured, and the catalog entries of both.</summary>
public static class Verification
{
    public static void AddNotMeasured(Catalog catalog, string? library, IReadOnlyList<Fixture> fixtures)
    {
        foreach (var notMeasured in Registry.NotMeasured.Where(n => library is null || n.Lib == library))
        {
            catalog.Add(notMeasured);
            Progress.Say($"not measured: lib={notMeasured.Lib}: {notMeasured.Reason}");
            foreach (var fixture in fixtures)
            {
                var (status, reason) = Attempt(notMeasured, fixture);
                foreach (var op in Ops.Codec)
                {
                    var id = CaseId.Of(fixture.Dataset, fixture.Size, CaseId.Suffix(op, notMeasured.Format, notMeasured.Lib, null));
                    catalog.Set(id, status, reason);
                }
            }
        }
    }

    /// <summary>A library that loads is attempted on the fixture for real: the case carries what it threw.</summary>
    private static (string Status, string Reason) Attempt(NotMeasured library, Fixture fixture)
    {
        if (library.Attempt is null)
        {
            return ("not_measured", library.Reason);
        }
        try
        {
            fixture.Bind(library.Attempt);
            return ("not_measured", $"{library.Lib} bound {fixture.Dataset} without an error and has no codec here");
        }
        catch (NotMeasuredException e)
        {
            return ("not_measured", e.Message);
        }
        catch (NotApplicableException e)
        {
            return ("not_applicable", e.Message);
        }
    }

    /// <summary>The round trip of every library on every fixture, before anything is timed; with
    /// <paramref name="ids"/> (--cases: a re-measurement), only the pairs it names, which spares
    /// it the half minute of checking every pair. Accepted cases are catalogued as failed until
    /// their report says otherwise.</summary>
    public static List<Verified> Verify(IReadOnlyList<ILibrary> libraries, IReadOnlyList<Fixture> fixtures, Catalog catalog, IReadOnlySet<string>? ids)
    {
        var verified = new List<Verified>();
        foreach (var library in libraries)
        {
            catalog.Add(library);
            foreach (var fixture in fixtures.Where(f => ids is null || library.Ops.Any(op => ids.Contains(CaseId.Of(f.Dataset, f.Size, op, library)))))
            {
                var check = Check(library, fixture);
                foreach (var op in library.Ops)
                {
                    var (status, reason) = check.Ops.Contains(op) ? (check.Status, check.Reason) : ("not_applicable", NoModel(fixture));
                    catalog.Set(CaseId.Of(fixture.Dataset, fixture.Size, op, library), status, reason, check.WireBytes);
                }
                if (check.Status == "refused")
                {
                    Progress.Say($"REFUSED dataset={fixture.Dataset}/size={fixture.Size}/lib={library.Lib}: {check.Reason}");
                }
                if (check.Status == Accepted)
                {
                    verified.Add(new(library, fixture, check.Ops));
                }
            }
        }
        return verified;
    }

    /// <summary>The tens-of-MiB document of which every profile but full times only decode
    /// (as Python and C++ do): its encode and round trip rebuild the whole tree per call.</summary>
    public const string DecodeOnlyDataset = "packages";

    /// <summary>Outside the full profile, the ops of <see cref="DecodeOnlyDataset"/> but decode
    /// leave the plan, catalogued as not measured with the reason.</summary>
    public static List<Verified> DecodeOnly(List<Verified> verified, Catalog catalog, string profile)
    {
        if (profile == "full")
        {
            return verified;
        }
        var reason = $"the {profile} profile times only decode of {DecodeOnlyDataset}: run --profile full";
        foreach (var v in verified.Where(v => v.Fixture.Dataset == DecodeOnlyDataset))
        {
            foreach (var op in v.Ops.Where(op => op != Ops.Decode))
            {
                catalog.Set(CaseId.Of(v.Fixture.Dataset, v.Fixture.Size, op, v.Library), "not_measured", reason);
            }
        }
        return [.. verified
            .Select(v => v.Fixture.Dataset == DecodeOnlyDataset ? v with { Ops = [.. v.Ops.Where(op => op == Ops.Decode)] } : v)
            .Where(v => v.Ops.Count > 0)];
    }

    private static string NoModel(Fixture fixture) =>
        $"convert maps the domain model (Model/) to the library's classes and back; {fixture.Dataset} has no model here";

    // An accepted case stays catalogued as failed until BenchmarkDotNet reports it.
    public const string Accepted = "failed";

    /// <summary>The verdict on a library and fixture, and the ops that apply (convert only where
    /// the fixture has a domain model).</summary>
    private sealed record Checked(string Status, string Reason, int? WireBytes, IReadOnlyList<string> Ops);

    private static Checked Check(ILibrary library, Fixture fixture)
    {
        ICase bound;
        try
        {
            bound = fixture.Bind(library);
        }
        catch (NotApplicableException e)
        {
            return new("not_applicable", e.Message, null, library.Ops);
        }
        catch (Exception e)
        {
            // Building the library's input or its first encode failed: refused, with the reason.
            return new("refused", $"setup threw {e.GetType().Name}: {e.Message}", null, library.Ops);
        }
        var ops = library.Ops.Where(op => op != Ops.Convert || bound.Converts).ToList();
        if (bound.Refusal() is { } refusal)
        {
            return new("refused", refusal, bound.WireSize, ops);
        }
        if (library.Ops.Contains(Ops.AccessLazy) && bound.AccessLazy() != bound.AccessFull())
        {
            return new("refused", "lazy access read other values than full decode", bound.WireSize, ops);
        }
        return new(Accepted, "BenchmarkDotNet did not report it", bound.WireSize, ops);
    }

}
