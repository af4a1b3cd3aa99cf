using System.Reflection;
using System.Reflection.Emit;
using Serbench.Model;
using ZeroFormatter;

namespace Serbench.Libraries;

/// <summary>A library that loads but cannot be measured on this runtime: binding a fixture
/// makes a real attempt and throws this with what the library threw.</summary>
public sealed class NotMeasuredException(string reason) : Exception(reason);

/// <summary>ZeroFormatter 1.6.4 (ZeroFormatter.NETCore). It wants non-generic
/// <c>[ZeroFormattable]</c> classes with virtual <c>[Index]</c> properties; each dataset's payload
/// class is made at setup (a <see cref="Records{TRecord}"/> subclass, emitted) and serialized once.
/// On .NET Core 3.0 and later the IL ZeroFormatter emits for such a class is rejected
/// (BadImageFormatException, upstream issues neuecc/ZeroFormatter#112 and #129), so binding
/// throws <see cref="NotMeasuredException"/> with that exception. Not in the registry's measured
/// libraries: <see cref="Registry.NotMeasured"/> attempts it on every dataset.</summary>
public sealed class ZeroFormatterLibrary : ILibrary
{
    public string Lib => "zeroformatter";
    public string Format => "zeroformatter";
    public string? Variant => null;
    public string Version { get; } = LibraryVersion.OfPackage("ZeroFormatter.NETCore");
    public string Home => "https://github.com/neuecc/ZeroFormatter";
    public IReadOnlyList<string> Capabilities { get; } = [];

    /// <summary>The payload layout ZeroFormatter asks for: the records as a virtual indexed list.</summary>
    public class Records<TRecord>
    {
        [Index(0)] public virtual IList<TRecord> Items { get; set; } = [];
    }

    public ICase Bind<TRecord>(Fixture<TRecord> fixture) where TRecord : class
    {
        var payload = (Records<TRecord>)Activator.CreateInstance(PayloadClass<TRecord>.Type)!;
        payload.Items = fixture.Payload.Records;
        try
        {
            var bytes = Serialize(payload);
            throw new NotMeasuredException($"ZeroFormatter serialized {fixture.Dataset} into {bytes.Length} bytes on this runtime: "
                + "it is no longer refused; give it a codec to measure it");
        }
        catch (TargetInvocationException e) when (e.InnerException is { } thrown)
        {
            throw new NotMeasuredException($"ZeroFormatterSerializer.Serialize threw {thrown.GetType().FullName}: {thrown.Message}");
        }
    }

    private static byte[] Serialize(object payload) =>
        (byte[])typeof(ZeroFormatterSerializer).GetMethods()
            .Single(m => m.Name == nameof(ZeroFormatterSerializer.Serialize) && m.GetParameters().Length == 1 && m.ReturnType == typeof(byte[]))
            .MakeGenericMethod(payload.GetType()).Invoke(null, [payload])!;

    // `[ZeroFormattable] public class <Record>Payload : Records<TRecord>`, emitted once per record
    // type (ZeroFormatter refuses generic classes and names what it emits after the class; this
    // keeps one class per dataset out of the sources).
    private static class PayloadClass<TRecord>
    {
        public static Type Type { get; } = Emit();

        private static Type Emit()
        {
            var module = AssemblyBuilder.DefineDynamicAssembly(new AssemblyName($"ZeroFormatterPayload.{typeof(TRecord).Name}"), AssemblyBuilderAccess.Run)
                .DefineDynamicModule("payload");
            var type = module.DefineType($"{typeof(TRecord).Name}Payload", TypeAttributes.Public | TypeAttributes.Class, typeof(Records<TRecord>));
            type.SetCustomAttribute(new CustomAttributeBuilder(typeof(ZeroFormattableAttribute).GetConstructor(System.Type.EmptyTypes)!, []));
            type.DefineDefaultConstructor(MethodAttributes.Public);
            return type.CreateType();
        }
    }
}
