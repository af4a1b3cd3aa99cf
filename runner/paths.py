"""Where the runner reads and writes, under `bazel run` or not.

`bazel run` starts binaries inside their runfiles tree; paths a user types are
relative to where they typed the command (BUILD_WORKING_DIRECTORY), and the
results folder belongs to the workspace (BUILD_WORKSPACE_DIRECTORY).
"""

import argparse
import os
from pathlib import Path

from runner.store import DEFAULT_NAME
from runner.store_engine import is_postgres, sqlite_file

STORE_VARIABLE = "SERBENCH_STORE"


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


def store_path(explicit_store: Path | str | None, explicit_results: Path | None) -> str:
    """The store's location: --store if given (a file, `sqlite:///path` or `postgresql://...`),
    else <--results>/serbench.sqlite, else $SERBENCH_STORE, else the workspace's results/."""
    chosen = explicit_store
    if chosen is None and explicit_results is None:
        chosen = os.environ.get(STORE_VARIABLE) or None
    if chosen is None:
        return str(results_root(explicit_results) / DEFAULT_NAME)
    text = str(chosen)
    if is_postgres(text):
        return text
    return str(user_path(sqlite_file(text)))


def add_store_arguments(parser: argparse.ArgumentParser) -> None:
    """--store and --results, as every command that reads or writes the store takes them."""
    parser.add_argument(
        "--store",
        help=f"store: a SQLite file, sqlite:///path or postgresql://... (default: ${STORE_VARIABLE},"
        f" else <workspace>/results/{DEFAULT_NAME})",
    )
    parser.add_argument("--results", type=Path, help="results folder holding the default store")


def runfile(relative: str) -> Path:
    """A file of this binary's runfiles tree (where `bazel run` put the suite binaries)."""
    root = os.environ.get("RUNFILES_DIR")
    # Without RUNFILES_DIR, this module itself sits in the tree: <root>/serbench/runner/paths.py.
    return (Path(root) if root else Path(__file__).parent.parent.parent) / relative
