using Google.Protobuf;
using Serbench.Model;

namespace Serbench.Libraries;

/// <summary>Google.Protobuf with the classes protoc generates from schemas/ (each dataset's
/// <see cref="ProtobufMapping{TRecord, TMessage}"/> is generated: codegen/mappings.py).</summary>
public sealed class GoogleProtobufLibrary : ILibrary
{
    public string Lib => "protobuf";
    public string Format => "protobuf";
    public string? Variant => null;
    public string Version { get; } = LibraryVersion.OfPackage("Google.Protobuf");
    public string Home => "https://protobuf.dev/";
    public IReadOnlyList<string> Capabilities { get; } = ["codegen"];
    public IReadOnlyList<string> Ops => Serbench.Ops.Generated;

    public ICase Bind<TRecord>(Fixture<TRecord> fixture) where TRecord : class => fixture.Source.Mapping<IProtobufMapping<TRecord>>().Bind(fixture);

    public ICase Bind(Documents.ProtobufDocument document) => new Documents.ProtobufDocumentCase(document);

    /// <summary>A user's document with its .proto, as the user's message in protobuf binary.</summary>
    public ICase Bind(Documents.JsonDocument document) => new Documents.UserMessageCase(document, json: false);
}

/// <summary>A dataset's mapping between the model and the classes protoc generates.</summary>
public interface IProtobufMapping<TRecord> where TRecord : class
{
    ICase Bind(Fixture<TRecord> fixture);
}

/// <summary>Google.Protobuf on one dataset: the generated payload message is the native
/// object; the model is mapped to it and back outside the timed operations.</summary>
public abstract class ProtobufMapping<TRecord, TMessage> : IProtobufMapping<TRecord>
    where TRecord : class
    where TMessage : IMessage<TMessage>, new()
{
    private static readonly MessageParser<TMessage> Parser = new(() => new TMessage());

    public ICase Bind(Fixture<TRecord> fixture) => new Case<TRecord, TMessage>(fixture, new ProtobufCodec(), ToNative, FromNative);

    protected abstract TMessage ToNative(Payload<TRecord> payload);

    protected abstract Payload<TRecord> FromNative(TMessage payload);

    private sealed class ProtobufCodec : Codec<TMessage>
    {
        public override byte[] Encode(TMessage value) => value.ToByteArray();

        public override TMessage Decode(byte[] bytes) => Parser.ParseFrom(bytes);
    }
}
