"""ruff and mypy --strict over every Python source of the suite (not Debian's thrift
and six, nor the code thrift generates); the checks: tools/bazel/lint.py."""

from tools.bazel.lint import checks

globals().update(
    checks(
        "python",
        ["python/serbench_py/suite.py", "python/bench/main.py"],
        others=["debian_thrift", "thrift_gen"],
    )
)
