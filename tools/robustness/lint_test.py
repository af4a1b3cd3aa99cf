"""ruff and mypy --strict over the Python under tools/robustness/; the checks: tools/bazel/lint.py."""

from tools.bazel.lint import checks

globals().update(checks("tools/robustness", ["tools/robustness/drive.py", "tools/robustness/lint_test.py"]))
