using System.Collections.Generic;

namespace Serbench.Mono.Libraries
{
    /// <summary>One library (and variant) of the Mono suite, as the .NET suite's ILibrary: its
    /// case-id names, the facts the case catalog carries, and a codec over a dataset's payload.
    /// Encode starts from the model's objects (built untimed from the fixture); decode ends with
    /// every value of the payload available as a value (full decode).</summary>
    public interface ILibrary
    {
        string Lib { get; }
        string Format { get; }
        string Variant { get; }
        string Version { get; }
        string Home { get; }
        string[] Capabilities { get; }

        /// <summary>The ops whose result is a view over the bytes, with the reason.</summary>
        IDictionary<string, string> LazyOps { get; }

        Codec<TPayload> Codec<TPayload>() where TPayload : class;
    }

    /// <summary>A library's facts, given once by its adapter's constructor.</summary>
    public abstract class Library : ILibrary
    {
        protected Library(string lib, string format, System.Type ofPackage, string home, params string[] capabilities)
        {
            Lib = lib;
            Format = format;
            Version = PackageVersion.Of(ofPackage);
            Home = home;
            Capabilities = capabilities;
        }

        public string Lib { get; }
        public string Format { get; }
        public virtual string Variant => null;
        public string Version { get; }
        public string Home { get; }
        public string[] Capabilities { get; }
        public virtual IDictionary<string, string> LazyOps => new Dictionary<string, string>();

        public abstract Codec<TPayload> Codec<TPayload>() where TPayload : class;
    }

    public abstract class Codec<TPayload> where TPayload : class
    {
        public abstract byte[] Encode(TPayload payload);

        public abstract TPayload Decode(byte[] bytes);
    }

    /// <summary>A codec whose library deserializes lazily: View returns the library's own
    /// object over the bytes, each value read when first asked for.</summary>
    public interface ILazyCodec<TPayload>
    {
        TPayload View(byte[] bytes);
    }

    /// <summary>The version a package's assembly carries in its informational version, or
    /// its assembly version to three parts (ZeroFormatter 1.6.4 is assembly version 1.6.4.0).</summary>
    public static class PackageVersion
    {
        public static string Of(System.Type type)
        {
            var assembly = type.Assembly;
            foreach (var attribute in assembly.GetCustomAttributes(typeof(System.Reflection.AssemblyInformationalVersionAttribute), false))
            {
                return ((System.Reflection.AssemblyInformationalVersionAttribute)attribute).InformationalVersion.Split('+')[0];
            }
            return assembly.GetName().Version.ToString(3);
        }
    }
}
