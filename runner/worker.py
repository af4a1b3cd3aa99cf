"""`runner worker --queue URL`: runs the jobs of queued runs (`runner all --queue URL`).

Takes one job at a time from the team store (runner/store_queue.py): only jobs of this machine's
class and of this checkout's commit. A job runs as `runner all` runs a suite (its own
process, the time limit, ingest, re-measurement, self-checks) into a run of a store of its
own under <results>/queue/<run id>/<lang>-<dataset>/, while a thread sends a heartbeat every
--heartbeat seconds; then its rows go into the queued run in one transaction. Runs until
stopped, or with --until-idle until no job it may run is pending or running.
"""

import argparse
import json
import os
import shutil
import socket
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path

from runner import store_queue
from runner.all import TIMEOUTS, git_commit, invocation, run_one
from runner.machine import machine_class, runtime_metadata, this_machine
from runner.paths import results_root
from runner.store import Store
from runner.store_copy import read_run
from runner.suites import SUITES, Suite


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--queue", required=True, metavar="URL", help="the team store holding the jobs")
    parser.add_argument("--results", type=Path, help="where jobs' native files go (default: the workspace's)")
    parser.add_argument("--until-idle", action="store_true", help="stop when no job it may run is left")
    parser.add_argument("--heartbeat", type=float, default=5.0, help="seconds between heartbeats (5)")
    parser.add_argument("--poll", type=float, default=5.0, help="seconds between looks for a job (5)")
    parser.add_argument("--timeout", type=float, help="seconds allowed per job (default: the profile's)")


def _beat(url: str, job: store_queue.Job, every: float, stop: threading.Event) -> None:
    with Store.open(url) as store:
        while not stop.wait(every):
            if not store_queue.heartbeat(store, job):
                print(f"runner worker: job {job} was given to another worker", file=sys.stderr, flush=True)
                return


def run_job(team: Store, job: store_queue.Job, suite: Suite, root: Path, args: argparse.Namespace) -> str:
    """Runs one job and hands its results to the team store; the line to print."""
    parent = team.run(job.run_id)
    assert parent is not None
    folder = root / "queue" / job.run_id / f"{job.lang}-{job.dataset}-{job.attempt}"
    shutil.rmtree(folder, ignore_errors=True)
    chosen = json.loads(parent.filters) | {"langs": [job.lang], "dataset": job.dataset}
    stop = threading.Event()
    beater = threading.Thread(target=_beat, args=(team.location, job, args.heartbeat, stop), daemon=True)
    beater.start()
    start = time.monotonic()
    try:
        with Store.open(folder / "job.sqlite") as local:
            local.create_run(
                job.run_id, parent.profile, chosen, parent.git_commit, this_machine(), runtime_metadata()
            )
            run = local.run(job.run_id)
            assert run is not None
            call = invocation(suite, run, folder / job.lang, [s.lang for s in SUITES])
            run_one(local, run, suite, "1/1", folder, call, args.timeout or TIMEOUTS[run.profile])
            local.finish_run(run.id)
            status, reason, _ = local.suites(run.id)[job.lang]
            rows = read_run(local, run.id)
    finally:
        stop.set()
    seconds = time.monotonic() - start
    if not store_queue.finish(team, job, rows, status, reason, seconds):
        return f"runner worker: job {job}: taken away meanwhile; its results were dropped"
    return f"runner worker: job {job}: {status} in {seconds:.1f} s" + (f" ({reason})" if reason else "")


def _idle(store: Store, kind: str, commit: str) -> bool:
    return store_queue.open_jobs(store, kind, commit) == 0


def main(args: argparse.Namespace, suites: Sequence[Suite] = SUITES) -> int:
    root = results_root(args.results)
    kind = machine_class(this_machine(), runtime_metadata()).id
    commit = git_commit(root.parent)
    name = f"{socket.gethostname()}:{os.getpid()}"
    by_lang = {s.lang: s for s in suites}
    with Store.open(args.queue) as team:
        print(
            f"runner worker {name}: taking jobs of machine class {kind}, commit {commit[:12]},"
            f" from {team.where}",
            file=sys.stderr,
            flush=True,
        )
        while True:
            job = store_queue.claim(team, kind, commit, name)
            if job is None:
                if args.until_idle and _idle(team, kind, commit):
                    print(f"runner worker {name}: no job left", file=sys.stderr)
                    return 0
                time.sleep(args.poll)
                continue
            print(f"runner worker: job {job} (attempt {job.attempt})", file=sys.stderr, flush=True)
            print(run_job(team, job, by_lang[job.lang], root, args), file=sys.stderr, flush=True)
