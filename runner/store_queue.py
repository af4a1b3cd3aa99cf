"""One run split into jobs (language x dataset) in the team store, taken by workers.

`runner all --queue URL` creates the run and its jobs; `runner worker --queue URL`
(runner/worker.py) takes one job at a time: only jobs of its machine class and of its own
commit, the longest expected first (so the last jobs to end are short ones: the greedy
longest-processing-time balance over however many workers there are). A job's expected
time is what that language and dataset took in the last job that ended ok with the profile,
else its language's last suite time divided among the datasets.

Taking a job is one transaction: `SELECT ... FOR UPDATE SKIP LOCKED` on PostgreSQL, so
workers never wait for each other's rows; SQLite's single writer (`BEGIN IMMEDIATE`)
serializes them instead, so the same code runs in the tests. A worker beats every few
seconds; a job whose worker has not beaten for its `stale_after_s` is given to another
worker, at most MAX_ATTEMPTS times in all, then failed with the reason. A job's results
are written in the same transaction that ends it, and only by the worker that holds it
now, so a job cut off leaves nothing and a late worker writes nothing twice. When the last
job ends the run is complete, with one `run_suites` row per language summing its jobs.
"""

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from runner.store import Run, Store, now
from runner.store_copy import RunRows, write_rows
from runner.store_engine import Database

MAX_ATTEMPTS = 3
STALE_AFTER_S = 60.0
# What a job with no earlier time to go by is expected to take.
UNKNOWN_S = 60.0
_KEY = "run_id = ? AND lang = ? AND dataset = ?"


@dataclass(frozen=True)
class Job:
    run_id: str
    lang: str
    dataset: str
    attempt: int  # 1 for the first worker given it
    worker: str

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.run_id, self.lang, self.dataset)

    def __str__(self) -> str:
        return f"{self.run_id} {self.lang}/{self.dataset}"


def _for_update(db: Database, skip_locked: bool = False) -> str:
    """Row locks on PostgreSQL; SQLite's write transaction already excludes every other writer."""
    if db.dialect.name != "postgresql":
        return ""
    return " FOR UPDATE SKIP LOCKED" if skip_locked else " FOR UPDATE"


def expected_seconds(store: Store, lang: str, dataset: str, profile: str, datasets: int) -> float:
    row = store.db.execute(
        "SELECT j.seconds FROM queue_jobs j JOIN runs r ON r.id = j.run_id WHERE j.lang = ?"
        " AND j.dataset = ? AND j.status = 'ok' AND r.profile = ? ORDER BY j.heartbeat DESC LIMIT 1",
        (lang, dataset, profile),
    ).fetchone()
    if row is not None:
        return float(row[0])
    whole = store.last_duration(lang, profile)
    return whole / datasets if whole is not None else UNKNOWN_S


def enqueue(
    store: Store,
    run: Run,
    langs: Sequence[str],
    datasets: Sequence[str],
    stale_after_s: float = STALE_AFTER_S,
) -> int:
    """The run's jobs, longest expected first; how many."""
    assert run.machine_class is not None
    planned = sorted(
        (
            (expected_seconds(store, lang, ds, run.profile, len(datasets)), lang, ds)
            for lang in langs
            for ds in datasets
        ),
        key=lambda job: (-job[0], job[1], job[2]),
    )
    with store.transaction() as db:
        db.executemany(
            "INSERT INTO queue_jobs (run_id, lang, dataset, machine_class, git_commit, position, expected_s,"
            " stale_after_s, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending')",
            [
                (run.id, lang, ds, run.machine_class, run.git_commit, position, seconds, stale_after_s)
                for position, (seconds, lang, ds) in enumerate(planned)
            ],
        )
    return len(planned)


def claim(store: Store, machine_class: str, git_commit: str, worker: str) -> Job | None:
    """The next job this worker may run, now its own; None when there is none."""
    with store.transaction() as db:
        _give_up_stale(db, time.time())
        row = db.execute(
            "SELECT run_id, lang, dataset, attempts FROM queue_jobs WHERE status = 'pending'"
            " AND machine_class = ? AND git_commit = ? ORDER BY run_id, position LIMIT 1"
            + _for_update(db, skip_locked=True),
            (machine_class, git_commit),
        ).fetchone()
        if row is None:
            return None
        job = Job(row[0], row[1], row[2], int(row[3]) + 1, worker)
        db.execute(
            f"UPDATE queue_jobs SET status = 'running', attempts = ?, worker = ?, heartbeat = ? WHERE {_KEY}",
            (job.attempt, worker, time.time(), *job.key),
        )
    return job


def _give_up_stale(db: Database, now: float) -> None:
    """Running jobs whose worker went quiet: back to pending, or failed after the last attempt."""
    stale = db.execute(
        "SELECT run_id, lang, dataset, attempts, worker FROM queue_jobs WHERE status = 'running'"
        " AND heartbeat < ? - stale_after_s" + _for_update(db, skip_locked=True),
        (now,),
    ).fetchall()
    for run_id, lang, dataset, attempts, worker in stale:
        why = f"attempt {attempts}: worker {worker} sent no heartbeat"
        last = int(attempts) >= MAX_ATTEMPTS
        reason = f"{why}; given up after {attempts} attempts" if last else why
        db.execute(
            f"UPDATE queue_jobs SET status = ?, reason = ?, worker = NULL WHERE {_KEY}",
            ("failed" if last else "pending", reason, run_id, lang, dataset),
        )
        if last:
            _complete_if_done(db, run_id)


def heartbeat(store: Store, job: Job) -> bool:
    """Says the worker still runs the job; False when the job is no longer its own."""
    with store.transaction() as db:
        done = db.execute(
            f"UPDATE queue_jobs SET heartbeat = ? WHERE {_KEY} AND worker = ? AND attempts = ?"
            " AND status = 'running'",
            (time.time(), *job.key, job.worker, job.attempt),
        )
        return done.rowcount == 1


def finish(store: Store, job: Job, rows: RunRows, status: str, reason: str, seconds: float) -> bool:
    """Adds the job's results to its run and ends it, in one transaction; False (nothing
    written) when the job is no longer this worker's."""
    with store.transaction() as db:
        # One job's rows at a time go into a run: they may share its metadata and files.
        db.execute("SELECT id FROM runs WHERE id = ?" + _for_update(db), (job.run_id,))
        held = db.execute(
            f"SELECT 1 FROM queue_jobs WHERE {_KEY} AND worker = ? AND attempts = ? AND status = 'running'"
            + _for_update(db),
            (*job.key, job.worker, job.attempt),
        ).fetchone()
        if held is None:
            return False
        write_rows(store, _new_rows_of(db, job.run_id, rows))
        db.execute(
            f"UPDATE queue_jobs SET status = ?, reason = ?, seconds = ? WHERE {_KEY}",
            (status, reason, seconds, *job.key),
        )
        _complete_if_done(db, job.run_id)
    return True


def _new_rows_of(db: Database, run_id: str, rows: RunRows) -> RunRows:
    """The job's rows as rows of the queue's run, without what other jobs of the run already
    wrote that is the run's once: run metadata, identical files, a language's calibration
    (kept from its first job). The run's suites are the jobs' sum (_complete_if_done)."""
    metadata = set(db.execute("SELECT scope, key FROM run_metadata WHERE run_id = ?", (run_id,)).fetchall())
    files = {sha for (sha,) in db.execute("SELECT sha256 FROM native_files WHERE run_id = ?", (run_id,))}
    calibrated = {lang for (lang,) in db.execute("SELECT lang FROM calibrations WHERE run_id = ?", (run_id,))}
    tables = rows.tables | {
        "run_suites": [],
        "run_metadata": [r for r in rows.tables["run_metadata"] if (r[0], r[1]) not in metadata],
        "native_files": [r for r in rows.tables["native_files"] if r[2] not in files],
        "calibrations": [r for r in rows.tables["calibrations"] if r[1] not in calibrated],
    }
    return replace(rows, run=(run_id, *rows.run[1:]), tables=tables)


def _complete_if_done(db: Database, run_id: str) -> None:
    """Once every job of the run has ended: its suites (one per language, its jobs summed)
    and the run itself are complete."""
    jobs = db.execute(
        "SELECT lang, dataset, status, reason, seconds FROM queue_jobs WHERE run_id = ?"
        " ORDER BY lang, dataset",
        (run_id,),
    ).fetchall()
    if any(status in ("pending", "running") for _, _, status, _, _ in jobs):
        return
    for lang in sorted({job[0] for job in jobs}):
        own = [job for job in jobs if job[0] == lang]
        bad = [job for job in own if job[2] != "ok"]
        status = bad[0][2] if bad else "ok"
        reason = "; ".join(f"{dataset}: {why}" for _, dataset, _, why, _ in bad)
        seconds = sum(float(took or 0) for *_, took in own)
        db.execute(
            "INSERT INTO run_suites (run_id, lang, harness, status, reason, seconds)"
            " VALUES (?, ?, 'queue', ?, ?, ?) ON CONFLICT (run_id, lang) DO NOTHING",
            (run_id, lang, status, reason, seconds),
        )
    db.execute(
        "UPDATE runs SET status = 'complete', finished_at = ? WHERE id = ?",
        (now(), run_id),
    )


def open_jobs(store: Store, machine_class: str, git_commit: str) -> int:
    """Jobs of this machine class and commit still pending or running."""
    row = store.db.execute(
        "SELECT COUNT(*) FROM queue_jobs WHERE status IN ('pending', 'running') AND machine_class = ?"
        " AND git_commit = ?",
        (machine_class, git_commit),
    ).fetchone()
    return int(row[0])


def progress(store: Store, run_id: str) -> dict[str, int]:
    """How many of the run's jobs are in each status."""
    rows = store.db.execute(
        "SELECT status, COUNT(*) FROM queue_jobs WHERE run_id = ? GROUP BY status", (run_id,)
    ).fetchall()
    return {str(status): int(count) for status, count in rows}


def failures(store: Store, run_id: str) -> list[str]:
    rows = store.db.execute(
        "SELECT lang, dataset, reason FROM queue_jobs WHERE run_id = ? AND status NOT IN ('ok', 'pending',"
        " 'running') ORDER BY lang, dataset",
        (run_id,),
    ).fetchall()
    return [f"{lang}/{dataset}: {reason}" for lang, dataset, reason in rows]
