"""Golden vectors: each synthetic dataset and size encoded in every golden format by the
reference encoder (Python's interop binary), and the test each language runs to decode them.

    golden_vectors(name, datasets, sizes, formats)
        :<name>, files golden/<dataset>_<size>.<format> in the calling package.
    golden_decode_test(name, lang, interop, tags)
        decodes every golden vector with `interop` and compares each with
        the canonical fixture (tools/interop/golden_test.py).
"""

_ENCODER = "//python/interop"

def golden_vectors(name, datasets, sizes, formats):
    targets = []
    for ds in datasets:
        outs = ["golden/{}_{}.{}".format(ds, size, fmt) for size in sizes for fmt in formats]
        native.genrule(
            name = "{}_{}".format(name, ds),
            outs = outs,
            tools = [_ENCODER],
            cmd = " && ".join([
                "$(location {}) encode --format {} --dataset {} --size {} --out $(RULEDIR)/golden/{}_{}.{}".format(
                    _ENCODER,
                    fmt,
                    ds,
                    size,
                    ds,
                    size,
                    fmt,
                )
                for size in sizes
                for fmt in formats
            ]),
        )
        targets.append(":{}_{}".format(name, ds))
    native.filegroup(name = name, srcs = targets, visibility = ["//visibility:public"])

def golden_decode_test(name, lang, interop, tags = []):
    native.py_test(
        name = name,
        size = "medium",
        srcs = ["//tools/interop:golden_test.py"],
        main = "//tools/interop:golden_test.py",
        args = ["--lang", lang, "--binary", "$(rootpath {})".format(interop)],
        data = [interop, "//tools/interop:golden"],
        deps = ["//schemas/interop:protocol"],
        python_version = "PY3",
        tags = tags,
    )
