"""ruff and mypy --strict over the Python under tools/interop/; the checks: tools/bazel/lint.py."""

from tools.bazel.lint import checks

globals().update(
    checks(
        "tools/interop",
        ["tools/interop/golden_test.py", "tools/interop/lint_test.py"],
    )
)
