"""robustness_seeds(name, worker, formats, datasets): the corpus's seed vectors of the
formats no reference encoder writes (no golden vectors: MemoryPack, cereal, CBOR, ...),
written by the one language whose library writes them (`worker --seeds DIR
FORMAT...`), as seeds/<dataset>_<size>.<format> for every synthetic dataset (or only
`datasets`, those the language models) at the sizes the corpus mutates. The corpus
(corpus.bzl) reads them beside the golden vectors.
The worker is the one the tests build (target configuration), not a second build
of it for the host.
"""

load("@serbench_catalog//:catalog.bzl", "SYNTHETIC_DATASETS")

# generate.py: CONTROL_SIZES.
SEED_SIZES = [1, 100]

def _seeds_impl(ctx):
    outs = [
        ctx.actions.declare_file("seeds/{}_{}.{}".format(ds, size, fmt))
        for fmt in ctx.attr.formats
        for ds in ctx.attr.datasets
        for size in SEED_SIZES
    ]
    worker = ctx.attr.worker[DefaultInfo]
    ctx.actions.run(
        executable = ctx.executable.worker,
        arguments = ["--seeds", outs[0].dirname] + ctx.attr.formats,
        tools = [worker.files_to_run],
        outputs = outs,
        # The .NET worker runs the dotnet CLI, which needs the real HOME.
        execution_requirements = {"local": "1", "no-sandbox": "1"},
        use_default_shell_env = True,
        mnemonic = "RobustnessSeeds",
        progress_message = "Writing the %s seed vectors" % ", ".join(ctx.attr.formats),
    )
    return [DefaultInfo(files = depset(outs))]

robustness_seeds = rule(
    implementation = _seeds_impl,
    attrs = {
        "worker": attr.label(executable = True, cfg = "target", mandatory = True),
        "formats": attr.string_list(mandatory = True),
        "datasets": attr.string_list(default = SYNTHETIC_DATASETS),
    },
)
