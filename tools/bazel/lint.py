"""The checks every Python package's lint_test runs: ruff, ruff format and
mypy --strict over the package's own sources, each with the package's configs.

A lint test runs in its runfiles tree (the working directory), where the package's
sources sit under `root`; a package's lint_test.py binds these checks to its root.
"""

import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

_GENERATED_SUFFIXES = ("_pb2.py", "_generated.py", "_capnp.py")


def sources(root: Path, others: Sequence[Path] = ()) -> list[str]:
    """The package's own sources: not generated code, Bazel's empty __init__.py
    files or the folders in `others` (code that is not the project's)."""
    return sorted(
        str(p)
        for p in root.rglob("*.py")
        if not p.name.endswith(_GENERATED_SUFFIXES)
        and p.name != "__init__.py"
        and not any(p.is_relative_to(o) for o in others)
    )


def run(*command: str) -> None:
    # Without Bazel's PYTHONPATH, mypy resolves modules through mypy.ini's mypy_path
    # only, so it checks the sources as sources, not as installed packages.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    result = subprocess.run(
        [sys.executable, "-m", *command], capture_output=True, text=True, check=False, env=env
    )
    assert result.returncode == 0, result.stdout + result.stderr


def checks(root: str, expected: Sequence[str], others: Sequence[str] = ()) -> dict[str, Callable[[], None]]:
    """The test functions for one package, named as pytest collects them."""
    base = Path(root)
    files = sources(base, [base / o for o in others])

    def test_sources_are_found() -> None:
        assert set(expected) <= set(files), sorted(set(expected) - set(files))

    def test_ruff() -> None:
        run("ruff", "check", "--no-cache", "--config", str(base / "ruff.toml"), *files)

    def test_ruff_format() -> None:
        run("ruff", "format", "--check", "--no-cache", "--config", str(base / "ruff.toml"), *files)

    def test_mypy_strict() -> None:
        # The runfiles tree is read-only in spirit: no cache is written into it.
        run("mypy", "--config-file", str(base / "mypy.ini"), "--cache-dir", os.devnull, *files)

    found = (test_sources_are_found, test_ruff, test_ruff_format, test_mypy_strict)
    return {f.__name__: f for f in found}
