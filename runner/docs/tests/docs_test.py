"""The committed docs/ is exactly what the committed snapshot generates, and it builds."""

import filecmp
from pathlib import Path

from runner.docs import generate
from runner.docs.tests.page_checks import lazy_in_full_rankings
from runner.docs.tests.site import build_strict

# Runfiles paths: tests run from the workspace's runfiles root.
DOCS = Path("docs")
SNAPSHOT = generate.PUBLISHED
REGENERATE = "bazel run //runner/docs:generate   (or bazel run //runner:all)"


def _files(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}


def test_docs_match_the_published_snapshot(tmp_path: Path) -> None:
    generate.generate(SNAPSHOT, tmp_path)
    expected, committed = _files(tmp_path), _files(DOCS)
    differ = sorted(
        [f"missing: docs/{name}" for name in expected - committed]
        + [f"not generated: docs/{name}" for name in committed - expected]
        + [f"differs: docs/{name}" for name in expected & committed
           if not filecmp.cmp(tmp_path / name, DOCS / name, shallow=False)]
    )
    assert not differ, (
        f"docs/ is out of date with {SNAPSHOT}; regenerate with\n    {REGENERATE}\n" + "\n".join(differ[:40])
    )


def test_committed_docs_build_strictly(tmp_path: Path) -> None:
    built = build_strict(DOCS, tmp_path)
    assert built.returncode == 0, built.stderr


def test_no_lazy_result_is_ranked_with_full_ones() -> None:
    files = {name: (DOCS / name).read_bytes() for name in _files(DOCS)}
    assert lazy_in_full_rankings(files) == []
