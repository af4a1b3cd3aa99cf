"""`runner push`: whole runs into a team store, on both engines; twice changes nothing, a
conflicting run is refused, a killed push leaves nothing, concurrent pushes lose nothing,
and an unreachable store is one line of error."""

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import psycopg
import pytest

from runner import cli
from runner.checks import Flag
from runner.ingest.load import ingest_file
from runner.store import Store
from runner.store_copy import read_run
from runner.suites import suite
from runner.tests.engines import ENGINES, location, new_database, postgres_server_fixture  # noqa: F401  (a fixture)
from runner.tests.support import TESTDATA, ingest_testdata, new_run, row_counts


def _source(path: Path, *run_ids: str, git_commit: str = "abc123") -> str:
    """A local store holding finished runs of every testdata file, with a flag each."""
    with Store.open(path) as store:
        for run_id in run_ids:
            new_run(store, run_id)
            store.db.execute("UPDATE runs SET git_commit = ? WHERE id = ?", (git_commit, run_id))
            ingest_testdata(store, run_id)
            identity = next(iter(store.measured(run_id)))
            for step, name in (("interop", "interop.json"), ("robustness", "robustness.json")):
                ingest_file(store, run_id, step, TESTDATA / step / name, suite(step).files[0].parse)
            store.add_flags(run_id, [Flag(identity, "unstable", "max/min 1.5")])
            store.finish_run(run_id)
    return str(path)


RUNNER = "import sys; from runner import cli; sys.exit(cli.main(sys.argv[1:]))"


def _push(*argv: str) -> int:
    return cli.main(["push", *argv])


@pytest.fixture(params=ENGINES)
def team(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return location(request.param, request, tmp_path, "team")


def _digest(where: str, run_id: str) -> str:
    with Store.open(where) as store:
        return read_run(store, run_id).digest()


def test_a_pushed_run_holds_every_row_of_the_local_one(tmp_path: Path, team: str) -> None:
    local = _source(tmp_path / "local.sqlite", "R1", "R2")
    assert _push("R1", "R2", "--store", local, "--to", team) == 0
    with Store.open(local) as source, Store.open(team) as target:
        for run_id in ("R1", "R2"):
            pushed, kept = read_run(target, run_id), read_run(source, run_id)
            assert {t: sorted(rows, key=repr) for t, rows in pushed.tables.items()} == {
                t: sorted(rows, key=repr) for t, rows in kept.tables.items()
            }
            assert pushed.digest() == kept.digest()
            assert target.measured(run_id) == source.measured(run_id)
            assert target.flags(run_id) == source.flags(run_id)
            pushed_run, kept_run = target.run(run_id), source.run(run_id)
            assert pushed_run is not None and kept_run is not None
            kind = kept_run.machine_class
            assert kind is not None and pushed_run.machine_class == kind
            assert target.class_facts(kind) == source.class_facts(kind) != {}
        assert {len(rows) for rows in pushed.tables.values()} != {0}
        assert [r.id for r in target.runs()] == ["R1", "R2"]


def test_pushing_twice_changes_nothing(tmp_path: Path, team: str, capsys: pytest.CaptureFixture[str]) -> None:
    local = _source(tmp_path / "local.sqlite", "R1")
    assert _push("R1", "--store", local, "--to", team) == 0
    with Store.open(team) as target:
        before = row_counts(target)
    assert _push("latest", "--store", local, "--to", team) == 0
    assert "identical; nothing changed" in capsys.readouterr().out
    with Store.open(team) as target:
        assert row_counts(target) == before


def test_a_run_id_with_other_contents_is_refused(
    tmp_path: Path, team: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _push("R1", "--store", _source(tmp_path / "a.sqlite", "R1"), "--to", team) == 0
    expected = _digest(team, "R1")
    other = _source(tmp_path / "b.sqlite", "R1", git_commit="def456")
    assert _push("R1", "--store", other, "--to", team) == 1
    error = capsys.readouterr().err
    assert "run R1 is already there with other contents; refused" in error
    assert _digest(team, "R1") == expected


def test_an_unfinished_run_is_not_pushed(
    tmp_path: Path, team: str, capsys: pytest.CaptureFixture[str]
) -> None:
    local = str(tmp_path / "local.sqlite")
    with Store.open(local) as store:
        new_run(store, "R1")
    assert _push("R1", "--store", local, "--to", team) == 1
    assert "not finished (status running)" in capsys.readouterr().err
    with Store.open(team) as target:
        assert target.runs() == []


def _blocked_on_lock(admin: psycopg.Connection[tuple[object, ...]]) -> bool:
    rows = admin.execute(
        "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'COPY metrics%%'"
    ).fetchall()
    return bool(rows)


def test_a_push_killed_half_way_leaves_no_partial_run(tmp_path: Path, postgres_server: str) -> None:
    team = new_database(postgres_server)
    local = _source(tmp_path / "local.sqlite", "R1")
    Store.open(team).close()
    with psycopg.connect(team) as admin, psycopg.connect(team, autocommit=True) as watcher:
        # The push writes its run, files, results and samples, then waits for this lock.
        admin.execute("LOCK TABLE metrics IN ACCESS EXCLUSIVE MODE")
        command = ["push", "R1", "--store", local, "--to", team]
        push = subprocess.Popen([sys.executable, "-c", RUNNER, *command], env=os.environ)
        deadline = time.monotonic() + 60
        while not _blocked_on_lock(watcher):
            assert push.poll() is None and time.monotonic() < deadline, "the push never reached metrics"
            time.sleep(0.1)
        push.send_signal(signal.SIGKILL)
        push.wait()
        admin.rollback()
    with Store.open(team) as target:
        assert target.runs() == []
        assert set(row_counts(target).values()) == {0}
    assert _push("R1", "--store", local, "--to", team) == 0
    assert _digest(team, "R1") == _digest(local, "R1")


def test_eight_concurrent_pushes_lose_and_duplicate_nothing(tmp_path: Path, postgres_server: str) -> None:
    team = new_database(postgres_server)
    runs = [f"R{n}" for n in range(8)]
    local = _source(tmp_path / "local.sqlite", *runs)
    Store.open(team).close()
    codes: dict[str, int] = {}
    # Every thread pushes its own run, then every run once more, all at the same time.
    threads = [
        threading.Thread(
            target=lambda r=r: codes.__setitem__(r, _push(r, *runs, "--store", local, "--to", team))
        )
        for r in runs
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert codes == dict.fromkeys(runs, 0)
    with Store.open(local) as source, Store.open(team) as target:
        for run_id in runs:
            assert read_run(target, run_id).digest() == read_run(source, run_id).digest()
        assert row_counts(target) == row_counts(source)
        (cases,) = target.db.execute("SELECT COUNT(*) FROM cases").fetchone()
        (distinct,) = target.db.execute(
            "SELECT COUNT(*) FROM (SELECT DISTINCT lang, lib, format, op, dataset, size, variant"
            " FROM cases) x"
        ).fetchone()
        assert cases == distinct == source.db.execute("SELECT COUNT(*) FROM cases").fetchone()[0]


def _one_line_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert _push(*argv) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "Traceback" not in error, error
    return error


def test_a_server_that_is_down_is_one_line_and_the_local_run_stays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    local = _source(tmp_path / "local.sqlite", "R1")
    before = _digest(local, "R1")
    url = f"postgresql://writer:s3cret@/serbench?host={tmp_path}"
    error = _one_line_error(capsys, "R1", "--store", local, "--to", url)
    assert f"postgresql://writer:***@/serbench?host={tmp_path}: cannot connect" in error
    assert "s3cret" not in error
    assert _digest(local, "R1") == before


def test_a_refused_password_is_one_line_with_the_password_hidden(
    tmp_path: Path,
    postgres_server: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    with psycopg.connect(postgres_server, autocommit=True) as admin:
        admin.execute("CREATE ROLE writer LOGIN PASSWORD 'right'")
    wrong = postgres_server.replace("serbench@", "writer:wrong@")
    error = _one_line_error(capsys, "R1", "--store", _source(tmp_path / "l.sqlite", "R1"), "--to", wrong)
    assert "password authentication failed" in error and "writer:***@" in error
    assert ":wrong@" not in error
