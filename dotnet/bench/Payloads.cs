namespace Serbench.Bench;

/// <summary>--payloads DIR: each verified encode case's payload, written once before anything
/// is timed, for the runner to measure its compressed sizes (runner/ingest/payloads.py).</summary>
public static class Payloads
{
    /// <summary>The case id with each '/' written as ',', then ".bin" (no case id value holds a comma).</summary>
    public static string FileName(string caseId) => caseId.Replace('/', ',') + ".bin";

    /// <summary>Writes the bytes each verified encode case's op returns (the library bound to the
    /// fixture afresh, as the benchmark's setup does) to dir/FileName(its id).</summary>
    public static void Write(string dir, IEnumerable<Verified> verified)
    {
        Directory.CreateDirectory(dir);
        foreach (var v in verified.Where(v => v.Ops.Contains(Ops.Encode)))
        {
            var id = CaseId.Of(v.Fixture.Dataset, v.Fixture.Size, Ops.Encode, v.Library);
            File.WriteAllBytes(Path.Combine(dir, FileName(id)), v.Fixture.Bind(v.Library).Encode());
        }
    }
}
