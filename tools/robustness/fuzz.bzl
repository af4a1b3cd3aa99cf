"""fuzz_pass(lib): a language's fuzz pass, `:all` (its all.py, on the full corpus) and
`:fuzz_test` (its fuzz_test.py: every decoder a few seconds on the smoke corpus, the
kept reproducers replayed); `lib` holds all.py, its dependencies and the data it fuzzes with.

No generated __init__.py files: `tools` stays a namespace package, so @bazel_tools's `tools`
(in the runfiles of a pass that reaches @bazel_tools, and first on the path) does not hide
this repository's `tools.robustness`."""

load("//tools/bazel:py.bzl", "py_pytest")

def fuzz_pass(lib):
    native.py_binary(
        name = "all",
        srcs = ["all.py"],
        data = ["//tools/robustness:corpus"],
        legacy_create_init = False,
        python_version = "PY3",
        visibility = ["//visibility:public"],
        deps = [lib],
    )
    py_pytest(
        name = "fuzz_test",
        size = "large",
        srcs = ["fuzz_test.py"],
        data = [
            "//tools/robustness:reproducers",
            "//tools/robustness:smoke_corpus",
        ],
        legacy_create_init = False,
        deps = [lib],
    )
