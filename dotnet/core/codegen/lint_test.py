"""ruff and mypy --strict over the Python under dotnet/core/codegen/; the checks: tools/bazel/lint.py."""

from tools.bazel.lint import checks

globals().update(
    checks(
        "dotnet/core/codegen",
        [
            "dotnet/core/codegen/mappings.py",
            "dotnet/core/codegen/mappings_test.py",
            "dotnet/core/codegen/model.py",
            "dotnet/core/codegen/model_test.py",
            "dotnet/core/codegen/lint_test.py",
        ],
    )
)
