"""robustness_corpus(name, profile, seed): a directory (tree artifact) holding
manifest.json and the inputs of one corpus profile (generate.py: smoke, full),
built from the golden vectors, the seed vectors of the formats only one language
writes (seeds.bzl), the JSON_checker files and the inputs kept from fuzzing."""

load("@serbench_catalog//:catalog.bzl", "LANGUAGE_TARGETS")

# Every language's seed vectors: a `seeds` target beside each wired worker (seeds.bzl).
_SEEDS = [
    targets["robustness"].rpartition(":")[0] + ":seeds"
    for targets in LANGUAGE_TARGETS.values()
    if "robustness" in targets
]

def _corpus_impl(ctx):
    out = ctx.actions.declare_directory(ctx.label.name)
    args = ctx.actions.args()
    args.add("--profile", ctx.attr.profile)
    args.add("--seed", str(ctx.attr.seed))
    args.add("--out", out.path)
    args.add_all("--golden", ctx.files.golden + ctx.files.seeds)
    args.add_all("--jsonchecker", ctx.files.jsonchecker)
    index = [f for f in ctx.files.reproducers if f.basename == "reproducers.json"]
    args.add_all("--reproducers", index)
    ctx.actions.run(
        executable = ctx.executable._generate,
        arguments = [args],
        inputs = ctx.files.golden + ctx.files.seeds + ctx.files.jsonchecker + ctx.files.reproducers,
        outputs = [out],
        mnemonic = "RobustnessCorpus",
        progress_message = "Generating the %s robustness corpus" % ctx.attr.profile,
    )
    return [DefaultInfo(files = depset([out]), runfiles = ctx.runfiles(files = [out]))]

robustness_corpus = rule(
    implementation = _corpus_impl,
    attrs = {
        "profile": attr.string(mandatory = True, values = ["smoke", "full"]),
        "seed": attr.int(default = 1),
        "golden": attr.label(default = "//tools/interop:golden", allow_files = True),
        "seeds": attr.label_list(default = _SEEDS, allow_files = True),
        "jsonchecker": attr.label(default = "@jsonchecker//:files", allow_files = True),
        # The fuzz findings' inputs (reproducers/reproducers.json and its files).
        "reproducers": attr.label(default = "//tools/robustness:reproducers", allow_files = True),
        "_generate": attr.label(default = "//tools/robustness:generate", executable = True, cfg = "exec"),
    },
)
