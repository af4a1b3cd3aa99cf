"""The runner under faults: a suite SIGKILLed mid-write, a native file of garbage, two
ingests racing on one store, processes creating one store at once, an ingest killed
mid-transaction. Afterwards the store passes `PRAGMA integrity_check`, holds every result
that completed exactly once, and a rerun completes the rest."""

import json
import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

from runner.store import Store
from runner.tests.standins import results_store, run_all_in, stand_in_steps, stand_in_suites
from runner.tests.support import expected_counts
from schemas.catalog import catalog


def _healthy(store: Store) -> None:
    """The file is sound and nothing is stored twice (the unique keys hold, and are checked)."""
    assert store.db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    assert store.db.execute("PRAGMA foreign_key_check").fetchall() == []
    twice = "SELECT run_id, {0}, COUNT(*) FROM {1} GROUP BY run_id, {0} HAVING COUNT(*) > 1"
    assert not store.db.execute(twice.format("sha256", "native_files")).fetchall()
    assert not store.db.execute(twice.format("case_id", "results")).fetchall()


def _child_env() -> dict[str, str]:
    # The child imports the runner the way this test does.
    return {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}


def test_a_suite_sigkilled_mid_write_is_recorded_and_the_rest_is_kept(tmp_path: Path) -> None:
    suites = stand_in_suites(tmp_path, python="sigkill_midway")
    assert run_all_in(tmp_path, suites) == 1
    with results_store(tmp_path) as store:
        _healthy(store)
        (run,) = store.runs()
        status, reason = store.suites(run.id)["python"][:2]
        assert (
            status == "failed" and "killed by signal 9" in reason and "python.json: truncated JSON" in reason
        )
        counts = store.counts(run.id)
        # Nothing of the cut-off file (python-extra.json's 2 results were whole); its
        # catalog's measured cases are failed, not dropped.
        assert counts["measured"] == expected_counts("dotnet", "cpp", "mono")["measured"] + 2
        assert counts["failed"] == 32
    # Once the suite behaves, the same command in a new run measures everything.
    assert run_all_in(tmp_path, stand_in_suites(tmp_path), "--new") == 0
    with results_store(tmp_path) as store:
        _healthy(store)
        assert store.counts(store.runs()[-1].id) == expected_counts(*catalog.LANGUAGES)


def test_a_native_file_of_garbage_fails_only_its_suite(tmp_path: Path) -> None:
    assert run_all_in(tmp_path, stand_in_suites(tmp_path, cpp="garbage_file")) == 1
    with results_store(tmp_path) as store:
        _healthy(store)
        (run,) = store.runs()
        status, reason = store.suites(run.id)["cpp"][:2]
        assert status == "failed" and "cpp.json: " in reason
        counts = store.counts(run.id)
        assert counts["measured"] == expected_counts("python", "dotnet", "mono")["measured"]


def test_two_ingests_racing_on_one_store_store_everything_once(tmp_path: Path) -> None:
    assert run_all_in(tmp_path, stand_in_suites(tmp_path), steps=stand_in_steps(tmp_path)) == 0
    with results_store(tmp_path) as store:
        (run,) = store.runs()
    raw = tmp_path / "results" / "raw" / run.id
    other = tmp_path / "other.sqlite"
    command = [sys.executable, "-m", "runner.cli", "ingest", str(raw), "--store", str(other)]
    racers = [
        subprocess.Popen(
            command, env=_child_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        for _ in range(3)
    ]
    outputs = [racer.communicate(timeout=120)[0] for racer in racers]
    assert [racer.returncode for racer in racers] == [0, 0, 0], outputs
    with Store.open(other) as store:
        _healthy(store)
        assert [r.id for r in store.runs()] == [run.id]
        assert store.counts(run.id) == expected_counts(*catalog.LANGUAGES)
        (cells,) = store.db.execute("SELECT COUNT(*) FROM interop_cells").fetchone()
        assert cells == 90


def _open_after(barrier: Any, path: Path) -> None:
    barrier.wait()
    Store.open(path).close()


def test_processes_creating_one_store_at_once_all_open_it(tmp_path: Path) -> None:
    # Each new file is switched to WAL by whichever opener comes first; SQLite often refuses
    # the others at once rather than making them wait.
    fork = multiprocessing.get_context("fork")
    for trial in range(12):
        barrier = fork.Barrier(3)
        openers = [
            fork.Process(target=_open_after, args=(barrier, tmp_path / f"{trial}.sqlite")) for _ in range(3)
        ]
        for opener in openers:
            opener.start()
        for opener in openers:
            opener.join(timeout=120)
        assert [opener.exitcode for opener in openers] == [0, 0, 0], f"trial {trial}"


# Runs `runner all` with the stand-in suites and SIGKILLs itself right after the first
# result of the cpp suite's file is written: inside that file's transaction.
_DIES_MID_INGEST = """\
import dataclasses, json, os, signal, sys
from runner import all as run_all
from runner.cli import parser
from runner.store import Store
from runner.suites import SUITES
from schemas.catalog import catalog

runfiles, argv = json.loads(sys.argv[1]), json.loads(sys.argv[2])
add_result = Store._add_result

def dying(store, where, file_id, result, append):
    add_result(store, where, file_id, result, append)
    if where.lang == "cpp":
        os.kill(os.getpid(), signal.SIGKILL)

Store._add_result = dying
suites = [dataclasses.replace(s, runfile=runfiles[s.lang]) for s in SUITES]
sys.exit(run_all.main(parser().parse_args(argv), suites, ()))
"""


def test_an_ingest_killed_mid_transaction_leaves_nothing_half_and_resumes(tmp_path: Path) -> None:
    suites = stand_in_suites(tmp_path)
    script = tmp_path / "dies_mid_ingest.py"
    script.write_text(textwrap.dedent(_DIES_MID_INGEST))
    runfiles = json.dumps({s.lang: s.runfile for s in suites})
    argv = json.dumps(["all", "--results", str(tmp_path / "results"), "--timeout", "5"])
    child = subprocess.run(
        [sys.executable, str(script), runfiles, argv], env=_child_env(), capture_output=True, check=False
    )
    assert child.returncode == -signal.SIGKILL, child.stderr
    with results_store(tmp_path) as store:
        _healthy(store)
        (run,) = store.runs()
        assert run.status == "running"
        assert store.counts(run.id) == expected_counts("python", "dotnet")  # none of cpp's rows
        assert store.suites(run.id)["cpp"][0] == "running"
    assert run_all_in(tmp_path, suites) == 0  # the same command resumes
    with results_store(tmp_path) as store:
        _healthy(store)
        assert [r.id for r in store.runs()] == [run.id]
        assert store.counts(run.id) == expected_counts(*catalog.LANGUAGES)
