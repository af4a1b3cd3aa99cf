using System.Diagnostics;
using System.Reflection;
using System.Runtime.InteropServices;
using Google.Protobuf;
using Google.Protobuf.Reflection;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Serbench.Bench;

/// <summary>Why a user's message cannot be measured (the bench exits 2 with it).</summary>
public sealed class UserProtoException(string message) : Exception(message);

/// <summary>A user's message (--proto-cs DIR --message NAME, which runner mine --proto passes):
/// the C# protoc generated from the user's .proto (every .cs in DIR) is compiled in this process
/// by Roslyn, optimized as the suite is built, against the Google.Protobuf assembly the suite
/// runs and the runtime's own assemblies; the assembly is loaded and the message found by full
/// name. Google.Protobuf has no dynamic message, and so the timed calls are the generated code's,
/// as in a program built with that .proto. The compile is never timed; its time is printed.</summary>
public static class UserProto
{
    public static MessageDescriptor Load(string folder, string message)
    {
        var clock = Stopwatch.StartNew();
        var sources = Sources(folder);
        var descriptor = Find(Compile(sources), message);
        Progress.Say(FormattableString.Invariant(
            $"user proto: the .proto's generated C# ({sources.Count} file{(sources.Count == 1 ? "" : "s")}) compiled in {clock.Elapsed.TotalSeconds:F1} s (Roslyn, in process, before any case; never timed)"));
        return descriptor;
    }

    private static List<string> Sources(string folder) =>
        !Directory.Exists(folder) ? throw new UserProtoException($"--proto-cs {folder}: no such folder")
        : Directory.GetFiles(folder, "*.cs", SearchOption.AllDirectories).Order(StringComparer.Ordinal).ToList() is { Count: > 0 } files ? files
        : throw new UserProtoException($"--proto-cs {folder}: no .cs file");

    private static Assembly Compile(IReadOnlyList<string> sources)
    {
        var compilation = CSharpCompilation.Create(
            "Serbench.UserProto",
            sources.Select(path => CSharpSyntaxTree.ParseText(File.ReadAllText(path), path: path)),
            References(),
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, optimizationLevel: OptimizationLevel.Release));
        using var image = new MemoryStream();
        var emitted = compilation.Emit(image);
        if (!emitted.Success)
        {
            var errors = emitted.Diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error).ToList();
            throw new UserProtoException(
                $"the .proto's generated C# does not compile against Google.Protobuf {LibraryVersion.OfPackage("Google.Protobuf")} "
                + $"({errors.Count} errors; the first: {errors[0]})");
        }
        return Assembly.Load(image.ToArray());
    }

    /// <summary>The runtime's assemblies (of the trusted platform list, those in the runtime's
    /// folder: not the suite's other packages, whose types could clash) and Google.Protobuf.</summary>
    private static IEnumerable<MetadataReference> References()
    {
        var runtime = RuntimeEnvironment.GetRuntimeDirectory();
        return ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator)
            .Where(path => path.StartsWith(runtime, StringComparison.Ordinal))
            .Append(typeof(IMessage).Assembly.Location)
            .Select(path => MetadataReference.CreateFromFile(path));
    }

    private static MessageDescriptor Find(Assembly assembly, string name)
    {
        var messages = assembly.GetTypes()
            .Where(type => typeof(IMessage).IsAssignableFrom(type))
            .Select(type => (MessageDescriptor)type.GetProperty(nameof(IMessage.Descriptor), BindingFlags.Public | BindingFlags.Static)!.GetValue(null)!)
            .ToList();
        return messages.FirstOrDefault(m => m.FullName == name)
            ?? throw new UserProtoException(
                $"--message {name}: no such message in the generated C# (its messages: {string.Join(", ", messages.Select(m => m.FullName).Order(StringComparer.Ordinal))})");
    }
}
