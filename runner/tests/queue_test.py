"""A run over many workers (runner/store_queue.py, runner/worker.py), on both engines: jobs taken
once each, by class and commit, longest first; a job whose worker went quiet is given again
at most three times; two real worker processes, one killed with SIGKILL mid-job, end the run
complete with the case set of a one-machine run, nothing lost and nothing twice."""

import argparse
import dataclasses
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from runner import store_queue
from runner.all import queue_run
from runner.cli import parser
from runner.machine import runtime_metadata, this_machine
from runner.migrations import MIGRATIONS
from runner.store import Run, Store
from runner.store_copy import read_run
from runner.suites import SUITES, Suite
from runner.tests.engines import ENGINES, location, postgres_server_fixture  # noqa: F401  (a fixture)
from runner.tests.standins import results_store, run_all_in
from runner.tests.support import TESTDATA
from schemas.catalog import catalog

DATASETS = ("user", "order", "tree")
# A C++ suite that writes the test data's cases once per dataset asked for (all of DATASETS
# without --dataset), after sleeping FAKE_SLEEP seconds.
FAKE_SUITE = f"""\
import json, os, sys, time
argv = sys.argv
out = argv[argv.index("--out") + 1]
datasets = [argv[argv.index("--dataset") + 1]] if "--dataset" in argv else {list(DATASETS)!r}
time.sleep(float(os.environ.get("FAKE_SLEEP", "0")))
os.makedirs(out, exist_ok=True)
for name, key in (("cpp.json", "benchmarks"), ("cpp-cases.json", "cases")):
    data = json.load(open(os.path.join({str(TESTDATA / "cpp")!r}, name)))
    text = json.dumps(data[key])
    data[key] = [x for d in datasets for x in json.loads(text.replace("dataset=user", "dataset=" + d))]
    json.dump(data, open(os.path.join(out, name), "w"))
print("progress: 1/1 done", flush=True)
"""


def fake_cpp(tmp_path: Path) -> Suite:
    script = tmp_path / "fake-cpp.py"
    script.write_text(f"#!{sys.executable}\n" + FAKE_SUITE)
    script.chmod(0o755)
    return dataclasses.replace(next(s for s in SUITES if s.lang == "cpp"), runfile=str(script))


@pytest.fixture(params=ENGINES)
def team(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    yield location(request.param, request, tmp_path, "team")


def _queue_args(url: str, tmp_path: Path, stale_after: float, *extra: str) -> argparse.Namespace:
    results = str(tmp_path / "results")
    argv = ["all", "--queue", url, "--lang", "cpp", "--profile", "quick", "--results", results]
    return parser().parse_args([*argv, "--stale-after", str(stale_after), *extra])


def _queued(url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stale_after: float = 60.0) -> Run:
    monkeypatch.setattr(catalog, "DATASETS", DATASETS)
    assert queue_run(_queue_args(url, tmp_path, stale_after, "--no-wait"), SUITES) == 0
    with Store.open(url) as store:
        return store.runs()[-1]


def _class_of(run: Run) -> str:
    assert run.machine_class is not None
    return run.machine_class


def test_a_store_missing_a_migration_gets_it_when_it_arrives(tmp_path: Path) -> None:
    # Two changes that each add a migration land in either order: a store migrated past 7
    # without it gets 7 when its change arrives.
    path = tmp_path / "s.sqlite"
    Store.open(path, (*MIGRATIONS[:6], None, *MIGRATIONS[7:])).close()
    arrived = (*MIGRATIONS[:6], "CREATE TABLE seventh (x INTEGER)", *MIGRATIONS[7:])
    with Store.open(path, arrived) as store:
        versions = {v for (v,) in store.db.execute("SELECT version FROM schema_version")}
        assert versions == set(range(1, len(MIGRATIONS) + 1))
        assert store.db.execute("SELECT COUNT(*) FROM seventh").fetchone() == (0,)


def test_jobs_are_taken_once_each_longest_first_and_only_by_their_class_and_commit(
    team: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = _queued(team, tmp_path, monkeypatch)
    with Store.open(team) as store:
        store.db.execute("UPDATE queue_jobs SET expected_s = 1")
        assert store_queue.claim(store, "another-class", run.git_commit, "w0") is None
        assert store_queue.claim(store, _class_of(run), "another-commit", "w0") is None
        taken = [store_queue.claim(store, _class_of(run), run.git_commit, f"w{i}") for i in range(4)]
        assert taken[3] is None
        assert sorted(j.dataset for j in taken if j) == sorted(DATASETS)
        assert store_queue.progress(store, run.id) == {"running": 3}


def test_expected_times_come_from_earlier_jobs_so_the_longest_is_taken_first(
    team: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = _queued(team, tmp_path, monkeypatch)
    with Store.open(team) as store:
        for seconds, dataset in ((5.0, "user"), (50.0, "order"), (20.0, "tree")):
            store.db.execute(
                "UPDATE queue_jobs SET status = 'ok', seconds = ?, heartbeat = 1 WHERE dataset = ?",
                (seconds, dataset),
            )
    second = _queued(team, tmp_path, monkeypatch)
    with Store.open(team) as store:
        order = store.db.execute(
            "SELECT dataset, expected_s FROM queue_jobs WHERE run_id = ? ORDER BY position", (second.id,)
        ).fetchall()
        assert [tuple(row) for row in order] == [("order", 50.0), ("tree", 20.0), ("user", 5.0)]
        assert first.id != second.id


def test_a_quiet_job_is_given_again_at_most_three_times_then_failed_with_the_reason(
    team: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = _queued(team, tmp_path, monkeypatch, stale_after=0.5)
    with Store.open(team) as store:
        store.db.execute("DELETE FROM queue_jobs WHERE dataset != 'user'")
        holders = []
        for attempt in (1, 2, 3):
            job = store_queue.claim(store, _class_of(run), run.git_commit, f"w{attempt}")
            assert job is not None and job.attempt == attempt
            holders.append(job)
            time.sleep(0.6)
        assert store_queue.claim(store, _class_of(run), run.git_commit, "w4") is None
        assert not store_queue.heartbeat(store, holders[-1])
        assert store.run(run.id) == dataclasses.replace(run, status="complete")
        why = "attempt 3: worker w3 sent no heartbeat; given up after 3 attempts"
        assert store_queue.failures(store, run.id) == [f"cpp/user: {why}"]
        assert store.suites(run.id)["cpp"][:2] == ("failed", f"user: {why}")


def test_a_worker_that_lost_its_job_writes_nothing(
    team: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = _queued(team, tmp_path, monkeypatch, stale_after=0.3)
    with Store.open(team) as store:
        late = store_queue.claim(store, _class_of(run), run.git_commit, "late")
        assert late is not None
        time.sleep(0.4)
        again = store_queue.claim(store, _class_of(run), run.git_commit, "now")  # takes it back first
        assert again is not None and again.key == late.key and again.attempt == 2
        local = Store.open(tmp_path / "local.sqlite")
        local.create_run(
            run.id, "quick", {"langs": ["cpp"]}, run.git_commit, this_machine(), runtime_metadata()
        )
        assert not store_queue.finish(store, late, read_run(local, run.id), "ok", "", 1.0)
        assert store.counts(run.id)["measured"] == 0


def _worker(tmp_path: Path, url: str, name: str, sleep: float) -> "subprocess.Popen[bytes]":
    script = tmp_path / "worker.py"
    script.write_text(
        "import dataclasses, sys\n"
        "from runner import worker\n"
        "from runner.cli import parser\n"
        "from runner.suites import SUITES\n"
        "suite = dataclasses.replace(next(s for s in SUITES if s.lang == 'cpp'),"
        f" runfile={str(tmp_path / 'fake-cpp.py')!r})\n"
        "sys.exit(worker.main(parser().parse_args(['worker', *sys.argv[1:]]), [suite]))\n"
    )
    env = os.environ | {"PYTHONPATH": os.pathsep.join(sys.path), "FAKE_SLEEP": str(sleep)}
    argv = [sys.executable, str(script), "--queue", url, "--results", str(tmp_path / name / "results")]
    argv += ["--until-idle", "--heartbeat", "0.2", "--poll", "0.2"]
    log = (tmp_path / f"{name}.log").open("wb")
    return subprocess.Popen(argv, env=env, stdout=log, stderr=subprocess.STDOUT)


def _wait_for(condition: object, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not callable(condition) or not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def test_two_workers_one_killed_mid_job_end_the_run_with_a_one_machine_runs_cases(
    team: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    suite = fake_cpp(tmp_path)
    assert run_all_in(tmp_path, [suite], "--lang", "cpp", "--profile", "quick", "--no-remeasure") == 0
    with results_store(tmp_path) as alone:
        one_machine = alone.runs()[-1].id
        expected, expected_counts = set(alone.measured(one_machine)), alone.counts(one_machine)
    # Long enough that the survivor's own jobs never look quiet between its 0.2 s heartbeats,
    # even while a machine loaded by the rest of the test suite delays its threads.
    run = _queued(team, tmp_path, monkeypatch, stale_after=6.0)
    doomed = _worker(tmp_path, team, "doomed", sleep=30)
    with Store.open(team) as store:
        held = f"SELECT COUNT(*) FROM queue_jobs WHERE status = 'running' AND worker LIKE '%:{doomed.pid}'"
        _wait_for(lambda: store.db.execute(held).fetchone()[0] == 1)
        survivor = _worker(tmp_path, team, "survivor", sleep=0.5)
        time.sleep(0.5)
        doomed.send_signal(signal.SIGKILL)
        doomed.wait()
        assert survivor.wait(timeout=120) == 0, (tmp_path / "survivor.log").read_text()
        assert store.run(run.id) == dataclasses.replace(run, status="complete")
        assert set(store.measured(run.id)) == expected and store.counts(run.id) == expected_counts
        results = store.db.execute(
            "SELECT COUNT(*), COUNT(DISTINCT case_id) FROM results WHERE run_id = ?", (run.id,)
        )
        total, distinct = results.fetchone()
        assert total == distinct == expected_counts["measured"]
        attempts = dict(
            store.db.execute(
                "SELECT dataset, attempts FROM queue_jobs WHERE run_id = ?", (run.id,)
            ).fetchall()
        )
        assert sorted(attempts.values()) == [1, 1, 2]  # the killed worker's job was given again
        assert store.suites(run.id)["cpp"][:2] == ("ok", "")


def test_the_queueing_command_waits_for_the_workers_then_builds_the_runs_pages(
    team: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_cpp(tmp_path)
    monkeypatch.setattr(catalog, "DATASETS", DATASETS)
    ended: list[int] = []
    args = _queue_args(team, tmp_path, 60.0)
    coordinator = threading.Thread(target=lambda: ended.append(queue_run(args, SUITES, poll_s=0.2)))
    coordinator.start()
    with Store.open(team) as store:  # a worker started before the jobs exist would find none
        _wait_for(lambda: store.db.execute("SELECT COUNT(*) FROM queue_jobs").fetchone()[0] == 3)
    worker = _worker(tmp_path, team, "only", sleep=0)
    assert worker.wait(timeout=120) == 0, (tmp_path / "only.log").read_text()
    coordinator.join(timeout=60)
    assert ended == [0]
    out = capsys.readouterr().out
    assert "3 jobs queued" in out and " complete: " in out and "docs: this run's pages: " in out
