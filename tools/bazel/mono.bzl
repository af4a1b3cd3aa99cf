"""C# programs built by Mono's mcs and run by Mono (Debian's mono-devel, mono-runtime).

    mono_binary(name, srcs, lock, data)
        Compiles `srcs` into <name>.exe against the .NET Framework builds of the packages
        `lock` lists (tools/bazel/mono_build.py; they come from ~/.nuget/packages, so the
        action runs outside the sandbox), and a launcher running
        `mono <name>.exe --root <runfiles workspace> "$@"`, which finds its runfiles
        under `bazel run`, `bazel test` and when another binary starts it.
"""

_LOCAL = {"local": "1", "no-sandbox": "1"}

_LAUNCHER = """#!/usr/bin/env bash
set -euo pipefail
if [[ -d "$0.runfiles" ]]; then
  RUNFILES_DIR="$0.runfiles"
elif [[ -z "${{RUNFILES_DIR:-}}" && "$0" == *.runfiles/* ]]; then
  RUNFILES_DIR="${{0%%.runfiles/*}}.runfiles"
fi
RUNFILES_DIR="${{RUNFILES_DIR:-${{TEST_SRCDIR:-}}}}"
exe="$RUNFILES_DIR/{exe}"
if [[ -z "$RUNFILES_DIR" || ! -f "$exe" ]]; then
  echo "{name}: cannot find {exe} in the runfiles (RUNFILES_DIR='$RUNFILES_DIR')" >&2
  exit 2
fi
export RUNFILES_DIR
exec mono "$exe" --root "$RUNFILES_DIR/{workspace}" "$@"
"""

def _mono_binary_impl(ctx):
    out = ctx.actions.declare_directory(ctx.label.name + "_bin")
    exe = ctx.label.name + ".exe"
    args = ctx.actions.args()
    args.add("--lock", ctx.file.lock).add("--out", out.path).add("--name", exe)
    args.add_all(ctx.files.srcs)
    ctx.actions.run(
        executable = ctx.executable._build,
        arguments = [args],
        inputs = ctx.files.srcs + [ctx.file.lock],
        outputs = [out],
        use_default_shell_env = True,
        execution_requirements = _LOCAL,
        mnemonic = "MonoBuild",
        progress_message = "Compiling %s with mcs" % ctx.label,
    )
    script = ctx.actions.declare_file(ctx.label.name)
    ctx.actions.write(script, _LAUNCHER.format(
        exe = "{}/{}/{}".format(ctx.workspace_name, out.short_path, exe),
        name = ctx.label.name,
        workspace = ctx.workspace_name,
    ), is_executable = True)
    runfiles = ctx.runfiles(files = [out] + ctx.files.data)
    for d in ctx.attr.data:
        runfiles = runfiles.merge(d[DefaultInfo].default_runfiles)
    return [DefaultInfo(executable = script, runfiles = runfiles)]

_ATTRS = {
    "srcs": attr.label_list(allow_files = [".cs"]),
    "lock": attr.label(allow_single_file = True, mandatory = True),
    "data": attr.label_list(allow_files = True),
    "_build": attr.label(default = "//tools/bazel:mono_build", executable = True, cfg = "exec"),
}

mono_binary = rule(implementation = _mono_binary_impl, attrs = _ATTRS, executable = True)
