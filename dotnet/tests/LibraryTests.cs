using System.Xml.Linq;
using Serbench.Documents;
using Serbench.Libraries;

namespace Serbench.Tests;

/// <summary>Every registered library must give every fixture back, field by field.</summary>
public class LibraryTests
{
    [Theory]
    [MemberData(nameof(Cases.LibraryDatasets), MemberType = typeof(Cases))]
    public void RoundTripGivesBackEveryField(string library, string dataset)
    {
        foreach (var size in new[] { 1, 100 })
        {
            var fixture = Fixtures.Load(dataset, size);
            var @case = fixture.Bind(Cases.Library(library));

            Assert.Null(@case.Refusal());
            Assert.True(@case.WireSize > 0);
        }
    }

    [Theory]
    [MemberData(nameof(Cases.Datasets), MemberType = typeof(Cases))]
    public void FlatBuffersLazyAccessReadsTheSameFieldsAsFullDecode(string dataset)
    {
        var @case = Fixtures.Load(dataset, 100).Bind(new FlatBuffersLibrary());

        Assert.Equal(@case.AccessFull(), @case.AccessLazy());
        Assert.NotEqual(0, @case.AccessLazy());
    }

    [Theory]
    [MemberData(nameof(Cases.Datasets), MemberType = typeof(Cases))]
    public void FlatBuffersVerifierPassesEveryDatasetAndStopsALyingRootOffset(string dataset)
    {
        var verified = Fixtures.Load(dataset, 100).Bind(new FlatBuffersLibrary(verify: true));
        var lying = verified.Encode();
        BitConverter.TryWriteBytes(lying.AsSpan(0, 4), lying.Length);  // the root table past the end

        Assert.Null(verified.Refusal());
        Assert.Equal("decode threw InvalidDataException: the FlatBuffers verifier rejected the buffer", verified.Mismatch(lying));
        Assert.DoesNotContain("verifier", Fixtures.Load(dataset, 100).Bind(new FlatBuffersLibrary()).Mismatch(lying));
    }

    // proto3 writes no empty strings and the game union as the oneof's two fields; the code-first
    // contracts must read what protoc's classes write (as other languages' protobuf libraries do).
    [Theory]
    [MemberData(nameof(Cases.Datasets), MemberType = typeof(Cases))]
    public void ProtobufNetReadsWhatGoogleProtobufWrites(string dataset)
    {
        var fixture = Fixtures.Load(dataset, 100);

        Assert.Null(fixture.Bind(new ProtobufNetLibrary()).Mismatch(fixture.Bind(new GoogleProtobufLibrary()).Encode()));
    }

    [Theory]
    [InlineData("google_message1_proto2")]
    [InlineData("google_message1_proto3")]
    [InlineData("google_message2")]
    public void OnlyGoogleProtobufReadsProtobufsOwnBenchmarkPayloads(string dataset)
    {
        var document = ProtobufDocuments.Load(dataset);
        var @case = document.Bind(new GoogleProtobufLibrary());

        Assert.Null(@case.Refusal());
        Assert.Equal(document.Payloads.Sum(p => p.Length), @case.WireSize);
        Assert.Null(@case.Mismatch(document.Payloads[0]));
        Assert.NotNull(@case.Mismatch([.. document.Payloads[0].Take(document.Payloads[0].Length / 2)]));
        Assert.All(Registry.Libraries.Where(l => l is not GoogleProtobufLibrary),
            library => Assert.Throws<NotApplicableException>(() => document.Bind(library)));
    }

    [Theory]
    [InlineData("twitter")]
    [InlineData("citm_catalog")]
    [InlineData("canada")]
    [InlineData("packages")]
    public void OnlySchemalessLibrariesReadTheRealJsonDocuments(string dataset)
    {
        var document = JsonDocuments.Load(dataset);
        var schemaless = Registry.Libraries.Where(Cases.IsSchemaless).ToList();

        Assert.Equal(["system_text_json/schemaless", "system_text_json/schemaless_document", "newtonsoft_json/schemaless"],
            schemaless.Select(Cases.Key));
        Assert.All(schemaless, library =>
        {
            var @case = document.Bind(library);

            Assert.Null(@case.Refusal());
            Assert.Null(@case.Mismatch(document.Json));
            Assert.NotNull(@case.Mismatch("{\"x\": 1}"u8.ToArray()));
        });
        // MessagePack-CSharp's schema-less tree is fed the same document.
        Assert.Null(document.Bind(Cases.Library("messagepack/schemaless")).Refusal());
        Assert.All(Registry.Libraries.Where(l => !l.Capabilities.Contains("schemaless")),
            library => Assert.Throws<NotApplicableException>(() => document.Bind(library)));
    }

    [Fact]
    public void EveryLibraryNamesItsPackageVersion()
    {
        var versions = Registry.Libraries.ToDictionary(Cases.Key, l => l.Version);
        var pins = PinnedVersions();

        Assert.Equal(pins["MemoryPack"], versions["memorypack/"]);
        Assert.Equal(pins["MessagePack"], versions["messagepack/lz4"]);
        Assert.Equal(pins["msgpack.light"], versions["msgpack_light/"]);
        Assert.Equal(pins["protobuf-net"], versions["protobuf_net/"]);
        Assert.Equal(pins["Google.Protobuf"], versions["protobuf/"]);
        Assert.Equal(pins["Google.FlatBuffers"], versions["flatbuffers/"]);
        Assert.Matches(@"^10\.", versions["system_text_json/source_gen"]);
    }

    // Read from the file itself, not the build's embedded copy, so a broken embedding fails.
    private static Dictionary<string, string> PinnedVersions() =>
        XDocument.Load(Runfiles.Resolve("dotnet/Directory.Packages.props"))
            .Descendants("LibraryPackage")
            .ToDictionary(p => (string)p.Attribute("Include")!, p => (string)p.Attribute("Pin")!);

    [Fact]
    public void EveryLibraryNamesItsHomePage() =>
        Assert.All(Registry.Libraries, l => Assert.StartsWith("https://", l.Home));

    [Fact]
    public void UnavailableLibrariesCarryTheRestoreErrorOrAreAttempted()
    {
        Assert.Equal(["zeroformatter", "capnp_net"], Registry.NotMeasured.Select(n => n.Lib));
        Assert.All(Registry.NotMeasured.Where(n => n.Attempt is null),
            n => Assert.Contains($"NU1101: Unable to find package {n.Package}", n.Reason));
    }

    [Fact]
    public void MsgPackLightWritesMapsKeyedByTheSchemaNames()
    {
        var bytes = Fixtures.Load("user", 1).Bind(new MsgPackLightLibrary()).Encode();
        var tree = Interop.MsgPackLightTree.Decode(bytes)!;

        Assert.Equal(["name", "email", "age", "tags", "address"], tree["records"]![0]!.AsObject().Select(p => p.Key));
        Assert.Equal(["street", "city", "postcode", "country"], tree["records"]![0]!["address"]!.AsObject().Select(p => p.Key));
    }

    [Fact]
    public void LibraryVariantPairsAreUnique()
    {
        Assert.Equal(Registry.Libraries.Count, Registry.Libraries.Select(Cases.Key).Distinct().Count());
    }
}
