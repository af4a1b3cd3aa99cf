"""The worker protocol: one process per unit serves its cases, the parent holds a Worker.

A unit is what one worker process serves: "library/<registry index>/<dataset>" or
"extra/<index in extras()>". The parent writes one JSON request a line on the worker's
stdin (check, calibrate, sample) and reads one JSON reply a line from its stdout.
"""

import contextlib
import dataclasses
import json
import os
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from bench.profiles import Profile
from serbench_py import measure
from serbench_py.extras import Extra, extras
from serbench_py.registry import LIBRARIES
from serbench_py.sources import SOURCES, Source
from serbench_py.suite import CaseError, Planned, Prepared, Status, Workbench, plan


def library_unit(planned: Planned) -> str:
    index = next(i for i, a in enumerate(LIBRARIES) if a is planned.library)
    return f"library/{index}/{planned.source.name}"


def extra_unit(index: int) -> str:
    return f"extra/{index}"


Build = Callable[[], Prepared]
# What a case's values were timed by (serbench_py/measure.py: clock), in its metadata.
CPU_CLOCK = "thread CPU time: time.thread_time_ns (CLOCK_THREAD_CPUTIME_ID), the worker's thread"
_WALL = "wall clock: time.perf_counter_ns (the work runs in a child process)"
_CHILD = "thread CPU time of a child process: time.thread_time_ns around its work, reported"


class Served:
    """The cases of one unit, inside its worker: check once, then build per sample."""

    def __init__(
        self, unit: str, payloads: Path | None = None, sources: Mapping[str, Source] = SOURCES
    ) -> None:
        kind, *rest = unit.split("/")
        self._payloads = payloads  # where checked encode cases write their payload
        self._builds: dict[str, Build] = {}
        self._kept: dict[str, Prepared] = {}
        self._planned: dict[str, Planned] = {}
        self._workbench = Workbench()
        self._extra: Extra | None = None
        if kind == "library":
            library = LIBRARIES[int(rest[0])]
            for planned in plan([library], [sources[rest[1]]]):
                self._planned[planned.case.id] = planned
        else:
            self._extra = list(extras())[int(rest[0])]

    def check(self, case_id: str, verify: bool = True) -> dict[str, Any]:
        """Checks a case (its round trip; without `verify`, only its encode: see
        Workbench.check) and returns its metadata, or why it is not timed."""
        try:
            build, metadata = self._prepare(case_id, verify)
        except CaseError as error:
            return {"status": error.status.value, "reason": error.reason}
        except Exception as error:  # e.g. a library that cannot be imported
            reason = f"setup raised {error!r:.300}"
            return {"status": Status.NOT_MEASURED.value, "reason": reason}
        self._builds[case_id] = build
        return {"status": Status.MEASURED.value, "metadata": metadata}

    def _prepare(self, case_id: str, verify: bool) -> tuple[Build, dict[str, Any]]:
        if self._extra is not None:
            return _prepare_extra(self._extra, verify)
        planned = self._planned[case_id]
        self._workbench.check(planned, verify)
        if self._payloads is not None:
            self._workbench.write_payload(planned, self._payloads)
        return (lambda: self._workbench.prepare(planned)), {
            **self._workbench.metadata(planned),
            "timer": CPU_CLOCK,
        }

    def build(self, case_id: str) -> Build:
        return self._builds[case_id]

    def sample_input(self, case_id: str, warmup: bool) -> Build:
        """What a sample times. A case with a warmup call before its loop (a short call) gets
        its input built once in this worker and kept, frozen (measure.settle: the collector
        never walks it, so it weighs on no timing): the warmup call, not the loop, is the first
        call on a fresh input either way, and the builds took a third of the suite's sampling
        time. A case without one (a call of 5 ms or more, timed in one loop, often one call)
        times its first call on a freshly built input, as an application's first encode of new
        objects runs (a string's UTF-8 form, for one, is cached on it by that call), so it
        still builds afresh for every loop; so do the extras, whose inputs are their work."""
        if not warmup or self._extra is not None:
            return self.build(case_id)
        if case_id not in self._kept:
            self._kept[case_id] = self.build(case_id)()
            measure.settle()
        kept = self._kept[case_id]
        return lambda: kept


def _prepare_extra(extra: Extra, verify: bool) -> tuple[Build, dict[str, Any]]:
    _, extra_metadata = extra.make()
    facts = extra.facts() if verify and extra.facts is not None else {}
    metadata = {**extra.case.metadata(), "lib_version": extra.version, **extra_metadata, **facts}
    metadata["timer"] = _CHILD if extra.self_timed else _WALL if extra.in_child else CPU_CLOCK

    def build_extra() -> Prepared:
        # The extra's objects are built afresh for each sample, like a case's input.
        run, _ = extra.make()
        return Prepared(
            lambda _: run(), None, metadata, extra.gc_off, extra.in_child, extra.self_timed
        )

    return build_extra, metadata


def serve(
    unit: str, profile: Profile, payloads: Path | None, sources: Mapping[str, Source] = SOURCES
) -> int:
    """A worker: answers the parent's requests (JSON lines on stdin) on its stdout."""
    replies = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)  # whatever a library prints goes to stderr, never into the replies
    served = Served(unit, payloads, sources)
    for line in sys.stdin:
        request = json.loads(line)
        reply = answer(served, profile, request)
        replies.write(json.dumps(reply) + "\n")
        replies.flush()
    return 0


def answer(served: Served, profile: Profile, request: dict[str, Any]) -> dict[str, Any]:
    """The reply to one request: the checked cases, a calibration or a sample."""
    what, case_id = request["do"], request.get("case", "")
    if what == "check":
        verify = request.get("verify", True)
        checked = {case: served.check(case, verify) for case in request["cases"]}
        measure.settle()  # what the checks built stays; the collector stops walking it
        return {"checked": checked}
    try:
        if what == "calibrate":
            found = measure.calibrate(served.build(case_id), profile.min_time, profile.traced_below)
            return dataclasses.asdict(found)
        assert what == "sample", what
        warmup = request["warmup"]
        taken = measure.sample(served.sample_input(case_id, warmup), request["loops"], warmup)
        return dataclasses.asdict(taken)
    except Exception as error:  # a library failing while timed: recorded, never hidden
        return {"failed": f"timing raised {error!r:.300}"}


# What Bazel's launcher of this binary set: another binary's launcher would import this
# build's modules and read its runfiles instead of its own.
_RUNFILES_ENV = ("PYTHONPATH", "RUNFILES_DIR", "RUNFILES_MANIFEST_FILE")


def _without_runfiles() -> dict[str, str]:
    return {name: value for name, value in os.environ.items() if name not in _RUNFILES_ENV}


class Worker:
    """The parent's handle on one worker process."""

    started = 0  # worker processes started by this parent: one per unit of a group

    def __init__(
        self,
        unit: str,
        profile: str,
        env: dict[str, str],
        payloads: Path | None,
        arguments: Sequence[str] = (),
        program: Path | None = None,
    ) -> None:
        Worker.started += 1
        self.unit = unit
        # The worker is this same binary, started with --serve (and the parent's `arguments`),
        # or `program`: another build's suite binary (a paired run's base).
        start = [sys.executable, sys.argv[0]] if program is None else [str(program)]
        command = [*start, "--serve", unit, "--profile", profile, *arguments]
        command += ["--payloads", str(payloads)] if payloads is not None else []
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env={**(os.environ if program is None else _without_runfiles()), **env},
            text=True,
        )
        self.dead: str | None = None

    def send(self, request: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(json.dumps(request) + "\n")
            self.process.stdin.flush()
        except BrokenPipeError:
            self._died()

    def receive(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        if self.dead is None:
            line = self.process.stdout.readline()
            if line:
                reply: dict[str, Any] = json.loads(line)
                return reply
            self._died()
        return {"failed": self.dead}

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        self.send(request)
        return self.receive()

    def _died(self) -> None:
        code = self.process.wait()
        self.dead = f"the worker process of {self.unit} exited with status {code}"

    def close(self) -> None:
        assert self.process.stdin is not None
        with contextlib.suppress(BrokenPipeError):
            self.process.stdin.close()
        self.process.wait()
