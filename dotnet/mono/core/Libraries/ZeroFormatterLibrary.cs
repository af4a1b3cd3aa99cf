using System.Collections.Generic;
using ZeroFormatter;

namespace Serbench.Mono.Libraries
{
    /// <summary>ZeroFormatter, which deserializes lazily: Deserialize returns its own subclass of
    /// the model over the bytes, each value read when first asked for. So `decode` (full) is
    /// Deserialize, then every value read once (Weigh.All); `access_lazy` is Deserialize, then
    /// only the catalog's access fields read; `access_full` is the full decode, then those
    /// fields. It runs on Mono, not on .NET Core 3.0 and later (its emitted IL is rejected there:
    /// the .NET suite's zeroformatter is not measured).</summary>
    public sealed class ZeroFormatterLibrary : Library
    {
        public ZeroFormatterLibrary() : base("zeroformatter", "zeroformatter", typeof(ZeroFormatterSerializer), "https://github.com/neuecc/ZeroFormatter", "reflection", "zero_copy") { }

        public override IDictionary<string, string> LazyOps => new Dictionary<string, string>
        {
            ["access_lazy"] = "ZeroFormatter's Deserialize is a view over the bytes: only the accessed fields are read",
        };

        static ZeroFormatterLibrary() => ZeroFormatterEnumFormatter<int>.RegisterModelEnums();

        public override Codec<TPayload> Codec<TPayload>() => new ZeroFormatterCodec<TPayload>();

        private sealed class ZeroFormatterCodec<TPayload> : Codec<TPayload>, ILazyCodec<TPayload> where TPayload : class
        {
            private readonly System.Func<TPayload, long> readAll = Weigh.All<TPayload>();

            /// <summary>What the full decode's reads add up to; kept so no read can be dropped.</summary>
            public long Read { get; private set; }

            public override byte[] Encode(TPayload payload) => ZeroFormatterSerializer.Serialize(payload);

            public override TPayload Decode(byte[] bytes)
            {
                var payload = View(bytes);
                Read = readAll(payload);
                return payload;
            }

            public TPayload View(byte[] bytes) => ZeroFormatterSerializer.Deserialize<TPayload>(bytes);
        }
    }
}
