using Google.Protobuf;

namespace Serbench.Libraries;

/// <summary>Google.Protobuf with the classes protoc generates from schemas/ (per-dataset
/// mappings in Mappings/).</summary>
public sealed class GoogleProtobufLibrary : ILibrary
{
    public string Lib => "protobuf";
    public string Format => "protobuf";
    public string? Variant => null;
    public string Version { get; } = LibraryVersion.OfPackage("Google.Protobuf");
    public string Home => "https://protobuf.dev/";
    public IReadOnlyList<string> Capabilities { get; } = ["codegen"];
    public IReadOnlyList<string> Ops => Serbench.Ops.Generated;

    public ICase Bind<TRecord>(Fixture<TRecord> fixture) where TRecord : class => fixture.Source.Protobuf.Bind(fixture);

    public ICase Bind(Documents.ProtobufDocument document) => new Documents.ProtobufDocumentCase(document);
}
