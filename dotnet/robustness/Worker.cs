namespace Serbench.Robustness;

/// <summary>Serves requests: reads the input, decodes it with the named decoder, compares
/// with the fixture when one is expected, and classifies the outcome. Fixtures and bound
/// decoders are built on first use and kept.</summary>
public sealed class Worker
{
    private readonly Dictionary<(string, int), Fixture> fixtures = [];
    private readonly Dictionary<(Decoder, string, int), Bound> bound = [];

    public Reply Handle(Request request)
    {
        var decoder = Decoders.Find(request);
        var decode = DecodeFor(decoder, request);
        var bytes = Attempts.Input(request.Path);
        object? decoded = null;
        Exception? error = null;
        var ns = Attempts.Time(() => decoded = decode(bytes), e => error = e);
        return error switch
        {
            OutOfMemoryException => new(Outcomes.MemoryBlowup, Attempts.Describe(error), ns),
            // Anything else a decoder throws is a clean rejection, InsufficientExecutionStackException
            // too (the runtime refusing to recurse deeper); a stack overflow kills the process.
            not null => new(Outcomes.CleanError, Attempts.Describe(error), Attempts.RejectNs(() => decode(bytes), ns)),
            null when request.Expect == Expect.Fixture => Compare(bound[Key(decoder, request)], decoded, ns),
            null => new(Outcomes.Accepted, "", ns),
        };
    }

    private Func<byte[], object?> DecodeFor(Decoder decoder, Request request)
    {
        switch (request.Expect)
        {
            case Expect.Fixture:
                var key = Key(decoder, request);
                if (!bound.TryGetValue(key, out var decoderOnFixture))
                {
                    bound[key] = decoderOnFixture = decoder.Bind(FixtureOf(key.Item2, key.Item3));
                    // Once on the fixture's own bytes: JIT and first-use caches stay out of the timed attempts.
                    decoderOnFixture.Decode(decoderOnFixture.Sample);
                }
                return decoderOnFixture.Decode;
            case Expect.Accept or Expect.Reject when decoder.Info.Schemaless:
                return decoder.DecodeDocument;
            default:
                throw new ProtocolException($"expect={request.Expect} cannot go to {decoder.Info}");
        }
    }

    private static (Decoder, string, int) Key(Decoder decoder, Request request) =>
        request is { Dataset: { } dataset, Size: { } size }
            ? (decoder, dataset, size)
            : throw new ProtocolException("expect=fixture needs dataset and size");

    private Fixture FixtureOf(string dataset, int size)
    {
        if (!Datasets.Names.Contains(dataset) || !Fixtures.Sizes.Contains(size))
        {
            throw new ProtocolException($"no fixture for dataset={dataset} size={size}");
        }
        if (!fixtures.TryGetValue((dataset, size), out var fixture))
        {
            fixtures[(dataset, size)] = fixture = Fixtures.Load(dataset, size);
        }
        return fixture;
    }

    private static Reply Compare(Bound decoder, object? decoded, long ns)
    {
        try
        {
            return decoder.Diff(decoded) is { } diff
                ? new(Outcomes.AcceptedDifferent, Attempts.Short(diff), ns)
                : new(Outcomes.AcceptedEqual, "", ns);
        }
        catch (Exception e)
        {
            // Decoded, but into objects the model cannot hold (a required table absent) or the
            // comparison cannot walk (nesting deeper than System.Text.Json's 64 levels).
            return new(Outcomes.AcceptedDifferent, $"compare failed: {Attempts.Describe(e)}", ns);
        }
    }
}
