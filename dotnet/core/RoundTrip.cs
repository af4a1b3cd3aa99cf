using Serbench.Adapters;
using Serbench.Model;

namespace Serbench;

/// <summary>The check every case passes before it is timed: fixture -> encode -> decode
/// must give back the fixture, field by field.</summary>
public static class RoundTrip
{
    /// <summary>Null when the adapter round-trips the fixture; otherwise why it is refused.</summary>
    public static string? Refusal(ICodecAdapter adapter, Fixture fixture)
    {
        List<User> decoded;
        try
        {
            decoded = adapter.Decode(adapter.Encode(fixture.Users));
        }
        catch (Exception e)
        {
            // Any failure of a library under test is a refusal with its reason, not a crash.
            return $"round trip threw {e.GetType().Name}: {e.Message}";
        }
        return FieldDiff.First(fixture.Users, decoded) is { } diff ? $"round trip differs at {diff}" : null;
    }
}
