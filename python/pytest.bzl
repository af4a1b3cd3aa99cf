"""pytest_test: a py_test that runs pytest on its own test files."""

_MAIN = "//python:pytest_main.py"

def pytest_test(name, srcs, deps = [], **kwargs):
    native.py_test(
        name = name,
        srcs = srcs + [_MAIN],
        main = _MAIN,
        args = ["$(rootpath {})".format(src) for src in srcs],
        python_version = "PY3",
        deps = deps,
        **kwargs
    )
