namespace Serbench;

/// <summary>Finds data files in the Bazel runfiles tree. Bazel sets TEST_SRCDIR for
/// tests; the dotnet_binary launcher exports RUNFILES_DIR for binaries.</summary>
public static class Runfiles
{
    public const string Workspace = "serbench";

    public static string Resolve(string workspacePath)
    {
        var root = Root()
            ?? throw new InvalidOperationException(
                $"cannot find {workspacePath}: neither RUNFILES_DIR nor TEST_SRCDIR is set (run through Bazel)");
        var path = Path.Combine(root, Workspace, workspacePath);
        return File.Exists(path)
            ? path
            : throw new FileNotFoundException($"{workspacePath} is not in the runfiles at {root}", path);
    }

    private static string? Root() =>
        new[] { "RUNFILES_DIR", "TEST_SRCDIR" }
            .Select(Environment.GetEnvironmentVariable)
            .FirstOrDefault(dir => !string.IsNullOrEmpty(dir));
}
