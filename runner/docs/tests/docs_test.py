"""The committed docs/ is exactly what the committed snapshot generates, and it builds."""

import filecmp
import functools
import re
from collections import Counter
from pathlib import Path

import yaml

from runner.caseid import MEMCPY_LIB
from runner.docs import generate, snapshot
from runner.docs.results import LANG_NAMES, Results, listed
from runner.docs.tests import page_checks
from runner.docs.tests.page_checks import lazy_in_full_rankings
from runner.docs.tests.site import build_strict

# Runfiles paths: tests run from the workspace's runfiles root.
DOCS = Path("docs")
SNAPSHOT = generate.PUBLISHED
REGENERATE = "bazel run //runner/docs:generate   (or bazel run //runner:all -- --publish)"


def _files(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}


def test_docs_match_the_published_snapshot(tmp_path: Path) -> None:
    generate.generate(SNAPSHOT, tmp_path)
    expected, committed = _files(tmp_path), _files(DOCS)
    differ = sorted(
        [f"missing: docs/{name}" for name in expected - committed]
        + [f"not generated: docs/{name}" for name in committed - expected]
        + [
            f"differs: docs/{name}"
            for name in expected & committed
            if not filecmp.cmp(tmp_path / name, DOCS / name, shallow=False)
        ]
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


def _page(name: str) -> str:
    return (DOCS / name).read_text()


def test_every_count_a_page_states_is_the_snapshots() -> None:
    """The known contradictions: language pages saying nothing went unmeasured,
    the interop page naming sizes the run does not have, the landing page's counts."""
    data = snapshot.read(SNAPSHOT)
    for lang in Results(data).langs:
        missing = Counter(u.outcome.replace("_", " ") for u in data.unmeasured if u.lang == lang)
        index = _page(f"{lang}/index.md")
        for outcome, count in missing.items():
            assert f"{count:,} {outcome}" in index, (lang, outcome, count)
        assert ("nothing was refused" in index) == (not missing), lang
        measured = len([c for c in data.cases if c.lang == lang and c.lib != MEMCPY_LIB])
        assert f"| {LANG_NAMES[lang]} | {measured:,} |" in _page("index.md")
    sizes = sorted({c.size for c in data.interop})
    if sizes:
        assert f"payload sizes {listed([f'{s:,}' for s in sizes])} records" in _page("interop.md")


def test_capability_tables_say_what_they_know() -> None:
    for lang in Results(snapshot.read(SNAPSHOT)).langs:
        table = [line for line in _page(f"{lang}/index.md").splitlines() if line.startswith("| ")]
        assert not any(" ? " in line for line in table), lang


@functools.cache
def _generated() -> dict[str, bytes]:
    """What the code generates from the published snapshot now (docs/ may lag it)."""
    return generate.render(snapshot.read(SNAPSHOT))


def test_published_charts_tick_and_unit_their_axes_truly() -> None:
    assert page_checks.wrong_ticks(_generated()) == []
    assert page_checks.mixed_units(_generated()) == []


def test_published_pages_count_alike_and_state_no_false_none() -> None:
    assert page_checks.inconsistent_counts(_generated()) == []
    assert page_checks.false_none_statements(_generated(), snapshot.read(SNAPSHOT)) == []


def test_published_navigation_names_pages_as_their_projects_do() -> None:
    site = yaml.safe_load(_generated()[generate.SITE])
    assert page_checks.slug_titles(site["nav"]) == []


def test_published_claims_state_the_runs_sizes_and_link_their_sources() -> None:
    text = _generated()["claims.md"].decode()
    assert re.findall(r"\{\w+\}", text) == []  # every size placeholder filled from the run
    assert "](https://jcristharif.com/msgspec/benchmarks.html)" in text
    assert "](https://github.com/neuecc/ZeroFormatter)" in text
    assert page_checks.glued_list_items(_generated()) == []


def test_published_dataset_pages_open_with_a_summary_and_one_size() -> None:
    assert page_checks.long_dataset_pages(_generated()) == []


def test_published_format_pages_chart_each_op_and_size_once() -> None:
    assert page_checks.format_charts_not_across_languages(_generated()) == []
