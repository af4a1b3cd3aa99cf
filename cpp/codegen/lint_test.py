"""ruff and mypy --strict over the Python under cpp/codegen/; the checks: tools/bazel/lint.py."""

from tools.bazel.lint import checks

globals().update(
    checks(
        "cpp/codegen",
        [
            "cpp/codegen/access.py",
            "cpp/codegen/access_test.py",
            "cpp/codegen/lint_test.py",
            "cpp/codegen/mappings.py",
            "cpp/codegen/mappings_test.py",
        ],
    )
)
