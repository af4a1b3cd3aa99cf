using Serbench.Mappings;
using Serbench.Model;

namespace Serbench;

/// <summary>A dataset: its name, its record type, and the mappings to the classes generated
/// from its schemas (for the libraries that use generated code).</summary>
public interface IDataset
{
    string Name { get; }

    /// <summary>Reads canonical JSON strictly (see <see cref="Fixture{TRecord}.Parse"/>).</summary>
    Fixture Parse(Stream json);
}

public sealed record Dataset<TRecord>(
    string Name, IProtobufMapping<TRecord> Protobuf, IFlatBuffersMapping<TRecord> FlatBuffers, IThriftMapping<TRecord> Thrift)
    : IDataset
    where TRecord : class
{
    public Fixture Parse(Stream json) => Fixture<TRecord>.Parse(this, json);
}

/// <summary>The synthetic datasets of schemas/README.md. Adding one = its model, its three
/// mappings and one line here.</summary>
public static class Datasets
{
    public static IReadOnlyList<IDataset> All { get; } =
    [
        new Dataset<Model.Users.User>("user", new UserProtobuf(), new UserFlatBuffers(), new UserThrift()),
        new Dataset<Model.Orders.Order>("order", new OrderProtobuf(), new OrderFlatBuffers(), new OrderThrift()),
        new Dataset<Model.Filetrees.Node>("filetree", new FiletreeProtobuf(), new FiletreeFlatBuffers(), new FiletreeThrift()),
        new Dataset<Model.Games.Monster>("game", new GameProtobuf(), new GameFlatBuffers(), new GameThrift()),
        new Dataset<Model.Mails.Mail>("mail", new MailProtobuf(), new MailFlatBuffers(), new MailThrift()),
        new Dataset<Model.Metrics.Series>("metrics", new MetricsProtobuf(), new MetricsFlatBuffers(), new MetricsThrift()),
    ];

    public static IReadOnlyList<string> Names { get; } = All.Select(d => d.Name).ToList();

    public static IDataset Find(string name) =>
        All.SingleOrDefault(d => d.Name == name)
            ?? throw new ArgumentException($"unknown dataset '{name}' (known: {string.Join(", ", Names)})", nameof(name));
}
