using System.Text.Json;
using System.Text.Json.Serialization;

namespace Serbench.Robustness;

/// <summary>The six outcome classes (and `accepted`, which the driver maps by the input's expectation).</summary>
public static class Outcomes
{
    public const string CleanError = "clean_error";
    public const string AcceptedEqual = "accepted_equal";
    public const string AcceptedDifferent = "accepted_different";
    public const string Accepted = "accepted";
    public const string MemoryBlowup = "memory_blowup";
}

/// <summary>What an input must give: the fixture of (dataset, size), or, for documents of
/// no dataset (JSON_checker files), acceptance or rejection.</summary>
public static class Expect
{
    public const string Fixture = "fixture";
    public const string Accept = "accept";
    public const string Reject = "reject";
}

/// <summary>One request line of the driver.</summary>
public sealed record Request
{
    public required string Lib { get; init; }
    public string? Variant { get; init; }
    public required string Format { get; init; }
    public string? Dataset { get; init; }
    public int? Size { get; init; }
    public required string Path { get; init; }
    public required string Expect { get; init; }
}

/// <summary>One reply line: the outcome, a short detail, the decode attempt's time in ns.</summary>
public sealed record Reply(string Outcome, string Detail, long Ns);

/// <summary>One line of `--list`.</summary>
public sealed record DecoderInfo(string Lib, string? Variant, string Format, string Version, bool Schemaless);

/// <summary>The wire form of the protocol (tools/robustness/README.md): snake_case JSON, one value a line.</summary>
public static class Protocol
{
    private static readonly JsonSerializerOptions Options = new()
    {
        PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower,
        RespectNullableAnnotations = true,
    };

    public static Request ParseRequest(string line)
    {
        try
        {
            return JsonSerializer.Deserialize<Request>(line, Options) ?? throw new ProtocolException("a null request");
        }
        catch (JsonException e)
        {
            throw new ProtocolException($"malformed request line ({e.Message}): {line}");
        }
    }

    /// <summary>Writes <paramref name="value"/> as one line and flushes it.</summary>
    public static void WriteLine<T>(Stream output, T value)
    {
        JsonSerializer.Serialize(output, value, Options);
        output.WriteByte((byte)'\n');
        output.Flush();
    }
}
