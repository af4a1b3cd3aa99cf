namespace Serbench.Mappings;

// What FlatBuffers' access operations read of each dataset's records: a few named fields, the
// same ones lazily (accessors over the buffer) and fully (the unpacked objects). The generated
// ReadLazy / ReadFull (Mappings.g.cs) sum these over the records. Adding a dataset = its two
// lines here (the build stops without them).

public sealed partial class UserFlatBuffers
{
    // The age and the name's length.
    private static partial long Read(serbench.user.fbs.User record) => record.Age + record.Name.Length;

    private static partial long Read(serbench.user.fbs.UserT record) => record.Age + record.Name.Length;
}

public sealed partial class OrderFlatBuffers
{
    // The customer's id and the number of items.
    private static partial long Read(serbench.order.fbs.Order record) => (long)record.Customer!.Value.Id + record.ItemsLength;

    private static partial long Read(serbench.order.fbs.OrderT record) => (long)record.Customer.Id + record.Items.Count;
}

public sealed partial class FiletreeFlatBuffers
{
    // The node's kind and its name's length.
    private static partial long Read(serbench.filetree.fbs.Node record) =>
        (long)record.EntryType
        + (record.EntryType == serbench.filetree.fbs.Entry.File ? record.EntryAsFile().Name : record.EntryAsDirectory().Name).Length;

    private static partial long Read(serbench.filetree.fbs.NodeT record) =>
        (long)record.Entry.Type
        + (record.Entry.Type == serbench.filetree.fbs.Entry.File ? record.Entry.AsFile().Name : record.Entry.AsDirectory().Name).Length;
}

public sealed partial class GameFlatBuffers
{
    // The hp and the position's x.
    private static partial long Read(serbench.game.fbs.Monster record) => record.Hp + (long)record.Pos!.Value.X;

    private static partial long Read(serbench.game.fbs.MonsterT record) => record.Hp + (long)record.Pos.X;
}

public sealed partial class MailFlatBuffers
{
    // The date and the subject's length.
    private static partial long Read(serbench.mail.fbs.Mail record) => record.Date + record.Subject.Length;

    private static partial long Read(serbench.mail.fbs.MailT record) => record.Date + record.Subject.Length;
}

public sealed partial class MetricsFlatBuffers
{
    // The last timestamp and the number of values.
    private static partial long Read(serbench.metrics.fbs.Series record) =>
        record.Timestamps(record.TimestampsLength - 1) + record.ValuesLength;

    private static partial long Read(serbench.metrics.fbs.SeriesT record) => record.Timestamps[^1] + record.Values.Count;
}
