using System;
using System.Collections.Generic;
using Serbench.Mono.Libraries;

namespace Serbench.Mono
{
    /// <summary>A library's round trip refused: the first differing field, never timed.</summary>
    public sealed class RefusedException : Exception
    {
        public RefusedException(string reason) : base(reason) { }
    }

    /// <summary>One library on one fixture: its timed ops, built only once the round trip equals
    /// the fixture field by field (and, for a lazy library, the lazy view and both access reads
    /// agree with it). Every op's result goes to Sink, so none can be dropped as unused.</summary>
    public sealed class Case
    {
        public static object Sink;

        private Case(byte[] encoded, IDictionary<string, Action> ops)
        {
            Encoded = encoded;
            Ops = ops;
        }

        /// <summary>The encoded fixture (its length is the case's wire bytes).</summary>
        public byte[] Encoded { get; }

        /// <summary>Op name (the catalog's) to one call of it.</summary>
        public IDictionary<string, Action> Ops { get; }

        public static Case Of<TPayload>(Codec<TPayload> codec, TPayload fixture, Func<TPayload, long> access) where TPayload : class
        {
            var bytes = codec.Encode(fixture);
            Check("decode", fixture, codec.Decode(bytes));
            Check("roundtrip", fixture, codec.Decode(codec.Encode(fixture)));
            var ops = new Dictionary<string, Action>
            {
                ["encode"] = () => Sink = codec.Encode(fixture),
                ["decode"] = () => Sink = codec.Decode(bytes),
                ["roundtrip"] = () => Sink = codec.Decode(codec.Encode(fixture)),
            };
            if (codec is ILazyCodec<TPayload> lazy)
            {
                Check("access_lazy", fixture, lazy.View(bytes));
                var expected = access(fixture);
                CheckAccess("access_lazy", expected, access(lazy.View(bytes)));
                CheckAccess("access_full", expected, access(codec.Decode(bytes)));
                ops["access_lazy"] = () => Sink = access(lazy.View(bytes));
                ops["access_full"] = () => Sink = access(codec.Decode(bytes));
            }
            return new Case(bytes, ops);
        }

        private static void Check(string op, object expected, object actual)
        {
            var diff = FieldDiff.First(expected, actual);
            if (diff != null)
            {
                throw new RefusedException($"{op} differs from the fixture at {diff}");
            }
        }

        private static void CheckAccess(string op, long expected, long actual)
        {
            if (expected != actual)
            {
                throw new RefusedException($"{op} read {actual}, the fixture's fields weigh {expected}");
            }
        }
    }
}
