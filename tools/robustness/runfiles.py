"""Where the robustness and fuzzing binaries read, under `bazel run` and `bazel test`.

`bazel run` starts a binary inside its runfiles tree; a path the user typed is relative
to where they typed the command (BUILD_WORKING_DIRECTORY).
"""

import os
from pathlib import Path


def user_path(path: Path) -> Path:
    """path as the user meant it: relative to the directory the command was typed in."""
    base = os.environ.get("BUILD_WORKING_DIRECTORY", os.getcwd())
    return (Path(base) / path).resolve()


def runfile(relative: str) -> Path:
    """A file of this binary's runfiles tree."""
    root = os.environ.get("RUNFILES_DIR")
    # Without RUNFILES_DIR (`bazel run`), this module itself sits in the tree, as a link to the
    # source that must not be followed: <root>/serbench/tools/robustness/runfiles.py.
    return (Path(root) if root else Path(__file__).parent.parent.parent.parent) / relative
