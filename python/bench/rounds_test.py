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
            return {"loops": 2, "per_call": 0.001, "peak_heap_bytes": 10}
        if "fails" in request["case"]:
            return {"failed": "timing raised ValueError()"}
        return {"seconds": [0.001] * request["repeat"], "warmup": None}


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


def test_a_case_failing_a_later_parts_check_stops_there() -> None:
    job = Job("ok", "library/0/order", {})
    rounds = Rounds("standard", 4, 1, Progress(4), None, start=lambda unit, _: _StandIn(unit))
    rounds.run("order", [job], 0)
    rounds.start = lambda unit, _: _StandIn(unit, dead="the worker process exited with status 1")
    rounds.run("order", [job], 1)
    assert job.status is Status.FAILED and len(job.samples) == 2
