"""`runner all` with stand-in suites: crashes, hangs and broken files are recorded and the
rest is kept; an interrupted run resumes without storing anything twice."""

import dataclasses
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path

import pytest

from runner import all as run_all
from runner.cli import main as cli_main
from runner.cli import parser
from runner.store import Store
from runner.suites import SUITES, Suite
from runner.tests.support import TESTDATA, expected_counts

# Each stand-in is a script taking the suites' arguments (--profile, --out, ...).
HEADER = """\
import os, shutil, signal, sys, time
out = sys.argv[sys.argv.index("--out") + 1]
"""
COPY_TESTDATA = """\
shutil.copytree({source!r}, out, dirs_exist_ok=True)
print("progress: 1/2 first", flush=True)
print("progress: 2/2 second", flush=True)
"""
BEHAVIOURS = {
    "copy": COPY_TESTDATA,
    "crash": "print('segfault in decoder'); sys.exit(3)",
    "hang": "time.sleep(60)",
    # str.format() fills these in, hence the doubled braces.
    "broken": """\
os.makedirs(out, exist_ok=True)
with open(os.path.join(out, "cpp.json"), "w") as f:
    f.write('{{"context": {{')
""",
    # Kills the runner (as `kill` would) the first time, behaves the second time.
    "interrupt_once": """\
marker = {marker!r}
if not os.path.exists(marker):
    open(marker, "w").close()
    os.kill(os.getppid(), signal.SIGTERM)
    time.sleep(60)
""",
}


def _stand_in(tmp_path: Path, suite: Suite, behaviour: str) -> Suite:
    script = tmp_path / f"{suite.lang}-{behaviour}.py"
    body = BEHAVIOURS[behaviour].format(
        source=str(TESTDATA / suite.lang), marker=str(tmp_path / "interrupted")
    )
    if behaviour == "interrupt_once":
        body += COPY_TESTDATA.format(source=str(TESTDATA / suite.lang))
    script.write_text(f"#!{sys.executable}\n" + HEADER + textwrap.dedent(body))
    script.chmod(0o755)
    return dataclasses.replace(suite, runfile=str(script))


def _suites(tmp_path: Path, **behaviours: str) -> list[Suite]:
    return [_stand_in(tmp_path, s, behaviours.get(s.lang, "copy")) for s in SUITES]


def _main(tmp_path: Path, suites: Sequence[Suite], *extra: str) -> int:
    args = parser().parse_args(["all", "--results", str(tmp_path / "results"), "--timeout", "5", *extra])
    return run_all.main(args, suites)


def _store(tmp_path: Path) -> Store:
    return Store.open(tmp_path / "results" / "serbench.sqlite")


def test_all_suites_ok_shows_progress_and_a_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _main(tmp_path, _suites(tmp_path)) == 0
    out, err = capsys.readouterr()
    assert "[1/3 python] 2/2 cases" in err and "left" in err
    assert "cases: 43 measured, 0 failed, 0 refused, 10 not applicable, 0 not measured" in out
    assert "serbench.sqlite" in out and "docs: run " in out
    assert (tmp_path / "docs" / "index.md").exists()
    with _store(tmp_path) as store:
        (run,) = store.runs()
        assert run.status == "complete"
        assert {lang: s[0] for lang, s in store.suites(run.id).items()} == dict.fromkeys(
            ("python", "dotnet", "cpp"), "ok"
        )
        assert (tmp_path / "results" / "raw" / run.id / "manifest.json").exists()


def test_a_crash_a_hang_and_a_broken_file_do_not_stop_the_others(tmp_path: Path) -> None:
    suites = _suites(tmp_path, dotnet="crash", cpp="hang")
    suites.append(_stand_in(tmp_path, dataclasses.replace(SUITES[2], lang="extra"), "broken"))
    assert _main(tmp_path, suites, "--timeout", "2") == 1
    with _store(tmp_path) as store:
        (run,) = store.runs()
        status = store.suites(run.id)
        assert status["dotnet"][0] == "failed"
        assert "exit code 3" in status["dotnet"][1] and "segfault" in status["dotnet"][1]
        assert status["cpp"][0] == "timeout"
        assert status["extra"][0] == "failed"
        assert "cpp.json: truncated JSON" in status["extra"][1]
        assert status["python"][0] == "ok"
        assert store.counts(run.id) == expected_counts("python")
        assert run.status == "complete"


def test_an_interrupted_run_resumes_without_duplicates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    suites = _suites(tmp_path, dotnet="interrupt_once")
    assert _main(tmp_path, suites) == 130
    assert "resumes when you run the same command again" in capsys.readouterr().err
    with _store(tmp_path) as store:
        (run,) = store.runs()
        assert run.status == "running"
        assert store.suites(run.id)["python"][0] == "ok"
        assert store.suites(run.id)["dotnet"][0] == "running"
        assert "cpp" not in store.suites(run.id)
    assert _main(tmp_path, suites) == 0
    err = capsys.readouterr().err
    assert f"resuming interrupted run {run.id}" in err and "already ok" in err
    with _store(tmp_path) as store:
        assert [r.id for r in store.runs()] == [run.id]
        assert store.counts(run.id) == expected_counts("python", "dotnet", "cpp")
        files = store.db.execute("SELECT lang, COUNT(*) FROM native_files GROUP BY lang").fetchall()
        assert dict(files) == {"python": 2, "dotnet": 2, "cpp": 2}


def test_resume_discards_what_a_cut_off_suite_had_ingested(tmp_path: Path) -> None:
    suites = _suites(tmp_path)
    assert _main(tmp_path, suites[:1], "--lang", "python") == 0
    with _store(tmp_path) as store:
        (run,) = store.runs()
        # As if the runner had been killed while ingesting: rows present, suite not final.
        store.set_suite(run.id, "python", "pyperf", "running")
        store.db.execute("UPDATE runs SET status = 'running'")
    assert _main(tmp_path, suites[:1], "--resume", run.id) == 0
    with _store(tmp_path) as store:
        assert store.counts(run.id) == expected_counts("python")
        assert store.runs()[0].status == "complete"


def test_new_starts_over_and_a_complete_run_cannot_resume(tmp_path: Path) -> None:
    suites = _suites(tmp_path)[:1]
    assert _main(tmp_path, suites, "--lang", "python") == 0
    assert _main(tmp_path, suites, "--lang", "python", "--new") == 0
    with _store(tmp_path) as store:
        runs = store.runs()
    assert len(runs) == 2 and runs[0].id != runs[1].id
    with _store(tmp_path) as store:
        assert store.counts(runs[1].id) == store.counts(runs[0].id) == expected_counts("python")
    with pytest.raises(Exception, match="is complete; nothing to resume"):
        _main(tmp_path, suites, "--resume", runs[0].id)


def test_ingest_command_re_judges_a_raw_run_folder(tmp_path: Path) -> None:
    suites = _suites(tmp_path)
    assert _main(tmp_path, suites) == 0
    with _store(tmp_path) as store:
        (run,) = store.runs()
    # Another store ingests the raw folder from its manifest: same cases, same statuses.
    other = tmp_path / "other.sqlite"
    raw = tmp_path / "results" / "raw" / run.id
    assert cli_main(["ingest", str(raw), "--store", str(other)]) == 0
    assert cli_main(["ingest", str(raw), "--store", str(other)]) == 0  # again: nothing new
    with Store.open(other) as store:
        assert [r.id for r in store.runs()] == [run.id]
        assert store.counts(run.id) == expected_counts("python", "dotnet", "cpp")
        assert {lang: s[0] for lang, s in store.suites(run.id).items()} == dict.fromkeys(
            ("python", "dotnet", "cpp"), "ok"
        )
