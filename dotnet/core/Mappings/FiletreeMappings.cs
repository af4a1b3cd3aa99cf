using Google.FlatBuffers;
using Serbench.Model;
using Fb = serbench.filetree.fbs;
using M = Serbench.Model.Filetrees;
using Pb = Serbench.Schemas.Filetree.Proto;
using Th = serbench.filetree.thrift;

namespace Serbench.Mappings;

public sealed class FiletreeProtobuf : ProtobufMapping<M.Node, Pb.Payload>
{
    protected override Pb.Payload ToProto(Payload<M.Node> payload) => new() { Records = { payload.Records.Select(ToProto) } };

    protected override Payload<M.Node> FromProto(Pb.Payload payload) => new() { Records = [.. payload.Records.Select(FromProto)] };

    private static Pb.Node ToProto(M.Node node) => node switch
    {
        M.FileNode f => new() { File = ToProto(f) },
        M.DirectoryNode d => new() { Directory = ToProto(d) },
        _ => throw new ArgumentException($"unknown node {node}"),
    };

    private static Pb.File ToProto(M.FileNode f)
    {
        var file = new Pb.File { Name = f.Name, CreatedBy = f.CreatedBy, CreatedAt = f.CreatedAt, Nbytes = f.Nbytes, Permissions = (Pb.Permission)f.Permissions };
        if (f.UpdatedBy is { } by)
        {
            file.UpdatedBy = by;
        }
        if (f.UpdatedAt is { } at)
        {
            file.UpdatedAt = at;
        }
        return file;
    }

    private static Pb.Directory ToProto(M.DirectoryNode d)
    {
        var directory = new Pb.Directory { Name = d.Name, CreatedBy = d.CreatedBy, CreatedAt = d.CreatedAt, Contents = { d.Contents.Select(ToProto) } };
        if (d.UpdatedBy is { } by)
        {
            directory.UpdatedBy = by;
        }
        if (d.UpdatedAt is { } at)
        {
            directory.UpdatedAt = at;
        }
        return directory;
    }

    private static M.Node FromProto(Pb.Node node) => node.EntryCase switch
    {
        Pb.Node.EntryOneofCase.File => FromProto(node.File),
        Pb.Node.EntryOneofCase.Directory => FromProto(node.Directory),
        _ => throw new InvalidDataException("node without entry"),
    };

    private static M.FileNode FromProto(Pb.File f) => new()
    {
        Name = f.Name, CreatedBy = f.CreatedBy, CreatedAt = f.CreatedAt,
        UpdatedBy = f.HasUpdatedBy ? f.UpdatedBy : null, UpdatedAt = f.HasUpdatedAt ? f.UpdatedAt : null,
        Nbytes = f.Nbytes, Permissions = (M.Permission)f.Permissions,
    };

    private static M.DirectoryNode FromProto(Pb.Directory d) => new()
    {
        Name = d.Name, CreatedBy = d.CreatedBy, CreatedAt = d.CreatedAt,
        UpdatedBy = d.HasUpdatedBy ? d.UpdatedBy : null, UpdatedAt = d.HasUpdatedAt ? d.UpdatedAt : null,
        Contents = [.. d.Contents.Select(FromProto)],
    };
}

public sealed class FiletreeFlatBuffers : FlatBuffersMapping<M.Node, Fb.PayloadT>
{
    protected override Fb.PayloadT ToNative(Payload<M.Node> payload) => new() { Records = [.. payload.Records.Select(ToNative)] };

    protected override Payload<M.Node> FromNative(Fb.PayloadT payload) => new() { Records = Mapped.List(payload.Records, FromNative) };

    protected override int Pack(FlatBufferBuilder builder, Fb.PayloadT payload) => Fb.Payload.Pack(builder, payload).Value;

    protected override Fb.PayloadT Unpack(ByteBuffer buffer) => Fb.Payload.GetRootAsPayload(buffer).UnPack();

    protected override VerifyTableAction VerifyPayload => Fb.PayloadVerify.Verify;

    // The fields read: each top-level node's kind and its name's length.
    protected override long ReadLazy(ByteBuffer buffer)
    {
        var payload = Fb.Payload.GetRootAsPayload(buffer);
        long sum = 0;
        for (var i = 0; i < payload.RecordsLength; i++)
        {
            var node = payload.Records(i)!.Value;
            sum += (long)node.EntryType + (node.EntryType == Fb.Entry.File ? node.EntryAsFile().Name : node.EntryAsDirectory().Name).Length;
        }
        return sum;
    }

    protected override long ReadFull(Fb.PayloadT payload) =>
        payload.Records.Sum(n => (long)n.Entry.Type + (n.Entry.Type == Fb.Entry.File ? n.Entry.AsFile().Name : n.Entry.AsDirectory().Name).Length);

    private static Fb.NodeT ToNative(M.Node node) => new()
    {
        Entry = node switch
        {
            M.FileNode f => Fb.EntryUnion.FromFile(new()
            {
                Name = f.Name, CreatedBy = f.CreatedBy, CreatedAt = f.CreatedAt, UpdatedBy = f.UpdatedBy, UpdatedAt = f.UpdatedAt,
                Nbytes = f.Nbytes, Permissions = (Fb.Permission)f.Permissions,
            }),
            M.DirectoryNode d => Fb.EntryUnion.FromDirectory(new()
            {
                Name = d.Name, CreatedBy = d.CreatedBy, CreatedAt = d.CreatedAt, UpdatedBy = d.UpdatedBy, UpdatedAt = d.UpdatedAt,
                Contents = [.. d.Contents.Select(ToNative)],
            }),
            _ => throw new ArgumentException($"unknown node {node}"),
        },
    };

    private static M.Node FromNative(Fb.NodeT node) => node.Entry?.Type switch
    {
        Fb.Entry.File => FromNative(node.Entry.AsFile()),
        Fb.Entry.Directory => FromNative(node.Entry.AsDirectory()),
        _ => throw new InvalidDataException("node without entry"),
    };

    private static M.FileNode FromNative(Fb.FileT f) => new()
    {
        Name = Mapped.Text(f.Name), CreatedBy = Mapped.Text(f.CreatedBy), CreatedAt = f.CreatedAt, UpdatedBy = f.UpdatedBy,
        UpdatedAt = f.UpdatedAt, Nbytes = f.Nbytes, Permissions = (M.Permission)f.Permissions,
    };

    private static M.DirectoryNode FromNative(Fb.DirectoryT d) => new()
    {
        Name = Mapped.Text(d.Name), CreatedBy = Mapped.Text(d.CreatedBy), CreatedAt = d.CreatedAt, UpdatedBy = d.UpdatedBy,
        UpdatedAt = d.UpdatedAt, Contents = Mapped.List(d.Contents, FromNative),
    };
}

public sealed class FiletreeThrift : ThriftMapping<M.Node, Th.Payload>
{
    protected override Th.Payload ToThrift(Payload<M.Node> payload) => new() { Records = [.. payload.Records.Select(ToThrift)] };

    protected override Payload<M.Node> FromThrift(Th.Payload payload) => new() { Records = Mapped.List(payload.Records, FromThrift) };

    private static Th.Node ToThrift(M.Node node) => node switch
    {
        M.FileNode f => new() { File = ToThrift(f) },
        M.DirectoryNode d => new() { Directory = ToThrift(d) },
        _ => throw new ArgumentException($"unknown node {node}"),
    };

    // Optional fields are set only when present: setting one marks it for writing.
    private static Th.File ToThrift(M.FileNode f)
    {
        var file = new Th.File { Name = f.Name, CreatedBy = f.CreatedBy, CreatedAt = f.CreatedAt, Nbytes = checked((long)f.Nbytes), Permissions = (Th.Permission)f.Permissions };
        if (f.UpdatedBy is { } by)
        {
            file.UpdatedBy = by;
        }
        if (f.UpdatedAt is { } at)
        {
            file.UpdatedAt = at;
        }
        return file;
    }

    private static Th.Directory ToThrift(M.DirectoryNode d)
    {
        var directory = new Th.Directory { Name = d.Name, CreatedBy = d.CreatedBy, CreatedAt = d.CreatedAt, Contents = [.. d.Contents.Select(ToThrift)] };
        if (d.UpdatedBy is { } by)
        {
            directory.UpdatedBy = by;
        }
        if (d.UpdatedAt is { } at)
        {
            directory.UpdatedAt = at;
        }
        return directory;
    }

    private static M.Node FromThrift(Th.Node node) => (node.File, node.Directory) switch
    {
        ({ } f, null) => FromThrift(f),
        (null, { } d) => FromThrift(d),
        _ => throw new InvalidDataException("node: a union needs exactly one member"),
    };

    private static M.FileNode FromThrift(Th.File f) => new()
    {
        Name = Mapped.Text(f.Name), CreatedBy = Mapped.Text(f.CreatedBy), CreatedAt = f.CreatedAt,
        UpdatedBy = f.UpdatedBy, UpdatedAt = f.__isset.updated_at ? f.UpdatedAt : null,
        Nbytes = checked((ulong)f.Nbytes), Permissions = Mapped.Enum<M.Permission>((int)f.Permissions, "permissions"),
    };

    private static M.DirectoryNode FromThrift(Th.Directory d) => new()
    {
        Name = Mapped.Text(d.Name), CreatedBy = Mapped.Text(d.CreatedBy), CreatedAt = d.CreatedAt,
        UpdatedBy = d.UpdatedBy, UpdatedAt = d.__isset.updated_at ? d.UpdatedAt : null,
        Contents = Mapped.List(d.Contents, FromThrift),
    };
}
