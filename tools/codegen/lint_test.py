"""ruff and mypy --strict over the Python under tools/codegen/; the checks: tools/bazel/lint.py."""

from tools.bazel.lint import checks

globals().update(
    checks(
        "tools/codegen",
        [
            "tools/codegen/describe.py",
            "tools/codegen/describe_test.py",
            "tools/codegen/testing.py",
            "tools/codegen/lint_test.py",
        ],
    )
)
