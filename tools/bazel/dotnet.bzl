"""C# targets built and run by the dotnet CLI.

MSBuild wants a project directory it can write obj/ into and restores NuGet
packages from ~/.nuget/packages, so these actions run outside the sandbox
(tags "local", "no-sandbox"). Each build copies the sources it needs into a
scratch directory of its own, so two builds never share an obj/ directory.

    dotnet_library(name, srcs, generated, deps)
        The sources of a project that others reference (<ProjectReference>);
        it is compiled inside every dotnet_build that depends on it.
    dotnet_build(name, project, srcs, generated, deps)
        `dotnet build -c Release` of `project`, restored in locked mode from its
        packages.lock.json; the output directory is a tree artifact.
    dotnet_test(name, project, srcs, generated, deps, data)
        dotnet_build + `dotnet test` of the built test assembly.
    dotnet_binary(name, project, srcs, generated, deps, data)
        dotnet_build + a launcher running `dotnet <assembly>.dll "$@"`; it finds
        the assembly through runfiles under `bazel run` and when another binary
        starts it from that binary's runfiles tree.

`srcs` are the project's own files (.csproj, .cs, packages.lock.json), placed
at their workspace paths. `generated` are Bazel-generated sources (e.g.
//schemas/user:user_proto_cs), placed in <package>/Generated/ where the
project's default globbing compiles them. `deps` are dotnet_library targets,
including //dotnet:config (Directory.Build.props, nuget.config, ...).
"""

DotnetSourcesInfo = provider(
    doc = "Files a dotnet build copies into its scratch directory.",
    fields = {
        "files": "depset of Files",
        "placements": "depset of 'dest<TAB>src' lines: workspace path in the scratch directory, then execroot path",
    },
)

_DOTNET = "@local_env//:dotnet"
_LOCAL = {"local": "1", "no-sandbox": "1"}
_LOCAL_TAGS = ["local", "no-sandbox"]

def _sources_info(ctx, extra = []):
    own = [(f.short_path, f) for f in depset(ctx.files.srcs + extra).to_list()]
    own += [(ctx.label.package + "/Generated/" + f.basename, f) for f in ctx.files.generated]
    deps = [d[DotnetSourcesInfo] for d in ctx.attr.deps]
    return DotnetSourcesInfo(
        files = depset([f for _, f in own], transitive = [d.files for d in deps]),
        placements = depset(
            ["{}\t{}".format(dest, f.path) for dest, f in own],
            transitive = [d.placements for d in deps],
        ),
    )

_SOURCE_ATTRS = {
    "srcs": attr.label_list(allow_files = True, doc = "the project's own files"),
    "generated": attr.label_list(allow_files = [".cs"], doc = "generated C# sources"),
    "deps": attr.label_list(providers = [DotnetSourcesInfo], doc = "dotnet_library targets"),
}

def _dotnet_library_impl(ctx):
    return [_sources_info(ctx)]

dotnet_library = rule(
    implementation = _dotnet_library_impl,
    attrs = _SOURCE_ATTRS,
)

# Quiet unless the build fails; build servers are off so that no compiler
# process outlives the action.
_BUILD_SCRIPT = """set -euo pipefail
out="$PWD/{out}"
scratch=$(mktemp -d "${{TMPDIR:-/tmp}}/dotnet-build.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
while IFS=$'\\t' read -r dest src; do
  mkdir -p "$scratch/$(dirname "$dest")"
  cp "$src" "$scratch/$dest"
done < {manifest}
if ! {dotnet} build "$scratch/{project}" -c Release -o "$out" --nologo -v quiet \\
    --disable-build-servers -p:RestoreLockedMode=true >"$scratch/build.log" 2>&1; then
  cat "$scratch/build.log" >&2
  exit 1
fi
"""

def _dotnet_build_impl(ctx):
    sources = _sources_info(ctx, [ctx.file.project])
    manifest = ctx.actions.declare_file(ctx.label.name + ".sources")
    ctx.actions.write(manifest, "\n".join(sources.placements.to_list()) + "\n")
    out = ctx.actions.declare_directory(ctx.label.name)
    dotnet = ctx.executable._dotnet
    ctx.actions.run_shell(
        command = _BUILD_SCRIPT.format(
            out = out.path,
            manifest = manifest.path,
            dotnet = dotnet.path,
            project = ctx.file.project.short_path,
        ),
        inputs = depset([manifest], transitive = [sources.files]),
        tools = [dotnet],
        outputs = [out],
        execution_requirements = _LOCAL,
        use_default_shell_env = True,
        mnemonic = "DotnetBuild",
        progress_message = "dotnet build " + ctx.file.project.short_path,
    )
    return [DefaultInfo(files = depset([out]))]

dotnet_build = rule(
    implementation = _dotnet_build_impl,
    attrs = dict(_SOURCE_ATTRS, **{
        "project": attr.label(allow_single_file = [".csproj"], mandatory = True),
        "_dotnet": attr.label(default = _DOTNET, allow_single_file = True, executable = True, cfg = "exec"),
    }),
)

def _rlocation(ctx, file):
    """The path of `file` below the runfiles root."""
    if file.short_path.startswith("../"):
        return file.short_path[3:]
    return ctx.workspace_name + "/" + file.short_path

# Finds the runfiles root: our own tree when started as a built binary, else
# the tree of whichever binary started us (RUNFILES_DIR, or from $0 itself).
_FIND_RUNFILES = """
if [[ -d "$0.runfiles" ]]; then
  RUNFILES_DIR="$0.runfiles"
elif [[ -z "${RUNFILES_DIR:-}" && "$0" == *.runfiles/* ]]; then
  RUNFILES_DIR="${0%%.runfiles/*}.runfiles"
fi
RUNFILES_DIR="${RUNFILES_DIR:-${TEST_SRCDIR:-}}"
dll="$RUNFILES_DIR/{dll}"
if [[ -z "$RUNFILES_DIR" || ! -f "$dll" ]]; then
  echo "{name}: cannot find {dll} in the runfiles (RUNFILES_DIR='$RUNFILES_DIR')" >&2
  exit 1
fi
export RUNFILES_DIR
"""

_TEST_SCRIPT = """#!/usr/bin/env bash
# Generated by dotnet_test: runs the xunit assembly with `dotnet test`.
set -euo pipefail
""" + _FIND_RUNFILES + """
exec "$RUNFILES_DIR/{dotnet}" test "$dll" --nologo \\
  --results-directory "${TEST_UNDECLARED_OUTPUTS_DIR:-$TEST_TMPDIR}" \\
  --logger "console;verbosity=detailed"
"""

_BINARY_SCRIPT = """#!/usr/bin/env bash
# Generated by dotnet_binary: runs the assembly with the dotnet CLI.
set -euo pipefail
""" + _FIND_RUNFILES + """
exec "$RUNFILES_DIR/{dotnet}" "$dll" "$@"
"""

def _launcher_impl(ctx, template):
    built = ctx.file.build
    script = ctx.actions.declare_file(ctx.label.name)
    ctx.actions.write(
        script,
        template.replace("{dll}", _rlocation(ctx, built) + "/" + ctx.attr.dll)
            .replace("{dotnet}", _rlocation(ctx, ctx.file._dotnet))
            .replace("{name}", str(ctx.label)),
        is_executable = True,
    )
    runfiles = ctx.runfiles(files = [built, ctx.file._dotnet] + ctx.files.data)
    for d in ctx.attr.data:
        runfiles = runfiles.merge(d[DefaultInfo].default_runfiles)
    return [DefaultInfo(executable = script, runfiles = runfiles)]

_LAUNCHER_ATTRS = {
    "build": attr.label(allow_single_file = True, mandatory = True, doc = "a dotnet_build target"),
    "dll": attr.string(mandatory = True, doc = "the assembly to run, inside the build's output"),
    "data": attr.label_list(allow_files = True),
    "_dotnet": attr.label(default = _DOTNET, allow_single_file = True),
}

def _dotnet_test_impl(ctx):
    return _launcher_impl(ctx, _TEST_SCRIPT)

def _dotnet_binary_impl(ctx):
    return _launcher_impl(ctx, _BINARY_SCRIPT)

_dotnet_test = rule(
    implementation = _dotnet_test_impl,
    attrs = _LAUNCHER_ATTRS,
    test = True,
)

_dotnet_binary = rule(
    implementation = _dotnet_binary_impl,
    attrs = _LAUNCHER_ATTRS,
    executable = True,
)

def _assembly(project):
    return project.rsplit("/", 1)[-1].rsplit(":", 1)[-1][:-len(".csproj")] + ".dll"

def _with_build(rule_fn, name, project, srcs, generated, deps, data, tags, **kwargs):
    dotnet_build(
        name = name + "_build",
        project = project,
        srcs = srcs,
        generated = generated,
        deps = deps,
        tags = _LOCAL_TAGS,
    )
    rule_fn(
        name = name,
        build = ":" + name + "_build",
        dll = _assembly(project),
        data = data,
        tags = _LOCAL_TAGS + tags,
        **kwargs
    )

def dotnet_test(name, project, srcs = [], generated = [], deps = [], data = [], tags = [], **kwargs):
    _with_build(_dotnet_test, name, project, srcs, generated, deps, data, tags, **kwargs)

def dotnet_binary(name, project, srcs = [], generated = [], deps = [], data = [], tags = [], **kwargs):
    _with_build(_dotnet_binary, name, project, srcs, generated, deps, data, tags, **kwargs)
