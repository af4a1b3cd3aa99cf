"""The rounds scheduler against stand-in workers: what each case's replies make of it."""

from typing import Any

import pytest

from bench.rounds import Job, Progress, Rounds
from bench.worker import Worker
from serbench_py.suite import Status


class _StandIn(Worker):
    """Replies as a worker would: a case id containing "refused" fails its check, one
    containing "fails" fails its samples; `dead` answers every request with that."""

    def __init__(self, unit: str, dead: str | None = None) -> None:
        self.unit, self.dead = unit, dead
        self.replies: list[dict[str, Any]] = []

    def send(self, request: dict[str, Any]) -> None:
        self.replies.append({"failed": self.dead} if self.dead else self._reply(request))

    def receive(self) -> dict[str, Any]:
        return self.replies.pop(0)

    def close(self) -> None:
        pass

    @staticmethod
    def _reply(request: dict[str, Any]) -> dict[str, Any]:
        if request["do"] == "check":
            refused = {"status": "refused", "reason": "wrong"}
            measured = {"status": "measured", "metadata": {"op": "decode"}}
            cases = request["cases"]
            return {"checked": {c: refused if "refused" in c else measured for c in cases}}
        if request["do"] == "calibrate":
            per_call = 0.005 if "slow" in request["case"] else 0.001
            return {"loops": 2, "per_call": per_call, "peak_heap_bytes": 10}
        if "fails" in request["case"]:
            return {"failed": "timing raised ValueError()"}
        return {"seconds": [0.001], "warmup": None}


def _run(jobs: list[Job], dead: str | None = None) -> Progress:
    progress = Progress(len(jobs) * 3)
    rounds = Rounds("quick", 3, 1, progress, None, start=lambda unit, _: _StandIn(unit, dead))
    rounds.run("order", jobs)
    return progress


def test_each_case_is_sampled_once_a_round_unless_refused_or_failed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    timed, refused, fails = (Job(c, "library/0/order", {}) for c in ("ok", "refused", "fails"))
    progress = _run([timed, refused, fails])
    assert timed.status is Status.MEASURED and len(timed.samples) == 3
    assert timed.loops == 2 and timed.warmup and timed.metadata["peak_heap_bytes"] == 10
    assert (refused.status, refused.reason, refused.samples) == (Status.REFUSED, "wrong", [])
    assert fails.status is Status.FAILED and fails.reason == "timing raised ValueError()"
    assert progress.done == progress.total == 9
    assert "group order, rounds 0-2: 3 cases in" in capsys.readouterr().err


def test_a_dead_worker_fails_every_case_it_served() -> None:
    jobs = [Job(c, "library/0/order", {}) for c in ("a", "b")]
    _run(jobs, dead="the worker process of library/0/order exited with status 1")
    assert {(j.status, j.reason) for j in jobs} == {
        (Status.FAILED, "the worker process of library/0/order exited with status 1")
    }


def test_a_units_rounds_are_split_over_fresh_workers_calibrated_once() -> None:
    started: list[_StandIn] = []

    def start(unit: str, _: dict[str, str]) -> _StandIn:
        started.append(_StandIn(unit))
        return started[-1]

    jobs = [Job(c, "library/0/order", {}) for c in ("ok", "refused")]
    progress = Progress(len(jobs) * 5)
    rounds = Rounds("standard", 5, 1, progress, None, start=start)
    assert rounds.parts() == [range(0, 2), range(2, 5)]
    for part in range(2):
        rounds.run("order", jobs, part)
    timed, refused = jobs
    assert len(started) == 2 and len(timed.samples) == 5 and refused.samples == []
    assert timed.metadata == {"op": "decode", "peak_heap_bytes": 10}  # the later check keeps it
    assert progress.done == progress.total == 10


def test_the_run_records_which_processes_took_its_rounds() -> None:
    standard = Rounds("standard", 10, 1, Progress(0), None, start=lambda unit, _: _StandIn(unit))
    assert standard.isolation().startswith("2 worker processes per library and dataset")
    assert "(rounds 0 to 4, rounds 5 to 9)" in standard.isolation()
    quick = Rounds("quick", 3, 1, Progress(0), None, start=lambda unit, _: _StandIn(unit))
    assert quick.isolation() == "one worker process per library and dataset, for all its rounds"


def test_a_case_failing_a_later_parts_check_stops_there() -> None:
    job = Job("ok", "library/0/order", {})
    rounds = Rounds("standard", 4, 1, Progress(4), None, start=lambda unit, _: _StandIn(unit))
    rounds.run("order", [job], 0)
    rounds.start = lambda unit, _: _StandIn(unit, dead="the worker process exited with status 1")
    rounds.run("order", [job], 1)
    assert job.status is Status.FAILED and len(job.samples) == 2


def test_a_samples_loops_are_taken_a_pass_over_the_round_apart() -> None:
    """Each loop of a sample is its own request, one per pass over the round's order: a
    sample's three loops never run back to back (a slow phase of the host lasts seconds)."""
    log: list[tuple[str, str, str]] = []
    jobs = [Job(c, "library/0/order", {}) for c in ("a", "b")]
    progress = Progress(2)
    rounds = Rounds(
        "standard", 1, 1, progress, None, start=lambda unit, _: _Side(unit, "head", log)
    )
    rounds.run("order", jobs)
    samples = [case for _, what, case in log if what == "sample"]
    assert sorted(samples[:2]) == sorted(samples[2:4]) == sorted(samples[4:]) == ["a", "b"]
    assert samples[:2] == samples[2:4] == samples[4:]  # the round's order, in every pass
    assert all(job.repeat == 3 and [len(s.seconds) for s in job.samples] == [3] for job in jobs)
    assert progress.done == progress.total == 2


def test_a_comparison_timed_one_loop_a_round_gets_loops_of_at_least_20_ms() -> None:
    """A slow call's comparison is timed by one loop a round, long enough to average several
    calls over the host's phases; a fast comparison keeps its calibrated loops, three a
    sample."""
    slow = [Job(f"dataset=user/size=1000/op=encode/format=json/lib={lib}", "u", {}) for lib in "ab"]
    slow[1].case_id += "/slow"  # its 5 ms call makes the comparison slow
    fast = Job("dataset=user/size=1/op=encode/format=json/lib=a", "u", {})
    rounds = Rounds("standard", 1, 1, Progress(3), None, start=lambda unit, _: _StandIn(unit))
    rounds.run("user", [*slow, fast])
    assert [(job.loops, job.repeat) for job in slow] == [(20, 1), (4, 1)]
    assert (fast.loops, fast.repeat) == (2, 3)


class _Side(_StandIn):
    """A stand-in of one build of a paired run: logs each calibration and sample it takes;
    `op` is what its check says the cases are."""

    def __init__(
        self, unit: str, name: str, log: list[tuple[str, str, str]], op: str = "decode"
    ) -> None:
        super().__init__(unit)
        self.name, self.log, self.op = name, log, op

    def send(self, request: dict[str, Any]) -> None:
        if request["do"] in ("calibrate", "sample"):
            self.log.append((self.name, request["do"], request["case"]))
        super().send(request)
        if request["do"] == "check":
            for checked in self.replies[-1]["checked"].values():
                checked.get("metadata", {})["op"] = self.op


def _paired(jobs: list[Job], base_op: str = "decode") -> list[tuple[str, str, str]]:
    """The log of calibrations and samples, (build, request, case), of a paired run of jobs."""
    log: list[tuple[str, str, str]] = []
    for job in jobs:
        job.twin = Job(job.case_id, job.unit, job.env)
    rounds = Rounds(
        "quick",
        4,
        1,
        Progress(len(jobs) * 4),
        None,
        start=lambda unit, _: _Side(unit, "head", log),
        start_twin=lambda unit, _: _Side(unit, "base", log, base_op),
    )
    rounds.run("order", jobs)
    return log


def test_a_paired_run_samples_each_case_and_its_twin_back_to_back_first_in_turn() -> None:
    jobs = [Job(c, "library/0/order", {}) for c in ("a", "b", "refused")]
    log = _paired(jobs)
    # Each timed case calibrates in head's worker, then in base's (equally warm workers).
    calibrations = [entry for entry in log if entry[1] == "calibrate"]
    assert sorted(calibrations) == sorted(
        (side, "calibrate", c) for c in "ab" for side in ("head", "base")
    )
    assert all(calibrations[i][0] == "head" and calibrations[i + 1][0] == "base" for i in (0, 2))
    samples = [(side, case) for side, what, case in log if what == "sample"]
    assert len(samples) == 2 * 2 * 4  # two timed cases, both builds, four rounds
    pairs = [samples[i : i + 2] for i in range(0, len(samples), 2)]
    assert all(
        {side for side, _ in pair} == {"head", "base"} and pair[0][1] == pair[1][1]
        for pair in pairs
    )
    assert sum(pair[0][0] == "base" for pair in pairs) == len(pairs) // 2
    for job in jobs[:2]:
        assert job.twin is not None and len(job.twin.samples) == len(job.samples) == 4
        assert (job.twin.loops, job.twin.repeat, job.twin.warmup) == (
            job.loops,
            job.repeat,
            job.warmup,
        )
    assert jobs[2].twin is not None and jobs[2].twin.samples == []


def test_a_twin_serving_another_case_under_the_unit_is_not_paired() -> None:
    job = Job("a", "library/0/order", {})
    log = _paired([job], base_op="encode")
    assert job.twin is not None and job.twin.status is Status.NOT_MEASURED
    assert "another case" in job.twin.reason
    assert log == [("head", "calibrate", "a")] + [("head", "sample", "a")] * 4
