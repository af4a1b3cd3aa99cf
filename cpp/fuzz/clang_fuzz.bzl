"""clang_fuzz_binary: a libFuzzer binary built by Debian's clang++-14 with
AddressSanitizer and UndefinedBehaviorSanitizer, beside the gcc build.

Bazel autodetects gcc for the whole workspace; switching the toolchain (CC=clang,
a --config) would rebuild and re-cache every C++ target. Instead an aspect walks
the binary's cc_library deps and compiles each one's own sources with
clang++-14 using that library's compilation context (includes, defines,
headers), so project code, generated code and the header-only libraries it
instantiates are instrumented, and the rest of the repository is compiled and
cached exactly as before. Debian's compiled libraries (-lprotobuf, ...) are
linked as the deps' linkopts say: not instrumented.
"""

_CLANG = "/usr/bin/clang++-14"

# -O1 -g: the sanitizers' usual trade between speed and readable stacks.
# -fno-sanitize-recover: a UBSan report stops the run, so it is a finding.
_COPTS = [
    "-std=c++20",
    "-O1",
    "-g",
    "-fno-omit-frame-pointer",
    "-fsanitize=fuzzer-no-link,address,undefined",
    "-fno-sanitize-recover=all",
]
_LINK_SANITIZERS = "-fsanitize=fuzzer,address,undefined"
_SOURCE_EXTENSIONS = ["cc", "cpp", "cxx", "c++"]

# Libraries left out of the fuzz binary, and why: no corpus format, so no decoder
# of the robustness table, and clang++-14 with libstdc++ 12 in C++20 rejects the
# recursive structs of thrift's generated code (gcc accepts them).
_LEFT_OUT = {"//cpp/adapters:thrift_adapter": "thrift is not a corpus format"}

# A library's UBSan check made recoverable, so known_findings.supp can silence a finding
# already kept as a reproducer while the pass fuzzes past it (halt_on_error=1 still stops
# every report it does not silence). RapidJSON's parse stack does arithmetic on its null
# pointer at the first value of nearly every input: reported, it ended almost every run there.
_RECOVERABLE = {"//cpp/adapters:rapidjson_adapter": ["-fsanitize-recover=pointer-overflow"]}

FuzzObjectsInfo = provider(
    doc = "Objects compiled with clang and the sanitizers, and the link flags they need.",
    fields = ["objects", "linkopts"],
)

def _compile(ctx, label, src, compilation_context, extra_copts = []):
    obj = ctx.actions.declare_file("_clang_fuzz/{}/{}/{}.o".format(label.package, label.name, src.basename))
    args = ctx.actions.args()
    args.add_all(_COPTS + extra_copts)
    args.add_all(compilation_context.defines.to_list(), format_each = "-D%s")
    args.add_all(compilation_context.quote_includes.to_list(), before_each = "-iquote")
    args.add_all(compilation_context.includes.to_list(), before_each = "-I")
    args.add_all(compilation_context.system_includes.to_list(), before_each = "-isystem")
    args.add_all(["-c", src.path, "-o", obj.path])
    ctx.actions.run(
        executable = _CLANG,
        arguments = [args],
        inputs = depset([src], transitive = [compilation_context.headers]),
        outputs = [obj],
        mnemonic = "ClangFuzzCompile",
        progress_message = "clang++-14 (fuzz) %s" % src.short_path,
        use_default_shell_env = True,
    )
    return obj

def _sources(files):
    return [f for f in files if f.extension in _SOURCE_EXTENSIONS]

def _transitive(deps):
    infos = [d[FuzzObjectsInfo] for d in deps if FuzzObjectsInfo in d]
    return (
        [i.objects for i in infos],
        [i.linkopts for i in infos],
    )

def _objects_aspect_impl(target, ctx):
    key = "//{}:{}".format(target.label.package, target.label.name)
    if key in _LEFT_OUT:
        return [FuzzObjectsInfo(objects = depset(), linkopts = depset())]
    deps = getattr(ctx.rule.attr, "deps", [])
    objects, linkopts = _transitive(deps)
    own = []
    if ctx.rule.kind == "cc_library" and CcInfo in target:
        cc = target[CcInfo].compilation_context
        extra = _RECOVERABLE.get(key, [])
        own = [_compile(ctx, target.label, src, cc, extra) for src in _sources(ctx.rule.files.srcs)]
    return [FuzzObjectsInfo(
        objects = depset(own, transitive = objects),
        linkopts = depset(getattr(ctx.rule.attr, "linkopts", []), transitive = linkopts),
    )]

_objects_aspect = aspect(
    implementation = _objects_aspect_impl,
    attr_aspects = ["deps"],
)

def _clang_fuzz_binary_impl(ctx):
    objects, linkopts = _transitive(ctx.attr.deps)
    context = cc_common.merge_cc_infos(cc_infos = [d[CcInfo] for d in ctx.attr.deps]).compilation_context
    own = [
        _compile(ctx, ctx.label, src, context, ["-Wall", "-Wextra", "-Werror"])
        for src in ctx.files.srcs
    ]
    all_objects = depset(own, transitive = objects)
    out = ctx.actions.declare_file(ctx.label.name)
    args = ctx.actions.args()
    args.add(_LINK_SANITIZERS)
    args.add_all(all_objects)
    args.add_all(depset(transitive = linkopts))
    args.add_all(["-lpthread", "-o", out.path])
    ctx.actions.run(
        executable = _CLANG,
        arguments = [args],
        inputs = all_objects,
        outputs = [out],
        mnemonic = "ClangFuzzLink",
        progress_message = "Linking the fuzz binary %s" % out.short_path,
        use_default_shell_env = True,
    )
    runfiles = ctx.runfiles(files = ctx.files.data)
    for d in ctx.attr.data:
        runfiles = runfiles.merge(d[DefaultInfo].default_runfiles)
    return [DefaultInfo(executable = out, runfiles = runfiles)]

clang_fuzz_binary = rule(
    implementation = _clang_fuzz_binary_impl,
    doc = "A libFuzzer binary of srcs and every cc_library in deps, all compiled by clang++-14 with ASan+UBSan.",
    attrs = {
        "srcs": attr.label_list(allow_files = [".cc"]),
        "deps": attr.label_list(providers = [CcInfo], aspects = [_objects_aspect]),
        "data": attr.label_list(allow_files = True),
    },
    executable = True,
)
