using Google.FlatBuffers;
using Serbench.Model;

namespace Serbench.Libraries;

/// <summary>Google.FlatBuffers with the classes flatc generates from schemas/ (each dataset's
/// <see cref="FlatBuffersMapping{TRecord, TPayloadT}"/> is generated: codegen/mappings.py):
/// object-API pack/unpack, and lazy access in place. The suite decodes without the verifier
/// (as FlatBuffers' own benchmarks do); the robustness worker also runs it with
/// <paramref name="verify"/>.</summary>
public sealed class FlatBuffersLibrary(bool verify) : ILibrary
{
    // The suite's library (the bench creates each library with new()).
    public FlatBuffersLibrary() : this(verify: false)
    {
    }

    public string Lib => "flatbuffers";
    public string Format => "flatbuffers";
    public string? Variant => null;
    public string Version { get; } = LibraryVersion.OfPackage("Google.FlatBuffers");
    public string Home => "https://flatbuffers.dev/";
    public IReadOnlyList<string> Capabilities { get; } = ["codegen", "zero_copy"];
    public IReadOnlyList<string> Ops { get; } = [.. Serbench.Ops.Generated, Serbench.Ops.AccessLazy, Serbench.Ops.AccessFull];

    // decode unpacks every table into the object API (PayloadT), so it is full; encode packs
    // PayloadT into a builder. Only access_lazy reads in place.
    public IReadOnlyDictionary<string, string> LazyOps { get; } = new Dictionary<string, string>
    {
        [Serbench.Ops.AccessLazy] = "reads the named fields in place through the generated accessors (GetRootAsPayload), unpacking nothing",
    };

    public ICase Bind<TRecord>(Fixture<TRecord> fixture) where TRecord : class => fixture.Source.Mapping<IFlatBuffersMapping<TRecord>>().Bind(fixture, verify);
}

/// <summary>A dataset's mapping between the model and the classes flatc generates.</summary>
public interface IFlatBuffersMapping<TRecord> where TRecord : class
{
    /// <summary>The case; with <paramref name="verify"/>, decode runs the generated verifier
    /// before unpacking and rejects what it rejects.</summary>
    ICase Bind(Fixture<TRecord> fixture, bool verify);
}

/// <summary>Google.FlatBuffers on one dataset. The native object is the generated object-API
/// payload (`PayloadT`): encode packs it, decode unpacks it fully. Lazy access reads a few
/// fields through the generated accessors, in place; full access reads the same fields
/// from the unpacked objects.</summary>
public abstract class FlatBuffersMapping<TRecord, TPayloadT> : IFlatBuffersMapping<TRecord>
    where TRecord : class
{
    public ICase Bind(Fixture<TRecord> fixture, bool verify) =>
        new Case<TRecord, TPayloadT>(fixture, new FlatBuffersCodec(this, verify), ToNative, FromNative);

    protected abstract TPayloadT ToNative(Payload<TRecord> payload);

    protected abstract Payload<TRecord> FromNative(TPayloadT payload);

    /// <summary>Packs the payload into the builder; returns the root table's offset.</summary>
    protected abstract int Pack(FlatBufferBuilder builder, TPayloadT payload);

    protected abstract TPayloadT Unpack(ByteBuffer buffer);

    /// <summary>The root table's generated verifier (`PayloadVerify.Verify`).</summary>
    protected abstract VerifyTableAction VerifyPayload { get; }

    /// <summary>True when every offset and length of the buffer is in bounds. (The generated
    /// `Payload.VerifyPayload` passes the file identifier "", which the 25.2.10 runtime rejects
    /// with "file identifier must be length 4"; null skips the identifier check, as meant.)</summary>
    private bool Verify(ByteBuffer buffer) => new Verifier(buffer).VerifyBuffer(null, false, VerifyPayload);

    protected abstract long ReadLazy(ByteBuffer buffer);

    protected abstract long ReadFull(TPayloadT payload);

    private sealed class FlatBuffersCodec(FlatBuffersMapping<TRecord, TPayloadT> mapping, bool verify) : Codec<TPayloadT>
    {
        // Reused between encodes (Clear keeps its buffer), as FlatBuffers intends.
        private readonly FlatBufferBuilder builder = new(1024);

        public override byte[] Encode(TPayloadT value)
        {
            builder.Clear();
            builder.Finish(mapping.Pack(builder, value));
            return builder.SizedByteArray();
        }

        public override TPayloadT Decode(byte[] bytes)
        {
            var buffer = new ByteBuffer(bytes);
            return !verify || mapping.Verify(buffer)
                ? mapping.Unpack(buffer)
                : throw new InvalidDataException("the FlatBuffers verifier rejected the buffer");
        }

        public override long ReadLazy(byte[] bytes) => mapping.ReadLazy(new ByteBuffer(bytes));

        public override long ReadFull(TPayloadT value) => mapping.ReadFull(value);
    }
}
