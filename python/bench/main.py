"""The Python suite's binary: selects the cases, measures them in rounds of worker
processes and writes the run's files. Its usage: cli.py; with --serve it is a worker
(worker.py)."""

import argparse
import gc
import random
import sys
import time
from collections.abc import Sequence

from bench import selection, writers
from bench.cli import parse_cli, rounds, sources, worker_arguments
from bench.profiles import PROFILES
from bench.rounds import SAMPLE, Job, Progress, Rounds, StartWorker
from bench.worker import CPU_CLOCK, Worker, serve
from serbench_py import measure
from serbench_py.suite import Status


def _report(jobs: Sequence[Job], started: float) -> None:
    # Refused and failed cases are results (in the catalog), not a failure of the run.
    for job in jobs:
        if job.status in (Status.REFUSED, Status.FAILED):
            print(f"{job.status.upper()} {job.case_id}: {job.reason}", file=sys.stderr)
    print(f"measured in {time.monotonic() - started:.0f} s", file=sys.stderr)


def _paired(
    opts: argparse.Namespace, jobs: Sequence[Job], arguments: list[str]
) -> StartWorker | None:
    """With --paired-base: gives each job its twin and returns what starts the base's workers."""
    if opts.paired_base is None:
        return None
    for job in jobs:
        job.twin = Job(job.case_id, job.unit, job.env)
    base = opts.paired_base
    return lambda unit, env: Worker(unit, opts.profile, env, None, arguments, program=base)


def _twins(jobs: Sequence[Job]) -> list[Job]:
    """The base's jobs of a paired run: each job's twin, a twin of a case this build did not
    time recorded as not measured."""
    twins = []
    for job in jobs:
        assert job.twin is not None
        if job.status is not Status.MEASURED and job.twin.status is Status.MEASURED:
            job.twin.fail(
                Status.NOT_MEASURED,
                f"not timed: the case was {job.status.value} in the build it was paired with",
            )
        twins.append(job.twin)
    return twins


def main(argv: list[str]) -> int:
    opts = parse_cli(argv)
    if opts.serve:
        return serve(opts.serve, PROFILES[opts.profile], opts.payloads, sources(opts))
    started = time.monotonic()
    gc.collect()
    wanted = selection.wanted(opts)
    planned = selection.selected(opts, wanted)
    extra_cases = selection.selected_extras(opts, wanted)
    groups = selection.jobs(planned, extra_cases)
    jobs = [job for group in groups.values() for job in group]
    seed = opts.seed if opts.seed is not None else random.SystemRandom().randrange(2**32)
    common = {**writers.interpreter_metadata(), "profile": opts.profile, "shuffle_seed": seed}
    common["clock"] = CPU_CLOCK  # every case's but the imports' (their own "timer" says so)
    common["sample"] = SAMPLE
    calibrations = measure.calibration_samples("start")
    count = rounds(opts)
    progress = Progress(len(jobs) * count)
    arguments = worker_arguments(opts)
    twin = _paired(opts, jobs, arguments)
    taker = Rounds(
        opts.profile,
        count,
        seed,
        progress,
        opts.payloads,
        worker_arguments=arguments,
        start_twin=twin,
    )
    for part in range(len(taker.parts())):
        for name, group in groups.items():
            taker.run(name, group, part)
    calibrations += measure.calibration_samples("end")
    isolation = taker.isolation()
    writers.write(opts, planned, jobs, common, calibrations, isolation)
    if twin is not None:
        base = argparse.Namespace(**{**vars(opts), "out": opts.paired_out})
        writers.write(base, planned, _twins(jobs), common, calibrations, isolation)
    if extra_cases and wanted is None and not opts.dataset:
        writers.write_extra(opts.out)
    _report(jobs, started)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
