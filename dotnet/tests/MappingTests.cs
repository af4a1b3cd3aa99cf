using Serbench.Libraries;
using Fb = serbench.filetree.fbs;
using PbOrder = Serbench.Schemas.Order.Proto;
using ThGame = serbench.game.thrift;
using ThOrder = serbench.order.thrift;
using ThUser = serbench.user.thrift;

namespace Serbench.Tests;

/// <summary>What the generated mappings (Mappings.g.cs) refuse when they read native objects
/// back into the model: what the schemas' twins can hold and the model cannot.</summary>
public class MappingTests
{
    private static string? ToModel(string dataset, ILibrary library, object native) =>
        Fixtures.Load(dataset, 1).Bind(library).Diff(native);

    // Each dataset holds one generated mapping per library of generated classes, found by type.
    [Fact]
    public void EveryDatasetHasExactlyOneMappingPerGeneratedLibrary()
    {
        var user = Assert.IsType<Dataset<Serbench.Model.Users.User>>(Datasets.Find("user"));
        Assert.NotNull(user.Mapping<IProtobufMapping<Serbench.Model.Users.User>>());
        Assert.NotNull(user.Mapping<IFlatBuffersMapping<Serbench.Model.Users.User>>());
        Assert.NotNull(user.Mapping<IThriftMapping<Serbench.Model.Users.User>>());
        var bare = new Dataset<Serbench.Model.Users.User>("bare", []);
        var e = Assert.Throws<InvalidOperationException>(() => bare.Mapping<IProtobufMapping<Serbench.Model.Users.User>>());
        Assert.Equal("dataset 'bare' has no IProtobufMapping", e.Message);
    }

    [Fact]
    public void AnIntegerOutsideTheModelsUnsignedFieldIsRefused()
    {
        var payload = new ThUser.Payload { Records = [new ThUser.User { Name = "a", Email = "b", Age = -1 }] };
        Assert.Throws<OverflowException>(() => ToModel("user", new ThriftLibrary(), payload));
    }

    [Fact]
    public void AnEnumNumberTheModelLacksIsRefusedInThrift()
    {
        var order = new ThOrder.Order { Id = 1, Status = (ThOrder.OrderStatus)99 };
        var e = Assert.Throws<InvalidDataException>(() => ToModel("order", new ThriftLibrary(), new ThOrder.Payload { Records = [order] }));
        Assert.Equal("status: unknown enum number 99", e.Message);
    }

    [Fact]
    public void AThriftUnionWithTwoMembersIsRefused()
    {
        var monster = new ThGame.Monster
        {
            Pos = new ThGame.Vec3(),
            Equipped = new ThGame.Equipped { Weapon = new ThGame.Weapon(), Shield = new ThGame.Shield() },
        };
        var e = Assert.Throws<InvalidDataException>(() => ToModel("game", new ThriftLibrary(), new ThGame.Payload { Records = [monster] }));
        Assert.Equal("equipped: a union needs exactly one member", e.Message);
    }

    [Fact]
    public void AnAbsentSubMessageIsRefused()
    {
        var e = Assert.Throws<InvalidDataException>(
            () => ToModel("order", new GoogleProtobufLibrary(), new PbOrder.Payload { Records = { new PbOrder.Order() } }));
        Assert.Equal("customer is missing", e.Message);
    }

    [Fact]
    public void AFlatBuffersUnionWithoutAValueIsRefused()
    {
        var e = Assert.Throws<InvalidDataException>(
            () => ToModel("filetree", new FlatBuffersLibrary(), new Fb.PayloadT { Records = [new Fb.NodeT()] }));
        Assert.Equal("entry is missing", e.Message);
    }
}
