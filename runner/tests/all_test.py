"""`runner all` with stand-in suites: crashes, hangs and broken files are recorded and the
rest is kept; an interrupted run resumes without storing anything twice."""

import ast
import dataclasses
import subprocess
from pathlib import Path

import pytest
import yaml

from runner.all import git_commit
from runner.cli import main as cli_main
from runner.store import Store
from runner.suites import SUITES
from runner.tests.standins import results_store, run_all_in, stand_in, stand_in_steps, stand_in_suites
from runner.tests.support import expected_counts
from schemas.catalog import catalog


def test_all_suites_ok_shows_progress_and_a_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_all_in(tmp_path, stand_in_suites(tmp_path), steps=stand_in_steps(tmp_path)) == 0
    out, err = capsys.readouterr()
    assert "[1/6 python] 2/2 cases" in err and "left" in err
    assert "[6/6 robustness] 1/1 cases" in err and "python msgspec/struct json" in err
    assert "cases: 51 measured, 0 failed, 0 refused, 10 not applicable, 0 not measured" in out
    assert all(f"  {step:<10} ok" in out for step in ("interop", "robustness"))
    assert "serbench.sqlite" in out
    with results_store(tmp_path) as store:
        (run,) = store.runs()
    # A user's run builds its own pages and leaves the published reference alone.
    local = tmp_path / "results" / "local" / run.id
    assert f"docs: this run's pages: {local / 'docs' / 'index.md'}" in out
    assert f"mkdocs serve -f {local / 'mkdocs.yml'}" in out and "(--publish replaces it)" in out
    assert (local / "docs" / "index.md").exists() and (local / "snapshot.jsonl.gz").exists()
    # Its site settings inherit the base settings by a path that leads to them.
    inherit = yaml.safe_load((local / "docs" / "site.yml").read_text())["INHERIT"]
    assert inherit.endswith("runner/docs/mkdocs.base.yml") and (local / "docs" / inherit).is_file()
    assert not (tmp_path / "docs").exists() and not (tmp_path / "results" / "published").exists()
    with results_store(tmp_path) as store:
        assert run.status == "complete"
        assert {lang: s[0] for lang, s in store.suites(run.id).items()} == dict.fromkeys(
            (*catalog.LANGUAGES, "interop", "robustness"), "ok"
        )
        assert (tmp_path / "results" / "raw" / run.id / "manifest.json").exists()
        assert _rows(store, "interop_cells") == 90 and _rows(store, "robustness_results") == 10
        (repro,) = store.db.execute("SELECT path FROM robustness_repro WHERE outcome = 'crash'").fetchone()
        assert Path(repro).is_relative_to(tmp_path / "results" / "raw" / run.id / "robustness")
    # The standard profile (the default): every size, the full corpus, every wired language.
    interop, robustness = (_argv(tmp_path, run.id, step) for step in ("interop", "robustness"))
    assert (
        interop[interop.index("--sizes") + 1] == ",".join(map(str, catalog.SIZES)) and "--lang" not in interop
    )
    assert robustness[robustness.index("--corpus") + 1].endswith("tools/robustness/corpus")


def test_publish_makes_a_complete_standard_run_the_reference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_all_in(tmp_path, stand_in_suites(tmp_path), "--publish", steps=stand_in_steps(tmp_path)) == 0
    out = capsys.readouterr().out
    assert "docs: run " in out and f"open {tmp_path / 'docs' / 'index.md'}" in out
    assert (tmp_path / "docs" / "index.md").exists()
    assert (tmp_path / "results" / "published" / "snapshot.jsonl.gz").exists()


def test_a_quick_run_is_a_smoke_run_never_published(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    suites, steps = stand_in_suites(tmp_path), stand_in_steps(tmp_path)
    assert run_all_in(tmp_path, suites, "--profile", "quick", "--publish", steps=steps) == 0
    assert "docs: not published (a quick run never is)" in capsys.readouterr().out
    assert not (tmp_path / "docs").exists()
    with results_store(tmp_path) as store:
        (run,) = store.runs()
    interop = _argv(tmp_path, run.id, "interop")
    assert interop[interop.index("--sizes") + 1] == "1,100"


def _rows(store: Store, table: str) -> int:
    return int(store.db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])


def _argv(tmp_path: Path, run_id: str, step: str) -> list[str]:
    """How a stand-in step was called (it writes its argv beside its file)."""
    written = tmp_path / "results" / "raw" / run_id / step / f"{step}.json.argv"
    argv = ast.literal_eval(written.read_text())
    assert isinstance(argv, list)
    return [str(arg) for arg in argv]


def test_a_language_without_an_interop_program_skips_that_step_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    suites, steps = stand_in_suites(tmp_path), stand_in_steps(tmp_path)
    assert run_all_in(tmp_path, suites, "--lang", "mono", steps=steps) == 0
    err = capsys.readouterr().err
    assert "[2/3 interop] skipped: no program of this step for mono" in err
    assert "[3/3 robustness] skipped" not in err


def test_filters_narrow_the_steps_or_skip_them_with_a_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    suites, steps = stand_in_suites(tmp_path), stand_in_steps(tmp_path)
    assert run_all_in(tmp_path, suites, "--lang", "python", "--dataset", "user", steps=steps) == 0
    assert "[3/3 robustness] skipped: the robustness corpus is chosen per format" in capsys.readouterr().err
    with results_store(tmp_path) as store:
        (run,) = store.runs()
        assert "robustness" not in store.suites(run.id)
    interop = _argv(tmp_path, run.id, "interop")
    assert interop[interop.index("--datasets") + 1] == "user"
    (lang,) = [interop[i + 1] for i, arg in enumerate(interop) if arg == "--lang"]
    assert lang.startswith("python=") and lang.endswith("python/interop/interop")
    assert run_all_in(tmp_path, suites, "--lang", "python", "--library", "msgspec", steps=steps) == 0
    out = capsys.readouterr().out
    assert "interop    skipped" in out and "reference library" in out
    with results_store(tmp_path) as store:
        run = store.runs()[-1]
    robustness = _argv(tmp_path, run.id, "robustness")
    assert robustness[robustness.index("--libs") + 1] == "msgspec"


def test_a_crash_a_hang_and_a_broken_file_do_not_stop_the_others(tmp_path: Path) -> None:
    suites = stand_in_suites(tmp_path, dotnet="crash", cpp="hang")
    suites.append(stand_in(tmp_path, dataclasses.replace(SUITES[2], lang="extra"), "broken"))
    steps = stand_in_steps(tmp_path, interop="garbage", robustness="missing")
    assert run_all_in(tmp_path, suites, "--timeout", "2", steps=steps) == 1
    with results_store(tmp_path) as store:
        (run,) = store.runs()
        status = store.suites(run.id)
        assert status["dotnet"][0] == "failed"
        assert "exit code 3" in status["dotnet"][1] and "segfault" in status["dotnet"][1]
        assert status["cpp"][0] == "timeout"
        assert status["extra"][0] == "failed"
        assert "cpp.json: truncated JSON" in status["extra"][1]
        assert status["interop"][0] == "failed" and "interop.json: invalid JSON" in status["interop"][1]
        assert status["robustness"][0] == "failed" and "cannot start" in status["robustness"][1]
        assert status["python"][0] == "ok" and status["mono"][0] == "ok"
        assert store.counts(run.id) == expected_counts("python", "mono")
        assert run.status == "complete"


def test_an_interrupted_run_resumes_without_duplicates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    suites = stand_in_suites(tmp_path, dotnet="interrupt_once")
    assert run_all_in(tmp_path, suites) == 130
    assert "resumes when you run the same command again" in capsys.readouterr().err
    with results_store(tmp_path) as store:
        (run,) = store.runs()
        assert run.status == "running"
        assert store.suites(run.id)["python"][0] == "ok"
        assert store.suites(run.id)["dotnet"][0] == "running"
        assert "cpp" not in store.suites(run.id)
    assert run_all_in(tmp_path, suites) == 0
    err = capsys.readouterr().err
    assert f"resuming interrupted run {run.id}" in err and "already ok" in err
    with results_store(tmp_path) as store:
        assert [r.id for r in store.runs()] == [run.id]
        assert store.counts(run.id) == expected_counts(*catalog.LANGUAGES)
        files = store.db.execute("SELECT lang, COUNT(*) FROM native_files GROUP BY lang").fetchall()
        assert dict(files) == {"python": 3, "dotnet": 2, "cpp": 2, "mono": 2}


def test_a_step_cut_off_resumes_and_finished_steps_are_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    suites, steps = stand_in_suites(tmp_path), stand_in_steps(tmp_path, robustness="interrupt_once")
    assert run_all_in(tmp_path, suites, steps=steps) == 130
    with results_store(tmp_path) as store:
        (run,) = store.runs()
        assert store.suites(run.id)["interop"][0] == "ok"
        assert store.suites(run.id)["robustness"][0] == "running"
    assert run_all_in(tmp_path, suites, steps=steps) == 0
    assert "[5/6 interop] already ok" in capsys.readouterr().err
    with results_store(tmp_path) as store:
        assert store.suites(run.id)["robustness"][0] == "ok"
        assert _rows(store, "interop_cells") == 90 and _rows(store, "robustness_results") == 10


def test_resume_discards_what_a_cut_off_suite_had_ingested(tmp_path: Path) -> None:
    suites = stand_in_suites(tmp_path)
    assert run_all_in(tmp_path, suites[:1], "--lang", "python") == 0
    with results_store(tmp_path) as store:
        (run,) = store.runs()
        # As if the runner had been killed while ingesting: rows present, suite not final.
        store.set_suite(run.id, "python", "pyperf", "running")
        store.db.execute("UPDATE runs SET status = 'running'")
    assert run_all_in(tmp_path, suites[:1], "--resume", run.id) == 0
    with results_store(tmp_path) as store:
        assert store.counts(run.id) == expected_counts("python")
        assert store.runs()[0].status == "complete"


def test_new_starts_over_and_a_complete_run_cannot_resume(tmp_path: Path) -> None:
    suites = stand_in_suites(tmp_path)[:1]
    assert run_all_in(tmp_path, suites, "--lang", "python") == 0
    assert run_all_in(tmp_path, suites, "--lang", "python", "--new") == 0
    with results_store(tmp_path) as store:
        runs = store.runs()
    assert len(runs) == 2 and runs[0].id != runs[1].id
    with results_store(tmp_path) as store:
        assert store.counts(runs[1].id) == store.counts(runs[0].id) == expected_counts("python")
    with pytest.raises(Exception, match="is complete; nothing to resume"):
        run_all_in(tmp_path, suites, "--resume", runs[0].id)


def test_ingest_command_re_judges_a_raw_run_folder(tmp_path: Path) -> None:
    suites = stand_in_suites(tmp_path)
    assert run_all_in(tmp_path, suites) == 0
    with results_store(tmp_path) as store:
        (run,) = store.runs()
    # Another store ingests the raw folder from its manifest: same cases, same statuses.
    other = tmp_path / "other.sqlite"
    raw = tmp_path / "results" / "raw" / run.id
    assert cli_main(["ingest", str(raw), "--store", str(other)]) == 0
    assert cli_main(["ingest", str(raw), "--store", str(other)]) == 0  # again: nothing new
    with Store.open(other) as store:
        assert [r.id for r in store.runs()] == [run.id]
        assert store.counts(run.id) == expected_counts(*catalog.LANGUAGES)
        assert {lang: s[0] for lang, s in store.suites(run.id).items()} == dict.fromkeys(
            catalog.LANGUAGES, "ok"
        )


def test_git_commit_marks_uncommitted_changes_to_tracked_files(tmp_path: Path) -> None:
    def git(*args: str) -> None:
        subprocess.run(["git", "-C", str(tmp_path), *args], check=True, capture_output=True)

    git("init", "-q")
    (tmp_path / "code.py").write_text("one", encoding="utf-8")
    git("add", "code.py")
    git("-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-qm", "one")
    head = git_commit(tmp_path)
    assert len(head) == 40
    (tmp_path / "scratch.txt").write_text("not tracked, not the code measured", encoding="utf-8")
    assert git_commit(tmp_path) == head
    (tmp_path / "code.py").write_text("two", encoding="utf-8")
    assert git_commit(tmp_path) == f"{head}+dirty"
    assert git_commit(tmp_path / "not-a-repository") == "unknown"
