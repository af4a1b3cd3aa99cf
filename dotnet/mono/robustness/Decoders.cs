using System;
using System.Collections.Generic;
using System.Linq;
using MessagePack;
using Serbench.Mono.Libraries;
using Serbench.Robustness;

namespace Serbench.Mono.Robustness
{
    /// <summary>One decoder of a corpus format, named by its suite case id (lib, variant): per
    /// dataset, the function from bytes to the model's payload (throws what the library throws).
    /// It binds only the datasets the Mono suite models, and says so in its --list record.</summary>
    public sealed class Decoder
    {
        private readonly Func<Dataset, Func<byte[], object>> decoderOf;

        public Decoder(ILibrary library, string variant, Func<Dataset, Func<byte[], object>> decoderOf)
        {
            Library = library;
            Info = new DecoderInfo
            {
                Lib = library.Lib,
                Variant = variant,
                Format = library.Format,
                Version = library.Version,
                Schemaless = false,
                Datasets = Mono.Datasets.All.Select(d => d.Name).ToArray(),
            };
            this.decoderOf = decoderOf;
        }

        public DecoderInfo Info { get; }

        public ILibrary Library { get; }

        public Func<byte[], object> For(Dataset dataset) => decoderOf(dataset);
    }

    /// <summary>Every Mono decoder of a corpus format: each suite library of the registry (a new
    /// library joins by itself), through the same decode the suite times, but the msgpack
    /// libraries, which read the corpus's layout through their schema-less readers
    /// (<see cref="MessagePackTree"/>). None is schema-less, as in the .NET worker: the suite's
    /// Newtonsoft.Json is the typed one.</summary>
    public static class Decoders
    {
        public static readonly IReadOnlyList<Decoder> All = Registry.All.SelectMany(Of).ToList();

        public static Decoder Find(Request request) =>
            All.FirstOrDefault(d => d.Info.Lib == request.Lib && d.Info.Variant == request.Variant && d.Info.Format == request.Format)
                ?? throw new ProtocolException($"unknown decoder lib={request.Lib} variant={request.Variant ?? "null"} format={request.Format}");

        private static IEnumerable<Decoder> Of(ILibrary library)
        {
            if (library is MessagePackLibrary)
            {
                // Beside the default options, MessagePack-CSharp's documented mode for untrusted
                // input (depth limit, collision-resistant hashing), as in the .NET worker.
                var trusted = MessagePackSerializerOptions.Standard;
                var untrusted = trusted.WithSecurity(MessagePackSecurity.UntrustedData);
                return new[]
                {
                    new Decoder(library, library.Variant, d => bytes => d.Parse(MessagePackTree.Read(bytes, trusted))),
                    new Decoder(library, "untrusted", d => bytes => d.Parse(MessagePackTree.Read(bytes, untrusted))),
                };
            }
            if (library is MsgPackLightLibrary)
            {
                return new[] { new Decoder(library, library.Variant, d => bytes => d.Parse(MsgPackLightTree.Read(bytes))) };
            }
            return new[] { new Decoder(library, library.Variant, d => d.Decoder(library)) };
        }
    }
}
