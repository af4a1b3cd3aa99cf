using Google.FlatBuffers;

namespace Serbench.Libraries;

/// <summary>Google.FlatBuffers with the classes flatc generates from schemas/ (per-dataset
/// mappings in Mappings/): object-API pack/unpack, and lazy access in place. The suite
/// decodes without the verifier (as FlatBuffers' own benchmarks do); the robustness worker
/// also runs it with <paramref name="verify"/>.</summary>
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

    public ICase Bind<TRecord>(Fixture<TRecord> fixture) where TRecord : class => fixture.Source.FlatBuffers.Bind(fixture, verify);
}
