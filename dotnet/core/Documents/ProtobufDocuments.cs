using Google.Protobuf;

namespace Serbench.Documents;

/// <summary>A library that cannot represent a dataset, and why (catalogued as not_applicable).</summary>
public sealed class NotApplicableException(string reason) : Exception(reason);

/// <summary>One of protobuf's own benchmark datasets (schemas/google_message): a
/// BenchmarkDataset wrapper holding serialized payloads of one upstream message type.
/// Only Google.Protobuf, with the upstream schemas' generated classes, reads them.</summary>
public sealed record ProtobufDocument(string Name, MessageParser Parser, IReadOnlyList<byte[]> Payloads) : Fixture(Name, 1)
{
    public override ICase Bind(ILibrary library) => library.Bind(this);

    public override string? Diff(Fixture other) =>
        other is ProtobufDocument same && same.Payloads.SequenceEqual(Payloads, ByteArrays.Equality) ? null : "payload: differs";
}

/// <summary>The catalog's real protobuf documents (google_message*, schemas/README.md), size 1 each.</summary>
public static class ProtobufDocuments
{
    private static readonly Dictionary<string, string> Files = CatalogData.RealDocuments
        .Where(d => d.Kind == "real_protobuf")
        .ToDictionary(d => d.Name, d => d.File);

    public static IReadOnlyList<string> Names { get; } = [.. Files.Keys];

    // BenchmarkDataset.message_name -> the generated parser of that message.
    private static readonly Dictionary<string, MessageParser> Parsers = new()
    {
        ["benchmarks.proto2.GoogleMessage1"] = Benchmarks.Proto2.GoogleMessage1.Parser,
        ["benchmarks.proto3.GoogleMessage1"] = Benchmarks.Proto3.GoogleMessage1.Parser,
        ["benchmarks.proto2.GoogleMessage2"] = Benchmarks.Proto2.GoogleMessage2.Parser,
    };

    public static ProtobufDocument Load(string name)
    {
        var dataset = Benchmarks.BenchmarkDataset.Parser.ParseFrom(File.ReadAllBytes(Runfiles.Resolve(Files[name])));
        var parser = Parsers.GetValueOrDefault(dataset.MessageName)
            ?? throw new InvalidDataException($"{name}: unknown message {dataset.MessageName}");
        return new ProtobufDocument(name, parser, [.. dataset.Payload.Select(p => p.ToByteArray())]);
    }
}

internal static class ByteArrays
{
    public static IEqualityComparer<byte[]> Equality { get; } =
        EqualityComparer<byte[]>.Create((a, b) => a.AsSpan().SequenceEqual(b), a => a.Length);
}

/// <summary>Google.Protobuf on a protobuf document: every payload in turn, as upstream's
/// benchmarks do (decode parses each payload, encode serializes each parsed message).</summary>
public sealed class ProtobufDocumentCase(ProtobufDocument document) : ICase
{
    private readonly IMessage[] messages = [.. document.Payloads.Select(document.Parser.ParseFrom)];

    public int WireSize { get; } = document.Payloads.Sum(p => p.Length);

    public byte[] Encode()
    {
        byte[] last = [];
        foreach (var message in messages)
        {
            last = message.ToByteArray();
        }
        return last;
    }

    public object Decode()
    {
        object last = messages;
        foreach (var payload in document.Payloads)
        {
            last = document.Parser.ParseFrom(payload);
        }
        return last;
    }

    public object RoundTrip()
    {
        object last = messages;
        foreach (var message in messages)
        {
            last = document.Parser.ParseFrom(message.ToByteArray());
        }
        return last;
    }

    public long AccessLazy() => throw new NotSupportedException("no lazy access");

    public long AccessFull() => throw new NotSupportedException("no field access");

    public object? Decode(byte[] bytes) => document.Parser.ParseFrom(bytes);

    /// <summary>Compares with the first payload's message (the one a interop file holds).</summary>
    public string? Diff(object? decoded) => messages[0].Equals(decoded) ? null : "payload[0]: the decoded message differs";

    // Every payload must survive serialize -> parse unchanged (message equality is field by field).
    public string? Refusal() =>
        messages.Select((m, i) => document.Parser.ParseFrom(m.ToByteArray()).Equals(m) ? null : $"round trip: payload[{i}] differs")
            .FirstOrDefault(r => r is not null);
}
