"""The whole interop matrix over the wired languages' interop binaries:
every producer x consumer x format x dataset x size. Fails on any failed cell
not in known_failures.txt, and on a listed cell that passes now.

The matrix file is kept as a test output (bazel-testlogs/runner/crosslang/interop/
interop_test/test.outputs/) when Bazel provides the directory."""

import os
from pathlib import Path

from runner.crosslang.interop import matrix


def test_every_wired_language_is_present() -> None:
    assert set(matrix.wired_langs()) == set(matrix.WIRED)


def test_the_matrix_has_no_new_failures(tmp_path: Path) -> None:
    out = Path(os.environ.get("TEST_UNDECLARED_OUTPUTS_DIR", tmp_path)) / "matrix.json"
    known = "runner/crosslang/interop/known_failures.txt"
    assert matrix.main(["--out", str(out), "--known-failures", known]) == 0
