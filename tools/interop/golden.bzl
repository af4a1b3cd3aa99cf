"""Golden vectors: each synthetic dataset and size encoded in every interop format
by the reference encoder (Python's interop binary), and the test each
language runs to decode them.

    golden_vectors(name, datasets, sizes, formats)
        :<name>, files golden/<dataset>_<size>.<format> in this package.
    golden_decode_test(name, lang, interop, tags)
        decodes every golden vector with `interop` and compares each with
        the canonical fixture (runner/crosslang/interop/golden_test.py).
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
        srcs = ["//runner/crosslang/interop:golden_test.py"],
        main = "//runner/crosslang/interop:golden_test.py",
        args = ["--lang", lang, "--binary", "$(rootpath {})".format(interop)],
        data = [interop, "//runner/crosslang/interop:golden"],
        deps = ["//runner/crosslang/interop:matrix_lib"],
        python_version = "PY3",
        tags = tags,
    )
