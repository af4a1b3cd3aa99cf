using Google.FlatBuffers;
using Serbench.Model;
using Fb = serbench.metrics.fbs;
using M = Serbench.Model.Metrics;
using Pb = Serbench.Schemas.Metrics.Proto;
using Th = serbench.metrics.thrift;

namespace Serbench.Mappings;

public sealed class MetricsProtobuf : ProtobufMapping<M.Series, Pb.Payload>
{
    protected override Pb.Payload ToProto(Payload<M.Series> payload) => new()
    {
        Records = { payload.Records.Select(s => new Pb.Series { Name = s.Name, Unit = s.Unit, Timestamps = { s.Timestamps }, Values = { s.Values } }) },
    };

    protected override Payload<M.Series> FromProto(Pb.Payload payload) => new()
    {
        Records = [.. payload.Records.Select(s => new M.Series { Name = s.Name, Unit = s.Unit, Timestamps = [.. s.Timestamps], Values = [.. s.Values] })],
    };
}

public sealed class MetricsFlatBuffers : FlatBuffersMapping<M.Series, Fb.PayloadT>
{
    protected override Fb.PayloadT ToNative(Payload<M.Series> payload) => new()
    {
        Records = [.. payload.Records.Select(s => new Fb.SeriesT { Name = s.Name, Unit = s.Unit, Timestamps = [.. s.Timestamps], Values = [.. s.Values] })],
    };

    protected override Payload<M.Series> FromNative(Fb.PayloadT payload) => new()
    {
        Records = Mapped.List(payload.Records, s => new M.Series
        {
            Name = Mapped.Text(s.Name), Unit = Mapped.Text(s.Unit), Timestamps = Mapped.List(s.Timestamps, t => t), Values = Mapped.List(s.Values, v => v),
        }),
    };

    protected override int Pack(FlatBufferBuilder builder, Fb.PayloadT payload) => Fb.Payload.Pack(builder, payload).Value;

    protected override Fb.PayloadT Unpack(ByteBuffer buffer) => Fb.Payload.GetRootAsPayload(buffer).UnPack();

    protected override VerifyTableAction VerifyPayload => Fb.PayloadVerify.Verify;

    // The fields read: the last timestamp and the number of values.
    protected override long ReadLazy(ByteBuffer buffer)
    {
        var payload = Fb.Payload.GetRootAsPayload(buffer);
        long sum = 0;
        for (var i = 0; i < payload.RecordsLength; i++)
        {
            var series = payload.Records(i)!.Value;
            sum += series.Timestamps(series.TimestampsLength - 1) + series.ValuesLength;
        }
        return sum;
    }

    protected override long ReadFull(Fb.PayloadT payload) => payload.Records.Sum(s => s.Timestamps[^1] + s.Values.Count);
}

public sealed class MetricsThrift : ThriftMapping<M.Series, Th.Payload>
{
    protected override Th.Payload ToThrift(Payload<M.Series> payload) => new() { Records = [.. payload.Records.Select(ToThrift)] };

    protected override Payload<M.Series> FromThrift(Th.Payload payload) => new() { Records = Mapped.List(payload.Records, FromThrift) };

    private static Th.Series ToThrift(M.Series s) => new() { Name = s.Name, Unit = s.Unit, Timestamps = [.. s.Timestamps], Values = [.. s.Values] };

    private static M.Series FromThrift(Th.Series s) => new()
    {
        Name = Mapped.Text(s.Name), Unit = Mapped.Text(s.Unit), Timestamps = s.Timestamps is null ? [] : [.. s.Timestamps],
        Values = s.Values is null ? [] : [.. s.Values],
    };
}
