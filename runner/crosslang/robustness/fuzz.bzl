"""fuzz_pass(lib): a language's fuzz pass, `:all` (its all.py, on the full corpus) and
`:fuzz_test` (its fuzz_test.py: every decoder a few seconds on the smoke corpus, the
kept reproducers replayed); `lib` holds all.py, its dependencies and the data it fuzzes with."""

load("//tools/bazel:py.bzl", "py_pytest")

def fuzz_pass(lib):
    native.py_binary(
        name = "all",
        srcs = ["all.py"],
        data = ["//runner/crosslang/robustness:corpus"],
        python_version = "PY3",
        visibility = ["//visibility:public"],
        deps = [lib],
    )
    py_pytest(
        name = "fuzz_test",
        size = "large",
        srcs = ["fuzz_test.py"],
        data = [
            "//runner/crosslang/robustness:reproducers",
            "//runner/crosslang/robustness:smoke_corpus",
        ],
        deps = [lib],
    )
