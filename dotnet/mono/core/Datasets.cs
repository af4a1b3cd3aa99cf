using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;
using Serbench.Mono.Libraries;
using Serbench.Mono.Model;

namespace Serbench.Mono
{
    /// <summary>A synthetic dataset of the catalog with its Mono model: its payload class
    /// (`Payload {records}`), read from the canonical fixture schemas/&lt;d&gt;/&lt;d&gt;_&lt;n&gt;.json.</summary>
    public abstract class Dataset
    {
        protected Dataset(string name) => Name = name;

        public string Name { get; }

        /// <summary>The library bound to the fixture of one size, its round trip verified.</summary>
        public abstract Case Bind(ILibrary library, string fixturePath, IEnumerable<string> accessPaths);

        /// <summary>The payload of a fixture file, as its model's object.</summary>
        public abstract object Fixture(string path);

        /// <summary>The payload read strictly from a canonical JSON tree, as fixtures are read.</summary>
        public abstract object Parse(JToken tree);

        /// <summary>The library's codec of this payload, with its type left out (the robustness worker).</summary>
        public abstract Func<object, byte[]> Encoder(ILibrary library);

        public abstract Func<byte[], object> Decoder(ILibrary library);
    }

    public sealed class Dataset<TPayload, TRecord> : Dataset where TPayload : class
    {
        private readonly Func<TPayload, IList<TRecord>> records;

        public Dataset(string name, Func<TPayload, IList<TRecord>> records) : base(name) => this.records = records;

        private static readonly JsonSerializer Canonical = JsonSerializer.Create(CanonicalJson.Settings);

        /// <summary>The fixture, its numbers read exactly (<see cref="ExactJson"/>).</summary>
        public TPayload Load(string path) => (TPayload)Parse(ExactJson.Parse(File.ReadAllText(path)));

        public override object Fixture(string path) => Load(path);

        public override object Parse(JToken tree) =>
            tree.ToObject<TPayload>(Canonical) ?? throw new InvalidDataException("null payload");

        public override Func<object, byte[]> Encoder(ILibrary library)
        {
            var codec = library.Codec<TPayload>();
            return payload => codec.Encode((TPayload)payload);
        }

        public override Func<byte[], object> Decoder(ILibrary library)
        {
            var codec = library.Codec<TPayload>();
            return bytes => codec.Decode(bytes);
        }

        public override Case Bind(ILibrary library, string fixturePath, IEnumerable<string> accessPaths)
        {
            var access = Weigh.Paths<TRecord>(accessPaths);
            return Case.Of(library.Codec<TPayload>(), Load(fixturePath), payload => access(records(payload)));
        }
    }

    /// <summary>The datasets the Mono suite has a model of, in the catalog's names.</summary>
    public static class Datasets
    {
        public static readonly IReadOnlyList<Dataset> All = new Dataset[]
        {
            new Dataset<Model.Users.Payload, Model.Users.User>("user", p => p.Records),
            new Dataset<Model.Orders.Payload, Model.Orders.Order>("order", p => p.Records),
            new Dataset<Model.Mails.Payload, Model.Mails.Mail>("mail", p => p.Records),
            new Dataset<Model.Metrics.Payload, Model.Metrics.Series>("metrics", p => p.Records),
        };

        public static Dataset Named(string name) => All.FirstOrDefault(d => d.Name == name);
    }
}
