"""ruff and mypy --strict over every Python source under schemas/ (not protoc's
or flatc's output, which only sits beside it in the build).

Runs in the test's runfiles tree, where the sources sit under schemas/.
"""

import os
import subprocess
import sys
from pathlib import Path

_ROOT = Path("schemas")
_GENERATED_SUFFIXES = ("_pb2.py", "_generated.py", "_capnp.py")


def _sources() -> list[str]:
    return sorted(
        str(p)
        for p in _ROOT.rglob("*.py")
        if not p.name.endswith(_GENERATED_SUFFIXES) and p.name != "__init__.py"
    )


def _run(*command: str) -> None:
    # Without Bazel's PYTHONPATH, mypy resolves modules through mypy.ini's mypy_path only.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    result = subprocess.run(
        [sys.executable, "-m", *command], capture_output=True, text=True, check=False, env=env
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_sources_are_found() -> None:
    assert "schemas/datagen/generate.py" in _sources()
    assert "schemas/lint_test.py" in _sources()


def test_ruff() -> None:
    _run("ruff", "check", "--no-cache", "--config", str(_ROOT / "ruff.toml"), *_sources())


def test_ruff_format() -> None:
    _run("ruff", "format", "--check", "--no-cache", "--config", str(_ROOT / "ruff.toml"), *_sources())


def test_mypy_strict() -> None:
    _run("mypy", "--config-file", str(_ROOT / "mypy.ini"), "--cache-dir", os.devnull, *_sources())
