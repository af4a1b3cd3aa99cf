"""@serbench_catalog: schemas/catalog/catalog.json as Starlark constants, so BUILD files
and macros read the one catalog instead of spelling its lists (load it from
@serbench_catalog//:catalog.bzl). The repository is remade when catalog.json changes."""

def _label(runfile):
    package, _, name = runfile.rpartition("/")
    return "//{}:{}".format(package, name)

def _catalog_repository_impl(rctx):
    catalog = json.decode(rctx.read(rctx.attr.catalog))
    datasets = catalog["datasets"]
    constants = {
        "SIZES": catalog["synthetic_sizes"],
        "DATASETS": [d["name"] for d in datasets],
        "SYNTHETIC_DATASETS": [d["name"] for d in datasets if d["kind"] == "synthetic"],
        # Each synthetic dataset's record type, in the same order.
        "SYNTHETIC_RECORDS": [d["record"] for d in datasets if d["kind"] == "synthetic"],
        "FORMATS": [f["name"] for f in catalog["formats"]],
        "GOLDEN_FORMATS": [f["name"] for f in catalog["formats"] if f.get("golden")],
        "INTEROP_FORMATS": [f["name"] for f in catalog["formats"] if f.get("interop")],
        "CORPUS_FORMATS": [f["name"] for f in catalog["formats"] if f.get("corpus")],
        "OPS": [o["name"] for o in catalog["ops"]],
        "LANGUAGES": [lang["name"] for lang in catalog["languages"]],
        # Each language's binaries as labels: "python/bench/bench" is //python/bench:bench;
        # a binary a language does not have ("") is left out.
        "LANGUAGE_TARGETS": {
            lang["name"]: {key: _label(lang[key]) for key in ("suite", "interop", "robustness") if lang[key]}
            for lang in catalog["languages"]
        },
    }
    lines = ['"""Generated from schemas/catalog/catalog.json; do not edit."""', ""]
    for name, value in constants.items():
        lines.append("{} = {}".format(name, json.encode(value)))
    rctx.file("catalog.bzl", "\n".join(lines) + "\n")
    rctx.file("BUILD.bazel", 'exports_files(["catalog.bzl"])\n')

catalog_repository = repository_rule(
    implementation = _catalog_repository_impl,
    attrs = {"catalog": attr.label(default = Label("//schemas/catalog:catalog.json"), allow_single_file = True)},
)
