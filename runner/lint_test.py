"""ruff and mypy --strict over every Python source under runner/ (the runner, the
docs generator and the cross-language drivers); the checks: tools/bazel/lint.py."""

from tools.bazel.lint import checks

globals().update(
    checks("runner", ["runner/crosslang/interop/matrix.py", "runner/lint_test.py"], ["debian_psycopg"])
)
