using System.Text;
using Google.Protobuf;
using Google.Protobuf.Reflection;

namespace Serbench.Documents;

/// <summary>protobuf on a user's JSON document mapped to the user's own message (runner mine
/// --proto; the bench's --proto-cs): <see cref="JsonDocument.Message"/>, a message of the C#
/// protoc generated from the user's .proto, compiled at run time (the bench's UserProto), so the
/// timed calls are the generated code's. The document goes through protobuf's standard JSON
/// mapping (Google.Protobuf's <see cref="JsonParser"/>); one whose top level is an array is a
/// list of messages: in binary each one length-delimited (its size as a varint, then its bytes)
/// and concatenated, in JSON one message a line, as the Python and C++ suites write them.
/// The round trip is checked in the message's own terms: what decode gives back must equal the
/// messages the document maps to (generated equality: doubles to the bit).</summary>
public sealed class UserMessageCase : ICase
{
    private readonly MessageDescriptor descriptor;
    private readonly bool json;
    private readonly bool many;
    private readonly IMessage[] messages = [];
    private readonly byte[] bytes = [];
    private readonly string? misfit;

    /// <summary>json: protobuf JSON, else protobuf binary. Throws <see cref="NotApplicableException"/>
    /// for a document without a message; a document that does not fit it is refused (<see cref="Refusal"/>)
    /// with the mapping's own error, which names the field.</summary>
    public UserMessageCase(JsonDocument document, bool json)
    {
        descriptor = document.Message ?? throw new NotApplicableException(
            $"{document.Dataset} is a schema-less JSON document; protobuf measures one only as the user's message (runner mine --proto)");
        this.json = json;
        var text = Encoding.UTF8.GetString(document.Json);
        var items = Items(text);
        many = items is not null;
        var texts = items ?? [text];
        try
        {
            messages = [.. texts.Select(item => JsonParser.Default.Parse(item, descriptor))];
        }
        catch (Exception e)
        {
            // Whatever the mapping throws (unknown field, wrong type, out of range) is its verdict.
            misfit = $"the document does not fit {descriptor.FullName}: {e.Message.ReplaceLineEndings(" ")}";
            return;
        }
        misfit = Changed(texts);
        bytes = Encode();
    }

    public int WireSize => bytes.Length;

    public byte[] Encode() => !many ? Write(messages[0]) : json ? JsonLines() : Delimited();

    public object Decode() => Decode(bytes);

    public object RoundTrip() => Decode(Encode());

    public long AccessLazy() => throw new NotSupportedException("a user's message has no access fields");

    public long AccessFull() => throw new NotSupportedException("a user's message has no access fields");

    /// <summary>One message, or the list of them when the document is an array.</summary>
    public object Decode(byte[] input) =>
        !many ? Parse(input, 0, input.Length) : json ? ParseLines(input) : ParseDelimited(input);

    public string? Diff(object? decoded)
    {
        IReadOnlyList<IMessage> back = decoded is IMessage one ? [one] : (List<IMessage>)decoded!;
        if (back.Count != messages.Length)
        {
            return $"read back {back.Count} messages, expected {messages.Length}";
        }
        var i = Enumerable.Range(0, back.Count).FirstOrDefault(i => !messages[i].Equals(back[i]), -1);
        return i < 0 ? null : $"message {i} read back differs: {FirstField(messages[i], back[i])}";
    }

    public string? Refusal() => misfit ?? (((ICase)this).Mismatch(Encode()) is { } diff ? $"round trip: {diff}" : null);

    /// <summary>Why the messages do not hold the document's values as written, or null.</summary>
    private string? Changed(List<string> texts)
    {
        for (var i = 0; i < texts.Count; i++)
        {
            using var tree = Tree(texts[i]);
            if (JsonIntegers.FirstChanged(tree.RootElement, messages[i]) is { } changed)
            {
                return $"Google.Protobuf's JSON mapping changed {(many ? $"message {i}" : "the document")}: {changed} "
                    + "(it reads a JSON number through a double; a 64-bit integer written as a string is read exactly)";
            }
        }
        return null;
    }

    private static System.Text.Json.JsonDocument Tree(string text) =>
        System.Text.Json.JsonDocument.Parse(text, new() { MaxDepth = JsonParser.Settings.Default.RecursionLimit + 1 });

    /// <summary>The elements of a top-level JSON array, as their own text (never re-encoded); null
    /// when the document is not an array.</summary>
    private static List<string>? Items(string text)
    {
        if (!text.TrimStart().StartsWith('['))
        {
            return null;
        }
        using var array = Tree(text);
        return [.. array.RootElement.EnumerateArray().Select(item => item.GetRawText())];
    }

    private byte[] Write(IMessage message) =>
        json ? Encoding.UTF8.GetBytes(JsonFormatter.Default.Format(message)) : message.ToByteArray();

    private byte[] JsonLines() => Encoding.UTF8.GetBytes(string.Join('\n', messages.Select(m => JsonFormatter.Default.Format(m))));

    private byte[] Delimited()
    {
        var size = 0;
        foreach (var message in messages)
        {
            size += CodedOutputStream.ComputeMessageSize(message);
        }
        var buffer = new byte[size];
        var output = new CodedOutputStream(buffer);
        foreach (var message in messages)
        {
            output.WriteMessage(message);
        }
        output.CheckNoSpaceLeft();
        return buffer;
    }

    private IMessage Parse(byte[] input, int offset, int length) =>
        json ? JsonParser.Default.Parse(Encoding.UTF8.GetString(input, offset, length), descriptor)
            : descriptor.Parser.ParseFrom(input, offset, length);

    private List<IMessage> ParseLines(byte[] input)
    {
        var parsed = new List<IMessage>();
        for (var from = 0; from < input.Length;)
        {
            var end = Array.IndexOf(input, (byte)'\n', from) is var at and >= 0 ? at : input.Length;
            parsed.Add(Parse(input, from, end - from));
            from = end + 1;
        }
        return parsed;
    }

    private List<IMessage> ParseDelimited(byte[] input)
    {
        var parsed = new List<IMessage>();
        for (var at = 0; at < input.Length;)
        {
            var (size, header) = Varint(input, at);
            parsed.Add(Parse(input, at + header, size));
            at += header + size;
        }
        return parsed;
    }

    /// <summary>A message's size before it (protobuf's delimited format), and the bytes it took.</summary>
    private static (int Value, int Length) Varint(byte[] input, int at)
    {
        int value = 0, length = 0;
        byte next;
        do
        {
            next = input[at + length];
            value |= (next & 0x7F) << (7 * length++);
        }
        while ((next & 0x80) != 0);
        return (value, length);
    }

    /// <summary>The first field (by number) whose values differ, for the refusal's text.</summary>
    private string FirstField(IMessage expected, IMessage got) =>
        descriptor.Fields.InFieldNumberOrder()
            .Where(f => !Equals(f.Accessor.GetValue(expected), f.Accessor.GetValue(got)))
            .Select(f => $"{f.Name}: expected {f.Accessor.GetValue(expected)}, got {f.Accessor.GetValue(got)}")
            .FirstOrDefault("unknown fields differ");
}
