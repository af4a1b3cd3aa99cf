using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using ProGaudi.MsgPack.Light;

namespace Serbench.Mono.Libraries
{
    /// <summary>MsgPack.Light in map mode (the model's [MsgPackMap] keys, the schema's names),
    /// converters generated at setup for every class of the payload, enums as names (its
    /// default), as the .NET suite's msgpack_light.</summary>
    public sealed class MsgPackLightLibrary : Library
    {
        public MsgPackLightLibrary() : base("msgpack_light", "msgpack", typeof(MsgPackSerializer), "https://github.com/progaudi/msgpack.light", "reflection") { }

        public override Codec<TPayload> Codec<TPayload>() => new MsgPackLightCodec<TPayload>(ContextFor(typeof(TPayload)));

        private sealed class MsgPackLightCodec<TPayload> : Codec<TPayload> where TPayload : class
        {
            private readonly MsgPackContext context;

            public MsgPackLightCodec(MsgPackContext context) => this.context = context;

            public override byte[] Encode(TPayload payload) => MsgPackSerializer.Serialize(payload, context);

            public override TPayload Decode(byte[] bytes) =>
                MsgPackSerializer.Deserialize<TPayload>(bytes, context) ?? throw new InvalidDataException("nil payload");
        }

        private static MsgPackContext ContextFor(Type root)
        {
            var context = new MsgPackContext();
            Register(context, root, new HashSet<Type>());
            return context;
        }

        // Members first: a map converter looks up its members' converters when generated.
        private static void Register(MsgPackContext context, Type type, HashSet<Type> seen)
        {
            if (!seen.Add(type))
            {
                return;
            }
            if (type.IsEnum)
            {
                Call(context, nameof(MsgPackContext.GenerateAndRegisterEnumConverter), type);
                return;
            }
            var mapped = type.IsDefined(typeof(MsgPackMapAttribute));
            var members = mapped
                ? type.GetProperties().Where(p => p.IsDefined(typeof(MsgPackMapElementAttribute))).Select(p => p.PropertyType)
                : type.GetGenericArguments();
            foreach (var member in members)
            {
                Register(context, member, seen);
            }
            if (mapped)
            {
                Call(context, nameof(MsgPackContext.GenerateAndRegisterMapConverter), type);
            }
            else if (type.IsGenericType && type.GetGenericTypeDefinition() == typeof(IList<>))
            {
                var converter = Activator.CreateInstance(typeof(MsgPackLightListConverter<>).MakeGenericType(type.GetGenericArguments()));
                Call(context, nameof(MsgPackContext.RegisterConverter), type, converter);
            }
        }

        private static void Call(MsgPackContext context, string method, Type type, params object[] args) =>
            typeof(MsgPackContext).GetMethods()
                .Single(m => m.Name == method && m.GetGenericArguments().Length == 1 && m.GetParameters().Length == args.Length)
                .MakeGenericMethod(type).Invoke(context, args);
    }
}
