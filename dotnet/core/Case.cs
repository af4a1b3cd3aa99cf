using Serbench.Model;

namespace Serbench;

/// <summary>One library on one fixture, with its inputs built (untimed): the operations the
/// bench times, the round-trip check that must pass first, and the interop operations.</summary>
public interface ICase
{
    int WireSize { get; }

    byte[] Encode();

    object Decode();

    object RoundTrip();

    /// <summary>True when <see cref="Convert"/> applies: the case has a domain model (the
    /// synthetic datasets) and native objects of another type.</summary>
    bool Converts => false;

    /// <summary>The model -> the library's native objects -> the model (libraries of
    /// generated classes only).</summary>
    object Convert() => throw new NotSupportedException("no conversion: the native objects are the model");

    /// <summary>Reads a few named fields straight from the bytes (zero-copy formats only).</summary>
    long AccessLazy();

    /// <summary>Full decode, then reads the same fields as <see cref="AccessLazy"/>.</summary>
    long AccessFull();

    /// <summary>Decodes any <paramref name="bytes"/> (not only the case's own) into the
    /// library's fully materialized native objects; throws what the library throws. Null only
    /// where the library returns null (System.Text.Json's JsonNode for the document `null`).</summary>
    object? Decode(byte[] bytes);

    /// <summary>Null when <paramref name="decoded"/> (from <see cref="Decode(byte[])"/>) holds
    /// the fixture; else the first differing field. May throw when the objects cannot be
    /// mapped to the model (e.g. a required table is absent).</summary>
    string? Diff(object? decoded);

    /// <summary>Null when <paramref name="bytes"/> decode to the fixture; else why not
    /// (the first differing field, or the decoder's error).</summary>
    string? Mismatch(byte[] bytes)
    {
        try
        {
            return Diff(Decode(bytes));
        }
        catch (Exception e)
        {
            // Any failure of a library under test is a reason, not a crash.
            return $"decode threw {e.GetType().Name}: {e.Message}";
        }
    }

    /// <summary>Null when the case may be timed; else why it is refused.</summary>
    string? Refusal();
}

/// <summary>A library's encoder and decoder for its native payload type.</summary>
public abstract class Codec<TNative>
{
    public abstract byte[] Encode(TNative value);

    public abstract TNative Decode(byte[] bytes);

    /// <summary>Reads a few fields from the bytes without a full decode; only zero-copy formats have it.</summary>
    public virtual long ReadLazy(byte[] bytes) => throw new NotSupportedException("no lazy access");

    public virtual long ReadFull(TNative value) => throw new NotSupportedException("no field access");
}

/// <summary>The case of a library whose native payload is <typeparamref name="TNative"/>:
/// encode starts from native objects built (untimed) from the fixture's model, decode ends
/// with native objects; only <see cref="Convert"/> (and the untimed checks) map between
/// native objects and the model.</summary>
public sealed class Case<TRecord, TNative> : ICase where TRecord : class
{
    private readonly Fixture<TRecord> fixture;
    private readonly Codec<TNative> codec;
    private readonly Func<Payload<TRecord>, TNative> fromModel;
    private readonly Func<TNative, Payload<TRecord>> toModel;
    private readonly TNative native;
    private readonly byte[] bytes;

    public Case(Fixture<TRecord> fixture, Codec<TNative> codec,
        Func<Payload<TRecord>, TNative> fromModel, Func<TNative, Payload<TRecord>> toModel)
    {
        this.fixture = fixture;
        this.codec = codec;
        this.fromModel = fromModel;
        this.toModel = toModel;
        native = fromModel(fixture.Payload);
        bytes = codec.Encode(native);
    }

    public int WireSize => bytes.Length;

    public byte[] Encode() => codec.Encode(native);

    public object Decode() => codec.Decode(bytes)!;

    public object RoundTrip() => codec.Decode(codec.Encode(native))!;

    public bool Converts => typeof(TNative) != typeof(Payload<TRecord>);

    public object Convert() => toModel(fromModel(fixture.Payload));

    public long AccessLazy() => codec.ReadLazy(bytes);

    public long AccessFull() => codec.ReadFull(codec.Decode(bytes));

    public object? Decode(byte[] encoded) => codec.Decode(encoded);

    public string? Diff(object? decoded) => fixture.Diff(toModel((TNative)decoded!));

    public string? Refusal()
    {
        byte[] encoded;
        try
        {
            encoded = Encode();
        }
        catch (Exception e)
        {
            return $"encode threw {e.GetType().Name}: {e.Message}";
        }
        if (((ICase)this).Mismatch(encoded) is { } diff)
        {
            return $"round trip: {diff}";
        }
        return Converts ? ConvertRefusal() : null;
    }

    private string? ConvertRefusal()
    {
        try
        {
            return fixture.Diff((Payload<TRecord>)Convert()) is { } diff ? $"convert: {diff}" : null;
        }
        catch (Exception e)
        {
            return $"convert threw {e.GetType().Name}: {e.Message}";
        }
    }
}
