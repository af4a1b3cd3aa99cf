"""Where the runner reads and writes, under `bazel run` or not.

`bazel run` starts binaries inside their runfiles tree; paths a user types are
relative to where they typed the command (BUILD_WORKING_DIRECTORY), and the
results folder belongs to the workspace (BUILD_WORKSPACE_DIRECTORY).
"""

import os
from pathlib import Path

from runner.store import DEFAULT_NAME


class UsageError(Exception):
    """A command line the runner cannot act on."""


def user_path(path: Path) -> Path:
    """path as the user meant it: relative to the directory the command was typed in."""
    base = os.environ.get("BUILD_WORKING_DIRECTORY", os.getcwd())
    return (Path(base) / path).resolve()


def results_root(explicit: Path | None) -> Path:
    if explicit is not None:
        return user_path(explicit)
    workspace = os.environ.get("BUILD_WORKSPACE_DIRECTORY")
    if not workspace:
        raise UsageError("not started by `bazel run`; pass --results DIR (or --store FILE)")
    return Path(workspace) / "results"


def store_path(explicit_store: Path | None, explicit_results: Path | None) -> Path:
    """--store if given, else <results>/serbench.sqlite."""
    if explicit_store is not None:
        return user_path(explicit_store)
    return results_root(explicit_results) / DEFAULT_NAME


def runfile(relative: str) -> Path:
    """A file of this binary's runfiles tree (where `bazel run` put the suite binaries)."""
    root = os.environ.get("RUNFILES_DIR")
    # Without RUNFILES_DIR, this module itself sits in the tree: <root>/serbench/runner/paths.py.
    return (Path(root) if root else Path(__file__).parent.parent.parent) / relative
