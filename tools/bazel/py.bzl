"""Python test macro: a py_test that runs pytest on its source files."""

def py_pytest(name, srcs, deps = [], data = [], **kwargs):
    native.py_test(
        name = name,
        srcs = srcs + ["//tools/bazel:pytest_main.py"],
        main = "//tools/bazel:pytest_main.py",
        args = ["$(rootpath {})".format(s) for s in srcs],
        deps = deps,
        data = data,
        python_version = "PY3",
        **kwargs
    )
