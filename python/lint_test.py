"""ruff and mypy --strict over every Python source of the suite.

Runs in the test's runfiles tree (the working directory), which holds the
sources, the configs beside them, and the generated schemas/ modules mypy needs.
"""

import os
import subprocess
import sys
from pathlib import Path

_ROOT = Path("python")


# Not the suite's own code: Debian's thrift (and six) and the code thrift generates.
_OTHERS = (_ROOT / "debian_thrift", _ROOT / "thrift_gen")


def _sources() -> list[str]:
    paths = _ROOT.rglob("*.py")
    return sorted(str(p) for p in paths if not any(p.is_relative_to(o) for o in _OTHERS))


def _run(*command: str) -> None:
    # Without Bazel's PYTHONPATH, mypy finds modules only through mypy.ini's
    # mypy_path, so it checks the sources as sources, not as installed packages.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    result = subprocess.run(
        [sys.executable, "-m", *command], capture_output=True, text=True, check=False, env=env
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_sources_are_found() -> None:
    assert "python/serbench_py/suite.py" in _sources()
    assert "python/bench/bench.py" in _sources()


def test_ruff() -> None:
    _run("ruff", "check", "--no-cache", "--config", str(_ROOT / "ruff.toml"), *_sources())


def test_ruff_format() -> None:
    _run(
        "ruff", "format", "--check", "--no-cache", "--config", str(_ROOT / "ruff.toml"), *_sources()
    )


def test_mypy_strict() -> None:
    # The runfiles tree is read-only in spirit: no cache is written into it.
    _run("mypy", "--config-file", str(_ROOT / "mypy.ini"), "--cache-dir", os.devnull, *_sources())
