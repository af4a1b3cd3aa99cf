"""robustness_smoke_test(name, lang, worker): the driver (tools/robustness/drive.py)
on the smoke corpus against one language's worker; fails unless every decoder
answers accepted_equal on every control, every JSON_checker pass file is accepted
by every schemaless JSON decoder, every kept fuzz finding gives its decoder the outcome
recorded for the fixed corpus, every result is one of the six outcomes and the
output validates (smoke_test.py). One call in each //<lang>/robustness/BUILD.bazel:

    load("//tools/robustness:smoke.bzl", "robustness_smoke_test")
    robustness_smoke_test(name = "robustness_smoke_test", lang = "python", worker = ":worker")

`controls_differ`: controls known to come back accepted_different, each
"LANG LIB[/VARIANT] FORMAT DATASET_SIZE" (a library's fault, named in the language's
README); the test fails when one of them comes back equal, so the list only shrinks.
"""

_CORPUS = "//tools/robustness:smoke_corpus"

def robustness_smoke_test(name, lang, worker, size = "large", tags = [], controls_differ = []):
    native.py_test(
        name = name,
        size = size,
        srcs = ["//tools/robustness:smoke_test.py"],
        main = "//tools/robustness:smoke_test.py",
        args = [
            "--lang",
            lang,
            "--worker",
            "$(rootpath {})".format(worker),
            "--corpus",
            "$(rootpath {})".format(_CORPUS),
        ] + ["'--control-differs={}'".format(c) for c in controls_differ],
        data = [worker, _CORPUS],
        deps = [
            "//tools/robustness:drive_lib",
            "//tools/robustness:fuzz_lib",
        ],
        python_version = "PY3",
        # No generated __init__.py: with one, @bazel_tools' own `tools` package (a worker's
        # runfiles library) would hide this workspace's tools.robustness.
        legacy_create_init = False,
        # The .NET worker runs the dotnet CLI, which needs the real HOME (as
        # //runner/crosslang/interop:interop_test does).
        tags = ["local", "no-sandbox"] + tags,
    )
