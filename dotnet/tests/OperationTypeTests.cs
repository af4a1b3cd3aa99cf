using System.Reflection;
using Serbench.Model;

namespace Serbench.Tests;

/// <summary>"Same name, same work" (schemas/README.md): for the libraries of generated classes,
/// encode starts from the generated objects, decode and round trip end with them, and convert
/// takes and gives back the domain model. Cap'n Proto has no .NET library here.</summary>
public class OperationTypeTests
{
    // lib/variant -> the generated payload class of a dataset.
    private static readonly Dictionary<string, Func<string, string>> NativeTypeName = new()
    {
        ["protobuf/"] = d => $"Serbench.Schemas.{char.ToUpperInvariant(d[0])}{d[1..]}.Proto.Payload",
        ["flatbuffers/"] = d => $"serbench.{d}.fbs.PayloadT",
        ["thrift/"] = d => $"serbench.{d}.thrift.Payload",
        ["thrift/compact"] = d => $"serbench.{d}.thrift.Payload",
    };

    public static TheoryData<string, string> GeneratedLibraries
    {
        get
        {
            var data = new TheoryData<string, string>();
            foreach (var library in NativeTypeName.Keys)
            {
                foreach (var dataset in Serbench.Datasets.Names)
                {
                    data.Add(library, dataset);
                }
            }
            return data;
        }
    }

    [Theory]
    [MemberData(nameof(GeneratedLibraries))]
    public void TimedCallablesStartFromAndEndWithTheGeneratedClasses(string library, string dataset)
    {
        var fixture = Fixtures.Load(dataset, 1);
        var @case = fixture.Bind(Cases.Library(library));
        var record = fixture.GetType().GetGenericArguments()[0];
        var native = typeof(ICase).Assembly.GetType(NativeTypeName[library](dataset), throwOnError: true)!;

        // Case<TRecord, TNative> encodes its TNative field with Codec<TNative>.Encode(TNative).
        Assert.Equal(typeof(Case<,>).MakeGenericType(record, native), @case.GetType());
        Assert.Equal(native, FieldType(@case, "native"));
        Assert.Equal(typeof(Codec<>).MakeGenericType(native), FieldType(@case, "codec"));
        Assert.IsType<byte[]>(@case.Encode());
        Assert.IsType(native, @case.Decode());
        Assert.IsType(native, @case.RoundTrip());
        Assert.IsType(typeof(Payload<>).MakeGenericType(record), @case.Convert());
        Assert.Contains(Ops.Convert, Cases.Library(library).Ops);
    }

    [Fact]
    public void ModelLibrariesEncodeTheModelAndHaveNoConvert()
    {
        var fixture = Fixtures.Load("user", 1);
        foreach (var library in Registry.Libraries.Where(l => l is ModelLibrary))
        {
            var @case = fixture.Bind(library);

            Assert.IsType<Payload<Model.Users.User>>(@case.Decode());
            Assert.False(@case.Converts);
            Assert.DoesNotContain(Ops.Convert, library.Ops);
        }
    }

    [Fact]
    public void CapnProtoHasNoDotnetLibrary()
    {
        Assert.DoesNotContain(Registry.Libraries, l => l.Format == "capnp");
        Assert.Contains(Registry.NotMeasured, n => n.Format == "capnp");
    }

    [Fact]
    public void OnlyFlatBuffersInPlaceAccessIsLazy()
    {
        var lazy = Registry.Libraries.Where(l => l.LazyOps.Count > 0).ToList();

        Assert.Equal(["flatbuffers"], lazy.Select(l => l.Lib));
        Assert.Equal([Ops.AccessLazy], lazy[0].LazyOps.Keys);
    }

    private static Type FieldType(ICase @case, string name) =>
        @case.GetType().GetField(name, BindingFlags.NonPublic | BindingFlags.Instance)!.FieldType;
}
