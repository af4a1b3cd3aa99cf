using Serbench.Documents;

namespace Serbench.Libraries;

/// <summary>Google.Protobuf's standard JSON mapping (<c>JsonFormatter</c> / <c>JsonParser</c>, compact,
/// lowerCamelCase names) on a user's document as the user's own message (runner mine --proto):
/// the JSON twin of <see cref="GoogleProtobufLibrary"/>'s binary on it, with the same name and
/// no variant, as in the other languages. Nothing else has a message here, so the bench lists it
/// only with a user's message (<see cref="Registry.UserMessageLibraries"/>).</summary>
public sealed class GoogleProtobufJsonLibrary : ILibrary
{
    private const string OnlyUserMessages = "protobuf JSON is measured on a user's document with its .proto (runner mine --proto)";

    public string Lib => "protobuf";
    public string Format => "json";
    public string? Variant => null;
    public string Version { get; } = LibraryVersion.OfPackage("Google.Protobuf");
    public string Home => "https://protobuf.dev/";
    public IReadOnlyList<string> Capabilities { get; } = ["codegen"];

    public ICase Bind<TRecord>(Fixture<TRecord> fixture) where TRecord : class => throw new NotApplicableException(OnlyUserMessages);

    public ICase Bind(ProtobufDocument document) => throw new NotApplicableException(OnlyUserMessages);

    public ICase Bind(JsonDocument document) => new UserMessageCase(document, json: true);
}
