using Google.FlatBuffers;
using Serbench.Model;
using Fb = serbench.mail.fbs;
using M = Serbench.Model.Mails;
using Pb = Serbench.Schemas.Mail.Proto;
using Th = serbench.mail.thrift;

namespace Serbench.Mappings;

public sealed class MailProtobuf : ProtobufMapping<M.Mail, Pb.Payload>
{
    protected override Pb.Payload ToProto(Payload<M.Mail> payload) => new() { Records = { payload.Records.Select(ToProto) } };

    protected override Payload<M.Mail> FromProto(Pb.Payload payload) => new() { Records = [.. payload.Records.Select(FromProto)] };

    private static Pb.Mail ToProto(M.Mail m) => new()
    {
        MessageId = m.MessageId,
        Subject = m.Subject,
        Sender = ToProto(m.Sender),
        To = { m.To.Select(ToProto) },
        Cc = { m.Cc.Select(ToProto) },
        Date = m.Date,
        Headers = { m.Headers.Select(h => new Pb.Header { Name = h.Name, Value = h.Value }) },
        Body = m.Body,
    };

    private static Pb.Contact ToProto(M.Contact c) => new() { Name = c.Name, Address = c.Address };

    private static M.Mail FromProto(Pb.Mail m) => new()
    {
        MessageId = m.MessageId,
        Subject = m.Subject,
        Sender = FromProto(Mapped.Required(m.Sender, "sender")),
        To = [.. m.To.Select(FromProto)],
        Cc = [.. m.Cc.Select(FromProto)],
        Date = m.Date,
        Headers = [.. m.Headers.Select(h => new M.Header { Name = h.Name, Value = h.Value })],
        Body = m.Body,
    };

    private static M.Contact FromProto(Pb.Contact c) => new() { Name = c.Name, Address = c.Address };
}

public sealed class MailFlatBuffers : FlatBuffersMapping<M.Mail, Fb.PayloadT>
{
    protected override Fb.PayloadT ToNative(Payload<M.Mail> payload) => new() { Records = [.. payload.Records.Select(ToNative)] };

    protected override Payload<M.Mail> FromNative(Fb.PayloadT payload) => new() { Records = Mapped.List(payload.Records, FromNative) };

    protected override int Pack(FlatBufferBuilder builder, Fb.PayloadT payload) => Fb.Payload.Pack(builder, payload).Value;

    protected override Fb.PayloadT Unpack(ByteBuffer buffer) => Fb.Payload.GetRootAsPayload(buffer).UnPack();

    protected override VerifyTableAction VerifyPayload => Fb.PayloadVerify.Verify;

    // The fields read: the date and the subject's length.
    protected override long ReadLazy(ByteBuffer buffer)
    {
        var payload = Fb.Payload.GetRootAsPayload(buffer);
        long sum = 0;
        for (var i = 0; i < payload.RecordsLength; i++)
        {
            var mail = payload.Records(i)!.Value;
            sum += mail.Date + mail.Subject.Length;
        }
        return sum;
    }

    protected override long ReadFull(Fb.PayloadT payload) => payload.Records.Sum(m => m.Date + m.Subject.Length);

    private static Fb.MailT ToNative(M.Mail m) => new()
    {
        MessageId = m.MessageId,
        Subject = m.Subject,
        Sender = ToNative(m.Sender),
        To = [.. m.To.Select(ToNative)],
        Cc = [.. m.Cc.Select(ToNative)],
        Date = m.Date,
        Headers = [.. m.Headers.Select(h => new Fb.HeaderT { Name = h.Name, Value = h.Value })],
        Body = m.Body,
    };

    private static Fb.ContactT ToNative(M.Contact c) => new() { Name = c.Name, Address = c.Address };

    private static M.Mail FromNative(Fb.MailT m) => new()
    {
        MessageId = Mapped.Text(m.MessageId),
        Subject = Mapped.Text(m.Subject),
        Sender = FromNative(Mapped.Required(m.Sender, "sender")),
        To = Mapped.List(m.To, FromNative),
        Cc = Mapped.List(m.Cc, FromNative),
        Date = m.Date,
        Headers = Mapped.List(m.Headers, h => new M.Header { Name = Mapped.Text(h.Name), Value = Mapped.Text(h.Value) }),
        Body = Mapped.Text(m.Body),
    };

    private static M.Contact FromNative(Fb.ContactT c) => new() { Name = Mapped.Text(c.Name), Address = Mapped.Text(c.Address) };
}

public sealed class MailThrift : ThriftMapping<M.Mail, Th.Payload>
{
    protected override Th.Payload ToThrift(Payload<M.Mail> payload) => new() { Records = [.. payload.Records.Select(ToThrift)] };

    protected override Payload<M.Mail> FromThrift(Th.Payload payload) => new() { Records = Mapped.List(payload.Records, FromThrift) };

    private static Th.Mail ToThrift(M.Mail m) => new()
    {
        MessageId = m.MessageId,
        Subject = m.Subject,
        Sender = ToThrift(m.Sender),
        To = [.. m.To.Select(ToThrift)],
        Cc = [.. m.Cc.Select(ToThrift)],
        Date = m.Date,
        Headers = [.. m.Headers.Select(h => new Th.Header { Name = h.Name, Value = h.Value })],
        Body = m.Body,
    };

    private static Th.Contact ToThrift(M.Contact c) => new() { Name = c.Name, Address = c.Address };

    private static M.Mail FromThrift(Th.Mail m) => new()
    {
        MessageId = Mapped.Text(m.MessageId),
        Subject = Mapped.Text(m.Subject),
        Sender = FromThrift(Mapped.Required(m.Sender, "sender")),
        To = Mapped.List(m.To, FromThrift),
        Cc = Mapped.List(m.Cc, FromThrift),
        Date = m.Date,
        Headers = Mapped.List(m.Headers, h => new M.Header { Name = Mapped.Text(h.Name), Value = Mapped.Text(h.Value) }),
        Body = Mapped.Text(m.Body),
    };

    private static M.Contact FromThrift(Th.Contact c) => new() { Name = Mapped.Text(c.Name), Address = Mapped.Text(c.Address) };
}
