using System.Reflection;
using ProGaudi.MsgPack.Light;
using Serbench.Model;

namespace Serbench.Libraries;

/// <summary>MsgPack.Light (ProGaudi) in map mode: converters it generates (Reflection.Emit, at
/// setup) from <c>[MsgPackMap]</c> / <c>[MsgPackMapElement("snake_name")]</c> on the model.
/// Map mode, not array mode, so that both msgpack libraries write the same kind of document
/// (maps keyed by the schema's field names, as MessagePack-CSharp runs here); enums as their
/// names (the context's default); unions as <c>[tag, map]</c> with the model's
/// <see cref="MessagePack.UnionAttribute"/> tags (the layout MessagePack-CSharp writes), through
/// <see cref="UnionConverter{TBase}"/>, since the library has no union support of its own.</summary>
public sealed class MsgPackLightLibrary()
    : ModelLibrary(
        lib: "msgpack_light",
        format: "msgpack",
        version: LibraryVersion.OfPackage("msgpack.light"),
        home: "https://github.com/progaudi/msgpack.light",
        capabilities: ["reflection"])
{
    protected override Codec<Payload<TRecord>> Codec<TRecord>() => new MsgPackLightCodec<TRecord>(Contexts.For(typeof(Payload<TRecord>)));

    private sealed class MsgPackLightCodec<TRecord>(MsgPackContext context) : Codec<Payload<TRecord>>
    {
        public override byte[] Encode(Payload<TRecord> value) => MsgPackSerializer.Serialize(value, context);

        public override Payload<TRecord> Decode(byte[] bytes) =>
            MsgPackSerializer.Deserialize<Payload<TRecord>>(bytes, context) ?? throw new InvalidDataException("nil payload");
    }

    /// <summary>A context with a converter for every type reachable from a payload type.</summary>
    private static class Contexts
    {
        public static MsgPackContext For(Type root)
        {
            var context = new MsgPackContext();
            Register(context, root, []);
            return context;
        }

        // Unions first, then members before the maps holding them, so each generated map
        // converter finds the converters of its members.
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
            var cases = type.GetCustomAttributes<MessagePack.UnionAttribute>().ToList();
            if (cases.Count > 0)
            {
                Call(context, nameof(MsgPackContext.RegisterConverter), type,
                    Activator.CreateInstance(typeof(UnionConverter<>).MakeGenericType(type), cases)!);
                cases.ForEach(c => Register(context, c.SubType, seen));
                return;
            }
            var members = type.GetCustomAttribute<MsgPackMapAttribute>() is null
                ? type.GetGenericArguments() // List<T>, Nullable<T>
                : type.GetProperties().Where(p => p.IsDefined(typeof(MsgPackMapElementAttribute))).Select(p => p.PropertyType);
            foreach (var member in members)
            {
                Register(context, member, seen);
            }
            if (type.IsDefined(typeof(MsgPackMapAttribute)))
            {
                Call(context, nameof(MsgPackContext.GenerateAndRegisterMapConverter), type);
            }
        }

        private static void Call(MsgPackContext context, string method, Type type, params object[] args) =>
            typeof(MsgPackContext).GetMethods()
                .Single(m => m.Name == method && m.GetGenericArguments().Length == 1 && m.GetParameters().Length == args.Length)
                .MakeGenericMethod(type).Invoke(context, args);
    }
}

/// <summary>A union of the model as a two-element array: the case's tag (the model's
/// <see cref="MessagePack.UnionAttribute"/> key), then the case with its own converter.</summary>
public sealed class UnionConverter<TBase>(IReadOnlyList<MessagePack.UnionAttribute> cases) : IMsgPackConverter<TBase>
    where TBase : class
{
    private MsgPackContext context = null!;
    private IMsgPackConverter<int> tags = null!;

    public void Initialize(MsgPackContext msgPackContext)
    {
        context = msgPackContext;
        tags = context.GetConverter<int>();
    }

    public void Write(TBase value, IMsgPackWriter writer)
    {
        var tag = cases.FirstOrDefault(c => c.SubType == value?.GetType())
            ?? throw new InvalidDataException($"{typeof(TBase).Name}: not a case of the union: {value?.GetType().Name ?? "nil"}");
        writer.WriteArrayHeader(2);
        tags.Write(tag.Key, writer);
        Case(tag.SubType).Write(value!, writer);
    }

    public TBase Read(IMsgPackReader reader)
    {
        if (reader.ReadArrayLength() != 2)
        {
            throw new InvalidDataException($"{typeof(TBase).Name}: a union is a [tag, value] array");
        }
        var key = tags.Read(reader);
        var tag = cases.FirstOrDefault(c => c.Key == key)
            ?? throw new InvalidDataException($"{typeof(TBase).Name}: unknown union tag {key}");
        return (TBase)Case(tag.SubType).Read(reader);
    }

    private readonly Dictionary<Type, ICaseConverter> converters = [];

    // The case's converter, looked up once (the context has it once Register is done).
    private ICaseConverter Case(Type type)
    {
        if (!converters.TryGetValue(type, out var converter))
        {
            converters[type] = converter = (ICaseConverter)Activator.CreateInstance(typeof(CaseConverter<>).MakeGenericType(typeof(TBase), type), context)!;
        }
        return converter;
    }

    private interface ICaseConverter
    {
        void Write(object value, IMsgPackWriter writer);

        object Read(IMsgPackReader reader);
    }

    private sealed class CaseConverter<TCase>(MsgPackContext context) : ICaseConverter where TCase : class
    {
        private readonly IMsgPackConverter<TCase> converter = context.GetConverter<TCase>();

        public void Write(object value, IMsgPackWriter writer) => converter.Write((TCase)value, writer);

        public object Read(IMsgPackReader reader) => converter.Read(reader) ?? throw new InvalidDataException($"{typeof(TCase).Name}: nil");
    }
}
