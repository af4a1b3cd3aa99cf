"""ruff and mypy --strict over every Python source under schemas/ (not protoc's or
flatc's output, which only sits beside it in the build); the checks: tools/bazel/lint.py."""

from tools.bazel.lint import checks

globals().update(checks("schemas", ["schemas/datagen/generate.py", "schemas/lint_test.py"]))
