namespace Serbench.Interop;

/// <summary>The interop CLI every language provides:
///   interop encode --format F --dataset D --size N --out FILE
///   interop decode --format F --dataset D --size N --in FILE
///   interop serve   (those steps one a line on stdin, arguments tab-separated; each answered
///                    on stdout with one line: its exit code, a tab, the last line it said)
/// Exit 0 ok (decode: equal to the fixture), 1 different or undecodable (the first
/// differing field, or why), 2 usage error, 3 not applicable.</summary>
public static class Program
{
    private const string Usage =
        "usage: interop encode|decode --format F --dataset D --size N (--out FILE | --in FILE)";

    public static int Main(string[] args) => args is ["serve"] ? Serve() : Step(args);

    /// <summary>Steps until stdin ends: one process for many steps (a start costs more than a step).</summary>
    private static int Serve()
    {
        var (replies, errors) = (Console.Out, Console.Error);
        while (Console.In.ReadLine() is { } line)
        {
            var said = new StringWriter();
            Console.SetOut(said);
            Console.SetError(said);
            int code;
            try
            {
                code = Step(line.Split('\t'));
            }
            catch (Exception e) // what would end a one-step process ends only this step
            {
                said.WriteLine($"interop: {e.GetType().Name}: {e.Message}");
                code = 1;
            }
            finally
            {
                Console.SetOut(replies);
                Console.SetError(errors);
            }
            var lines = said.ToString().Split('\n').Select(l => l.Trim()).Where(l => l.Length > 0).ToList();
            replies.WriteLine($"{code}\t{(lines.Count > 0 ? lines[^1] : "")}");
            replies.Flush();
        }
        return 0;
    }

    private static int Step(string[] args)
    {
        if (args.Length == 0 || args.Length % 2 == 0 || args[0] is not ("encode" or "decode"))
        {
            return Fail(2, Usage);
        }
        var options = new Dictionary<string, string>();
        for (var i = 1; i < args.Length; i += 2)
        {
            options[args[i]] = args[i + 1];
        }
        var file = args[0] == "encode" ? "--out" : "--in";
        if (Missing(options, ["--format", "--dataset", "--size", file]) is { } missing)
        {
            return Fail(2, $"{missing} is required\n{Usage}");
        }
        if (Invalid(options) is { } error)
        {
            return error;
        }
        var (format, dataset, size) = (options["--format"], options["--dataset"], int.Parse(options["--size"]));
        return args[0] == "encode"
            ? Encode(format, dataset, size, options[file])
            : Decode(format, dataset, size, options[file]);
    }

    private static int Encode(string format, string dataset, int size, string path)
    {
        File.WriteAllBytes(path, Formats.Encode(format, dataset, size));
        return 0;
    }

    private static int Decode(string format, string dataset, int size, string path)
    {
        var mismatch = Formats.Mismatch(format, dataset, size, File.ReadAllBytes(path));
        return mismatch is null ? 0 : Fail(1, mismatch);
    }

    private static string? Missing(Dictionary<string, string> options, string[] required) =>
        required.FirstOrDefault(name => !options.ContainsKey(name));

    private static int? Invalid(Dictionary<string, string> options)
    {
        var format = options["--format"];
        if (!Formats.Names.Contains(format) && !Formats.NotApplicable.ContainsKey(format))
        {
            return Fail(2, $"unknown format '{format}' (known: {string.Join(", ", Formats.Names.Concat(Formats.NotApplicable.Keys))})");
        }
        if (!int.TryParse(options["--size"], out var size) || !Fixtures.Sizes.Contains(size))
        {
            return Fail(2, $"unknown size '{options["--size"]}' (known: {string.Join(", ", Fixtures.Sizes)})");
        }
        if (RealDatasets.Contains(options["--dataset"]))
        {
            return Fail(3, $"not-applicable: {options["--dataset"]} is a real dataset; the interop formats carry the synthetic ones");
        }
        if (!Datasets.Names.Contains(options["--dataset"]))
        {
            return Fail(2, $"unknown dataset '{options["--dataset"]}' (known: {string.Join(", ", Datasets.Names)})");
        }
        return Formats.NotApplicable.TryGetValue(format, out var reason) ? Fail(3, $"not-applicable: {reason}") : null;
    }

    // The catalog's real datasets, which the interop matrix may ask about.
    private static readonly string[] RealDatasets = [.. CatalogData.Datasets.Except(CatalogData.SyntheticDatasets)];

    private static int Fail(int code, string message)
    {
        Console.Error.WriteLine(code == 3 ? message : $"interop: {message}");
        return code;
    }
}
