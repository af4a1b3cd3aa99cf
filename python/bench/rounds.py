"""The rounds scheduler: each group's cases (one dataset) checked, calibrated, then
sampled once per round in an order shuffled per round, each by its unit's worker. A
group's rounds are split into parts (the profile's `processes`), each part in fresh
workers that encode the cases' fixtures again (part 0 verified them); the caller runs
every group's part 0, then every group's part 1, and so on.

A paired run also measures another build of the suite (the base of `runner check`): each
job has a twin served by that build's workers, alive beside this build's, and a case's two
samples of a round are taken back to back, which goes first alternating, so the host's
load of that moment weighs on both alike. A twin times the loops its job calibrated.
"""

import dataclasses
import itertools
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.profiles import PROFILES
from bench.worker import Worker
from serbench_py import measure
from serbench_py.suite import Status


@dataclass
class Job:
    """One case to measure: its worker unit and what the rounds collect."""

    case_id: str
    unit: str
    env: dict[str, str]
    status: Status = Status.MEASURED
    reason: str = ""
    metadata: dict[str, Any] = field(default_factory=dict)
    loops: int = 1
    warmup: bool = True
    repeat: int = 1  # loops per sample
    samples: list[measure.Sample] = field(default_factory=list)
    twin: "Job | None" = None  # the same case in a paired run's other build

    def fail(self, status: Status, reason: str) -> None:
        self.status, self.reason = status, reason


class Progress:
    """`progress: <done>/<total> <case id>` on stderr per sample (a case's run in one round),
    as the C++ suite counts: the total is the timed cases times the rounds."""

    def __init__(self, total: int) -> None:
        self.done = 0
        self.total = total

    def step(self, case_id: str, samples: int = 1) -> None:
        self.done += samples
        print(f"progress: {self.done}/{self.total} {case_id}", file=sys.stderr, flush=True)


# How a round's sample is taken, as the run's metadata records it (the methodology page
# shows it: runs before it took a sample's loops back to back).
SAMPLE = "the fastest of the case's loops, taken a pass over the round apart"

# Starts the worker of a unit, given the unit and its library's environment.
StartWorker = Callable[[str, dict[str, str]], Worker]


class Rounds:
    """Measures groups of jobs (one dataset each) in interleaved, shuffled rounds."""

    def __init__(
        self,
        profile_name: str,
        rounds: int,
        seed: int,
        progress: Progress,
        payloads: Path | None,
        start: StartWorker | None = None,
        worker_arguments: Sequence[str] = (),
        start_twin: StartWorker | None = None,
    ) -> None:
        self.profile_name = profile_name  # the workers' settings
        self.payloads = payloads
        self.worker_arguments = worker_arguments
        self.profile = dataclasses.replace(PROFILES[profile_name], rounds=rounds)
        self.seed = seed
        self.progress = progress
        self.start = start or self._process  # tests start stand-ins
        self.start_twin = start_twin  # a paired run's other build's workers

    def _process(self, unit: str, env: dict[str, str]) -> Worker:
        return Worker(unit, self.profile_name, env, self.payloads, self.worker_arguments)

    def parts(self) -> list[range]:
        """The rounds of each part: the profile's `processes` runs of consecutive rounds."""
        count = self.profile.rounds
        parts = max(1, min(self.profile.processes, count))
        bounds = [count * i // parts for i in range(parts + 1)]
        return [range(a, b) for a, b in itertools.pairwise(bounds)]

    def isolation(self) -> str:
        """The processes that take the samples, as the run records it (its `isolation`)."""
        parts = self.parts()
        if len(parts) == 1:
            return "one worker process per library and dataset, for all its rounds"
        spans = ", ".join(f"rounds {p.start} to {p.stop - 1}" for p in parts)
        return (
            f"{len(parts)} worker processes per library and dataset, one after another ({spans}); "
            "every dataset's first before any dataset's second"
        )

    def run(self, group: str, jobs: Sequence[Job], part: int = 0) -> None:
        """Measures the group's rounds of `part` (see parts) in workers of their own; part 0
        also calibrates. Jobs refused or failed in an earlier part are left alone."""
        started, spawned = time.monotonic(), Worker.started
        rounds = self.parts()[part]
        live = [job for job in jobs if job.status is Status.MEASURED]
        twins = [
            job.twin for job in live if job.twin is not None and job.twin.status is Status.MEASURED
        ]
        workers = self._workers(live, self.start)
        twin_workers = self._workers(twins, self.start_twin)
        try:
            self._check(live, workers, first=part == 0)
            self._check(twins, twin_workers, first=part == 0)
            _unpair_strangers(live)
            timed = [job for job in live if job.status is Status.MEASURED]
            if part == 0:
                self._calibrate(group, timed, workers, twin_workers)
                timed = [job for job in timed if job.status is Status.MEASURED]
            # Refused or failed: no samples of theirs to wait for.
            for job in (j for j in live if j not in timed):
                self.progress.step(job.case_id, self.profile.rounds - rounds.start)
            by_id = {job.case_id: job for job in timed}
            orders = measure.round_orders(list(by_id), self.profile.rounds, self._seed(group))
            for number, order in enumerate(orders[rounds.start : rounds.stop], rounds.start):
                self._round(number, [by_id[case_id] for case_id in order], workers, twin_workers)
        finally:
            for worker in [*workers.values(), *twin_workers.values()]:
                worker.close()
        took, processes = time.monotonic() - started, Worker.started - spawned
        print(
            f"group {group}, rounds {rounds.start}-{rounds.stop - 1}: {len(jobs)} cases"
            f" in {took:.0f} s, {processes} worker process(es)",
            file=sys.stderr,
            flush=True,
        )

    @staticmethod
    def _workers(jobs: Sequence[Job], start: StartWorker | None) -> dict[str, Worker]:
        """One worker per unit (its cases share it), started with its library's environment."""
        units = {job.unit: job.env for job in jobs}
        return {unit: start(unit, env) for unit, env in units.items()} if start else {}

    def _seed(self, group: str) -> str:
        return f"{self.seed}/{group}"

    def _check(self, jobs: Sequence[Job], workers: dict[str, Worker], first: bool) -> None:
        """Every worker checks its cases at once (in parallel: nothing is timed yet); the
        first part's check verifies each case's round trip and gives it its metadata, a later
        part's only encodes (the verification took most of a part's check)."""
        for unit, worker in workers.items():
            cases = [j.case_id for j in jobs if j.unit == unit]
            worker.send({"do": "check", "cases": cases, "verify": first})
        for unit, worker in workers.items():
            reply = worker.receive()
            checked = reply.get("checked", {})
            for job in (j for j in jobs if j.unit == unit):
                died = {"status": Status.FAILED.value, "reason": reply.get("failed")}
                result = checked.get(job.case_id, died)
                if result["status"] != Status.MEASURED:
                    job.fail(Status(result["status"]), str(result["reason"]))
                elif first:
                    job.metadata = result["metadata"]

    def _calibrate(
        self,
        group: str,
        jobs: Sequence[Job],
        workers: dict[str, Worker],
        twin_workers: dict[str, Worker],
    ) -> None:
        """Each job's loops, warm-up and repeat. A twin's worker calibrates its case right after
        (the reply unused: it times its job's loops), so both builds' workers start the rounds
        as warm: with only head calibrated, base's first part ran colder, and encodes of 1,000
        records read head / base 0.8 in it and 1.0 in the second part."""
        order = list(jobs)
        random.Random(f"{self._seed(group)}/calibration").shuffle(order)
        per_call: dict[str, float] = {}
        for job in order:
            reply = workers[job.unit].ask({"do": "calibrate", "case": job.case_id})
            if "failed" in reply:
                job.fail(Status.FAILED, str(reply["failed"]))
                continue
            self._calibrate_twin(job, twin_workers)
            job.loops = reply["loops"]
            job.warmup = reply["per_call"] < self.profile.warmup_below
            per_call[job.case_id] = reply["per_call"]
            if reply["peak_heap_bytes"] is not None:
                job.metadata["peak_heap_bytes"] = reply["peak_heap_bytes"]
        repeats = measure.repeats(per_call, self.profile.repeat, self.profile.repeat_below)
        for job in (j for j in jobs if j.case_id in repeats):
            job.repeat = repeats[job.case_id]
            if job.repeat == 1:
                job.loops = measure.stretched(
                    job.loops, per_call[job.case_id], self.profile.one_loop_min_time
                )
        for job in jobs:
            if job.twin is not None:
                job.twin.loops, job.twin.warmup, job.twin.repeat = job.loops, job.warmup, job.repeat

    @staticmethod
    def _calibrate_twin(job: Job, twin_workers: dict[str, Worker]) -> None:
        twin = job.twin
        if twin is None or twin.status is not Status.MEASURED:
            return
        reply = twin_workers[twin.unit].ask({"do": "calibrate", "case": twin.case_id})
        if "failed" in reply:
            twin.fail(Status.FAILED, str(reply["failed"]))

    def _round(
        self,
        number: int,
        order: Sequence[Job],
        workers: dict[str, Worker],
        twin_workers: dict[str, Worker],
    ) -> None:
        """One sample of every case: its `repeat` loops taken in as many passes over the
        round's order, one loop a pass, so a sample's loops lie a pass apart. The host's slow
        phases last seconds: back to back, a sample's loops all fell in one and the fastest
        kept could not escape it; a pass apart, one of them mostly does."""
        taken: dict[int, list[measure.Sample]] = {}
        for pass_ in range(max((job.repeat for job in order), default=0)):
            for place, job in enumerate(order):
                if pass_ >= job.repeat:
                    continue
                for each, by_unit in _pair(job, workers, twin_workers, number + place + pass_):
                    self._loop(each, by_unit[each.unit], taken.setdefault(id(each), []))
                if pass_ == job.repeat - 1:
                    self.progress.step(job.case_id)
        sampled = [each for job in order for each in (job, job.twin) if each is not None]
        for each in sampled:
            if each.status is Status.MEASURED and id(each) in taken:
                loops = taken[id(each)]
                seconds = tuple(value for loop in loops for value in loop.seconds)
                each.samples.append(measure.Sample(seconds, loops[0].warmup))

    @staticmethod
    def _loop(job: Job, worker: Worker, taken: list[measure.Sample]) -> None:
        """One loop of the job's case (after its warm-up call, if it gets one)."""
        if job.status is not Status.MEASURED:
            return  # failed in an earlier round or pass
        request = {
            "do": "sample",
            "case": job.case_id,
            "loops": job.loops,
            "warmup": job.warmup,
        }
        reply = worker.ask(request)
        if "failed" in reply:
            job.fail(Status.FAILED, str(reply["failed"]))
            return
        taken.append(measure.Sample(tuple(reply["seconds"]), reply["warmup"]))


def _pair(
    job: Job, workers: dict[str, Worker], twin_workers: dict[str, Worker], turn: int
) -> list[tuple[Job, dict[str, Worker]]]:
    """The samples a case takes in a round: its own, and its twin's right before or after it
    (before on odd turns) when the twin passed its check."""
    own = [(job, workers)]
    if job.twin is None or job.twin.status is not Status.MEASURED:
        return own
    both = [*own, (job.twin, twin_workers)]
    return both[::-1] if turn % 2 else both


# The case identity in a case's metadata (serbench_py/cases.py).
_IDENTITY = ("lang", "lib", "format", "op", "dataset", "size", "variant")


def _unpair_strangers(jobs: Sequence[Job]) -> None:
    """A twin whose worker measured another case under the job's unit (the other build numbers
    its libraries or extras otherwise) is not measured: its samples would pair unlike work."""
    for job in jobs:
        twin = job.twin
        if twin is None or twin.status is not Status.MEASURED or job.status is not Status.MEASURED:
            continue
        if any(job.metadata.get(key) != twin.metadata.get(key) for key in _IDENTITY):
            twin.fail(
                Status.NOT_MEASURED, f"the paired build served another case as unit {job.unit}"
            )
