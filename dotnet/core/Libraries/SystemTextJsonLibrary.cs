using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Serbench.Model;

namespace Serbench.Libraries;

/// <summary>System.Text.Json (in the box) called as an application calls it by default:
/// <c>JsonSerializer.SerializeToUtf8Bytes(value)</c> and <c>JsonSerializer.Deserialize&lt;T&gt;(bytes)</c>,
/// default options, reflection-based. Only the model's own attributes apply (enums as names,
/// RFC 3339 timestamps, byte lists as integer arrays, unions keyed by "type"), so keys are the
/// model's PascalCase property names and absent optional fields are written as null. Required
/// members and types are checked while decoding. The baseline of the docs' comparisons.</summary>
public sealed class SystemTextJsonLibrary()
    : ModelLibrary("system_text_json", "json", LibraryVersion.Of(typeof(JsonSerializer).Assembly), HomePage, ["reflection", "validates"])
{
    /// <summary>Shared by every System.Text.Json variant.</summary>
    public const string HomePage = "https://learn.microsoft.com/dotnet/standard/serialization/system-text-json/overview";

    public override string? Variant => "reflection";

    protected override Codec<Payload<TRecord>> Codec<TRecord>() => new DefaultCodec<TRecord>();

    private sealed class DefaultCodec<TRecord> : Codec<Payload<TRecord>>
    {
        public override byte[] Encode(Payload<TRecord> value) => JsonSerializer.SerializeToUtf8Bytes(value);

        public override Payload<TRecord> Decode(byte[] bytes) =>
            JsonSerializer.Deserialize<Payload<TRecord>>(bytes) ?? throw new JsonException("null payload");
    }
}

/// <summary>System.Text.Json tuned to write the canonical JSON of schemas/README.md
/// (<see cref="JsonConventions.Canonical"/>: the snake_case naming policy, absent optional fields
/// omitted), reflection-based, through the payload's resolved type info; required fields and
/// types are checked while decoding. The reference JSON writer of the interop matrix.</summary>
public class SystemTextJsonSnakeCaseLibrary()
    : ModelLibrary("system_text_json", "json", LibraryVersion.Of(typeof(JsonSerializer).Assembly), SystemTextJsonLibrary.HomePage, ["reflection", "validates"])
{
    public override string? Variant => "reflection_snake_case";

    protected override Codec<Payload<TRecord>> Codec<TRecord>() =>
        new JsonCodec<TRecord>((JsonTypeInfo<Payload<TRecord>>)JsonConventions.Canonical.GetTypeInfo(typeof(Payload<TRecord>)));

    protected sealed class JsonCodec<TRecord>(JsonTypeInfo<Payload<TRecord>> info) : Codec<Payload<TRecord>>
    {
        public override byte[] Encode(Payload<TRecord> value) => JsonSerializer.SerializeToUtf8Bytes(value, info);

        public override Payload<TRecord> Decode(byte[] bytes) =>
            JsonSerializer.Deserialize(bytes, info) ?? throw new JsonException("null payload");
    }
}

/// <summary>The same canonical JSON with the serializers the System.Text.Json source generator
/// writes (the same options, set on the generated context).</summary>
public sealed class SystemTextJsonSourceGenLibrary : SystemTextJsonSnakeCaseLibrary
{
    public override string? Variant => "source_gen";
    public override IReadOnlyList<string> Capabilities { get; } = ["codegen", "validates"];

    protected override Codec<Payload<TRecord>> Codec<TRecord>() =>
        new JsonCodec<TRecord>((JsonTypeInfo<Payload<TRecord>>)SourceGenContext.Default.GetTypeInfo(typeof(Payload<TRecord>))!);
}

// SourceGenContext, the source generator's context naming every dataset's payload, is
// generated from the dataset descriptions (codegen/mappings.py: json_context).
