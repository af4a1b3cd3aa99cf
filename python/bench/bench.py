"""Benchmarks of every registered library on every dataset, in interleaved rounds.

    bench --out DIR [--profile quick|standard|full] [--library NAME] [--dataset NAME]
          [--cases FILE] [--seed N] [--payloads DIR] [--rounds N]

Writes DIR/python.json (pyperf's JSON: one benchmark per measured case, named by
its canonical case id; runs[i] is round i, with run metadata "round": i, and
holds that round's `repeat` loops as values, of which the runner keeps the fastest),
DIR/python-cases.json (every case with its status: measured, refused,
not_applicable, failed, not_measured), DIR/python-calibration.json (the
calibration workloads at the start and end), and for a whole-suite or
one-library run DIR/python-extra.json (sizes in bytes). With --payloads DIR, each
measured encode case's payload (the bytes its round trip check verified, written
once by its worker, untimed) goes to DIR/<case id, "/" as ",">.bin. --rounds N replaces
the profile's number of rounds (the runner's re-measure asks for fewer).

Isolation: every (library variant, dataset) -- and every extra case -- is served
by a worker process of its own (this script with --serve), started fresh for
that dataset; a worker builds each sample's input afresh and drops it after
(serbench_py/measure.py). Rounds: the cases of one dataset (every size, op and
library: each comparison's cases among them) are sampled once per round, in an
order shuffled per round from the seed recorded in the metadata.
"""

import argparse
import contextlib
import dataclasses
import gc
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyperf

from serbench_py import measure
from serbench_py.cases import LANG
from serbench_py.extras import Extra, extras, installed_sizes, peak_memory
from serbench_py.registry import LIBRARIES
from serbench_py.sources import SOURCES
from serbench_py.suite import CaseError, Planned, Prepared, Status, Workbench, plan

RESULT_FILE = "python.json"
CASES_FILE = "python-cases.json"
EXTRA_FILE = "python-extra.json"  # measurements that are not times (bytes)
CALIBRATION_FILE = "python-calibration.json"
# The quick and standard profiles time only the decode of this tens-of-MiB document:
# its encode and round trip rebuild 31 MB of objects for every sample.
DECODE_ONLY = "packages"


@dataclass(frozen=True)
class Profile:
    rounds: int  # samples per case, one per round
    min_time: float  # seconds: a sample's loop lasts at least this long
    repeat: int  # loops per sample; the runner keeps the fastest (timeit's repeat)
    repeat_below: float  # seconds per call: only faster calls get `repeat` loops, others one
    traced_below: float  # seconds per call: faster calls get the allocation pass
    warmup_below: float  # seconds per call: faster calls get a warmup call before each sample
    every_document_op: bool = False  # False: only decode of DECODE_ONLY


PROFILES = {
    "quick": Profile(
        rounds=3, min_time=0.001, repeat=1, repeat_below=0, traced_below=0.02, warmup_below=0.02
    ),
    # A comparison with a call of 2 ms or more is timed by one loop per sample: three
    # loops of such calls tripled the profile's cost (933 of 2,532 cases took 932 of its
    # 1,075 timed seconds in run 20261123T165353Z) for little: a round's loops agreed within
    # a median 4%, the rounds spread far more (host phases longer than a sample).
    "standard": Profile(
        rounds=10,
        min_time=0.002,
        repeat=3,
        repeat_below=0.002,
        traced_below=0.02,
        warmup_below=0.005,
    ),
    "full": Profile(
        rounds=30,
        min_time=0.01,
        repeat=3,
        repeat_below=1.0,
        traced_below=1.0,
        warmup_below=1.0,
        every_document_op=True,
    ),
}


def parse_cli(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, allow_abbrev=False)
    parser.add_argument("--profile", choices=sorted(PROFILES), default="quick")
    parser.add_argument("--out", type=Path, help="directory for the JSON files")
    parser.add_argument("--library", choices=sorted({a.lib for a in LIBRARIES}))
    parser.add_argument("--dataset", choices=sorted(SOURCES))
    parser.add_argument("--cases", type=Path, help="a file of case ids, one a line: only these")
    parser.add_argument("--seed", type=int, help="the shuffle seed (default: a random one)")
    parser.add_argument("--payloads", type=Path, help="directory for each encode case's payload")
    parser.add_argument("--rounds", type=int, help="samples per case (default: the profile's)")
    # Internal: serve one unit's cases as a worker process.
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    opts = parser.parse_args(argv)
    if opts.serve is None and opts.out is None:
        parser.error("--out is required")
    if opts.rounds is not None and opts.rounds < 1:
        parser.error("--rounds must be at least 1")
    here = Path(os.environ.get("BUILD_WORKING_DIRECTORY", "."))
    # Under `bazel run` the working directory is the runfiles tree, not the caller's.
    if opts.out is not None:
        opts.out = Path(here, opts.out).absolute()
    for name in ("cases", "payloads"):
        if getattr(opts, name) is not None:
            setattr(opts, name, Path(here, getattr(opts, name)).absolute())
    return opts


# ---------------------------------------------------------------- units and workers
# A unit is what one worker process serves: "library/<registry index>/<dataset>"
# or "extra/<index in extras()>".


def library_unit(planned: Planned) -> str:
    index = next(i for i, a in enumerate(LIBRARIES) if a is planned.library)
    return f"library/{index}/{planned.source.name}"


def extra_unit(index: int) -> str:
    return f"extra/{index}"


Build = Callable[[], Prepared]
# What a case's values were timed by (serbench_py/measure.py: clock), in its metadata.
_CPU = "process CPU time: time.process_time_ns (CLOCK_PROCESS_CPUTIME_ID)"
_WALL = "wall clock: time.perf_counter_ns (the work runs in a child process)"


class Served:
    """The cases of one unit, inside its worker: check once, then build per sample."""

    def __init__(self, unit: str, payloads: Path | None = None) -> None:
        kind, *rest = unit.split("/")
        self._payloads = payloads  # where checked encode cases write their payload
        self._builds: dict[str, Build] = {}
        self._errors: dict[str, CaseError] = {}
        self._planned: dict[str, Planned] = {}
        self._workbench = Workbench()
        self._extra: Extra | None = None
        if kind == "library":
            library = LIBRARIES[int(rest[0])]
            for planned in plan([library], [SOURCES[rest[1]]]):
                self._planned[planned.case.id] = planned
        else:
            self._extra = list(extras())[int(rest[0])]

    def check(self, case_id: str) -> dict[str, Any]:
        """Checks a case (its round trip) and returns its metadata, or why it is not timed."""
        try:
            build, metadata = self._prepare(case_id)
        except CaseError as error:
            self._errors[case_id] = error
            return {"status": error.status.value, "reason": error.reason}
        except Exception as error:  # e.g. a library that cannot be imported
            reason = f"setup raised {error!r:.300}"
            return {"status": Status.NOT_MEASURED.value, "reason": reason}
        self._builds[case_id] = build
        return {"status": Status.MEASURED.value, "metadata": metadata}

    def _prepare(self, case_id: str) -> tuple[Build, dict[str, Any]]:
        if self._extra is not None:
            extra = self._extra
            _, extra_metadata = extra.make()
            metadata = {**extra.case.metadata(), "lib_version": extra.version, **extra_metadata}
            metadata["timer"] = _WALL if extra.in_child else _CPU

            def build_extra() -> Prepared:
                # The extra's objects are built afresh for each sample, like a case's input.
                run, _ = extra.make()
                return Prepared(lambda _: run(), None, metadata, False, extra.in_child)

            return build_extra, metadata
        planned = self._planned[case_id]
        self._workbench.check(planned)
        if self._payloads is not None:
            self._workbench.write_payload(planned, self._payloads)
        return (lambda: self._workbench.prepare(planned)), {
            **self._workbench.metadata(planned),
            "timer": _CPU,
        }

    def build(self, case_id: str) -> Build:
        return self._builds[case_id]


def serve(unit: str, profile: Profile, payloads: Path | None) -> int:
    """A worker: answers the parent's requests (JSON lines on stdin) on its stdout."""
    replies = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)  # whatever a library prints goes to stderr, never into the replies
    served = Served(unit, payloads)
    for line in sys.stdin:
        request = json.loads(line)
        reply = _answer(served, profile, request)
        replies.write(json.dumps(reply) + "\n")
        replies.flush()
    return 0


def _answer(served: Served, profile: Profile, request: dict[str, Any]) -> dict[str, Any]:
    what, case_id = request["do"], request.get("case", "")
    if what == "check":
        checked = {case: served.check(case) for case in request["cases"]}
        measure.settle()  # what the checks built stays; the collector stops walking it
        return {"checked": checked}
    try:
        if what == "calibrate":
            found = measure.calibrate(served.build(case_id), profile.min_time, profile.traced_below)
            return dataclasses.asdict(found)
        assert what == "sample", what
        taken = measure.sample(
            served.build(case_id), request["loops"], request["warmup"], request["repeat"]
        )
        return dataclasses.asdict(taken)
    except Exception as error:  # a library failing while timed: recorded, never hidden
        return {"failed": f"timing raised {error!r:.300}"}


class Worker:
    """The parent's handle on one worker process."""

    started = 0  # worker processes started by this parent: one per unit of a group

    def __init__(self, unit: str, profile: str, env: dict[str, str], payloads: Path | None) -> None:
        Worker.started += 1
        self.unit = unit
        command = [sys.executable, sys.argv[0], "--serve", unit, "--profile", profile]
        command += ["--payloads", str(payloads)] if payloads is not None else []
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env={**os.environ, **env},
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


# ---------------------------------------------------------------- the parent


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


class Rounds:
    """Measures groups of jobs (one dataset each) in interleaved, shuffled rounds."""

    def __init__(
        self, profile_name: str, rounds: int, seed: int, progress: Progress, payloads: Path | None
    ) -> None:
        self.profile_name = profile_name  # the workers' settings
        self.payloads = payloads
        self.profile = dataclasses.replace(PROFILES[profile_name], rounds=rounds)
        self.seed = seed
        self.progress = progress

    def run(self, group: str, jobs: Sequence[Job]) -> None:
        started, spawned = time.monotonic(), Worker.started
        # One worker per unit (its cases share it), started with its library's environment.
        units = {job.unit: job.env for job in jobs}
        workers = {
            unit: Worker(unit, self.profile_name, env, self.payloads) for unit, env in units.items()
        }
        try:
            self._check(jobs, workers)
            timed = [job for job in jobs if job.status is Status.MEASURED]
            self._calibrate(group, timed, workers)
            timed = [job for job in timed if job.status is Status.MEASURED]
            # Refused or failed: no samples of theirs to wait for.
            for job in (j for j in jobs if j not in timed):
                self.progress.step(job.case_id, self.profile.rounds)
            by_id = {job.case_id: job for job in timed}
            ids = [job.case_id for job in timed]
            for order in measure.round_orders(ids, self.profile.rounds, self._seed(group)):
                for case_id in order:
                    self._sample(by_id[case_id], workers[by_id[case_id].unit])
                    self.progress.step(case_id)
        finally:
            for worker in workers.values():
                worker.close()
        took, processes = time.monotonic() - started, Worker.started - spawned
        print(
            f"group {group}: {len(jobs)} cases in {took:.0f} s, {processes} worker process(es)",
            file=sys.stderr,
            flush=True,
        )

    def _seed(self, group: str) -> str:
        return f"{self.seed}/{group}"

    def _check(self, jobs: Sequence[Job], workers: dict[str, Worker]) -> None:
        """Every worker checks its cases at once (in parallel: nothing is timed yet)."""
        for unit, worker in workers.items():
            worker.send({"do": "check", "cases": [j.case_id for j in jobs if j.unit == unit]})
        for unit, worker in workers.items():
            reply = worker.receive()
            checked = reply.get("checked", {})
            for job in (j for j in jobs if j.unit == unit):
                died = {"status": Status.FAILED.value, "reason": reply.get("failed")}
                result = checked.get(job.case_id, died)
                if result["status"] != Status.MEASURED:
                    job.fail(Status(result["status"]), str(result["reason"]))
                else:
                    job.metadata = result["metadata"]

    def _calibrate(self, group: str, jobs: Sequence[Job], workers: dict[str, Worker]) -> None:
        order = list(jobs)
        random.Random(f"{self._seed(group)}/calibration").shuffle(order)
        per_call: dict[str, float] = {}
        for job in order:
            reply = workers[job.unit].ask({"do": "calibrate", "case": job.case_id})
            if "failed" in reply:
                job.fail(Status.FAILED, str(reply["failed"]))
                continue
            job.loops = reply["loops"]
            job.warmup = reply["per_call"] < self.profile.warmup_below
            per_call[job.case_id] = reply["per_call"]
            if reply["peak_heap_bytes"] is not None:
                job.metadata["peak_heap_bytes"] = reply["peak_heap_bytes"]
        repeats = measure.repeats(per_call, self.profile.repeat, self.profile.repeat_below)
        for job in (j for j in jobs if j.case_id in repeats):
            job.repeat = repeats[job.case_id]

    def _sample(self, job: Job, worker: Worker) -> None:
        if job.status is not Status.MEASURED:
            return  # failed in an earlier round
        request = {
            "do": "sample",
            "case": job.case_id,
            "loops": job.loops,
            "warmup": job.warmup,
            "repeat": job.repeat,
        }
        reply = worker.ask(request)
        if "failed" in reply:
            job.fail(Status.FAILED, str(reply["failed"]))
            return
        job.samples.append(measure.Sample(tuple(reply["seconds"]), reply["warmup"]))


def _benchmark(job: Job, common: dict[str, Any]) -> pyperf.Benchmark:
    """runs[i] is round i: its loops' values (seconds per call; the runner keeps the
    fastest) and its warmup, if any."""
    metadata = {**common, **job.metadata, "name": job.case_id, "loops": job.loops}
    metadata["cyclic_gc"] = "off" if job.metadata.get("variant", "").endswith("_gcoff") else "on"
    runs = [
        pyperf.Run(
            list(taken.seconds),
            warmups=None if taken.warmup is None else [(1, taken.warmup)],
            metadata={**metadata, "round": index},
            collect_metadata=False,
        )
        for index, taken in enumerate(job.samples)
    ]
    return pyperf.Benchmark(runs)


def _interpreter_metadata() -> dict[str, Any]:
    """pyperf's own description of the interpreter and machine, collected once."""
    probe = pyperf.Run([1.0], metadata={"name": "probe"}, collect_metadata=True)
    keys = ["python_version", "python_implementation", "python_compiler", "perf_version"]
    keys += ["platform", "cpu_model_name", "cpu_count"]
    found = probe.get_metadata()
    return {key: found[key] for key in keys if key in found}


# ---------------------------------------------------------------- selection


def _wanted(opts: argparse.Namespace) -> set[str] | None:
    if opts.cases is None:
        return None
    lines = opts.cases.read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip()}


def _selected(opts: argparse.Namespace, wanted: set[str] | None) -> list[Planned]:
    libraries = [a for a in LIBRARIES if opts.library in (None, a.lib)]
    sources = [s for name, s in SOURCES.items() if opts.dataset in (None, name)]
    planned = [p for p in plan(libraries, sources) if wanted is None or p.case.id in wanted]
    if PROFILES[opts.profile].every_document_op:
        return planned
    reason = f"the {opts.profile} profile times only decode of {DECODE_ONLY}: run --profile full"
    return [
        dataclasses.replace(p, not_measured=reason)
        if p.case.dataset == DECODE_ONLY and p.case.op != "decode"
        else p
        for p in planned
    ]


def _extras(opts: argparse.Namespace, wanted: set[str] | None) -> list[tuple[int, Extra]]:
    """The extra cases run with a whole-suite or one-library run (or when listed by id)."""
    if opts.dataset and wanted is None:
        return []
    return [
        (index, extra)
        for index, extra in enumerate(extras())
        if opts.library in (None, extra.case.lib) and (wanted is None or extra.case.id in wanted)
    ]


def _jobs(
    planned: Sequence[Planned], extra_cases: Sequence[tuple[int, Extra]]
) -> dict[str, list[Job]]:
    """The cases to time, grouped by dataset (extras by their own dataset names)."""
    groups: dict[str, list[Job]] = {}
    for item in planned:
        if item.not_applicable is None and item.not_measured is None:
            job = Job(item.case.id, library_unit(item), item.library.env)
            groups.setdefault(item.case.dataset, []).append(job)
    for index, extra in extra_cases:
        job = Job(extra.case.id, extra_unit(index), {})
        groups.setdefault(f"extras/{extra.case.dataset}", []).append(job)
    return groups


def _untimed(planned: Iterable[Planned]) -> list[dict[str, str]]:
    entries = []
    for item in planned:
        if item.not_applicable:
            entries.append(_entry(item.case.id, Status.NOT_APPLICABLE, item.not_applicable))
        elif item.not_measured:
            entries.append(_entry(item.case.id, Status.NOT_MEASURED, item.not_measured))
    return entries


def _entry(case_id: str, status: Status, reason: str) -> dict[str, str]:
    entry = {"id": case_id, "status": status.value}
    if reason:
        entry["reason"] = reason
    return entry


def _libraries(planned: Sequence[Planned]) -> list[dict[str, Any]]:
    libraries = {id(p.library): p.library for p in planned}.values()
    return [
        {
            "lib": a.lib,
            "format": a.format,
            "variant": a.variant,
            "version": a.version,
            "home": a.home,
            "capabilities": sorted(c.value for c in a.capabilities),
            "lazy_ops": dict(a.lazy),
        }
        for a in libraries
    ]


# ---------------------------------------------------------------- output


def rounds(opts: argparse.Namespace) -> int:
    """Samples per case: --rounds, else the profile's."""
    return int(opts.rounds or PROFILES[opts.profile].rounds)


def _write_json(path: Path, document: object) -> None:
    path.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")


def _write(
    opts: argparse.Namespace,
    planned: Sequence[Planned],
    jobs: Sequence[Job],
    common: dict[str, Any],
    calibrations: list[dict[str, object]],
) -> None:
    opts.out.mkdir(parents=True, exist_ok=True)
    out_file = opts.out / RESULT_FILE
    out_file.unlink(missing_ok=True)  # a new run replaces the previous result
    measured = [job for job in jobs if job.status is Status.MEASURED and job.samples]
    if measured:
        suite = pyperf.BenchmarkSuite([_benchmark(job, common) for job in measured])
        suite.dump(str(out_file))
    cases = _untimed(planned) + [_entry(j.case_id, j.status, j.reason) for j in jobs]
    catalog = {
        "lang": LANG,
        "profile": opts.profile,
        "rounds": rounds(opts),
        "shuffle_seed": common["shuffle_seed"],
        "libraries": _libraries(planned),
        "cases": cases,
    }
    _write_json(opts.out / CASES_FILE, catalog)
    _write_json(opts.out / CALIBRATION_FILE, {"lang": LANG, "samples": calibrations})


def _report(jobs: Sequence[Job], started: float) -> None:
    # Refused and failed cases are results (in the catalog), not a failure of the run.
    for job in jobs:
        if job.status in (Status.REFUSED, Status.FAILED):
            print(f"{job.status.upper()} {job.case_id}: {job.reason}", file=sys.stderr)
    print(f"measured in {time.monotonic() - started:.0f} s", file=sys.stderr)


def main(argv: list[str]) -> int:
    opts = parse_cli(argv)
    if opts.serve:
        return serve(opts.serve, PROFILES[opts.profile], opts.payloads)
    started = time.monotonic()
    gc.collect()
    wanted = _wanted(opts)
    planned = _selected(opts, wanted)
    extra_cases = _extras(opts, wanted)
    groups = _jobs(planned, extra_cases)
    jobs = [job for group in groups.values() for job in group]
    seed = opts.seed if opts.seed is not None else random.SystemRandom().randrange(2**32)
    common = {**_interpreter_metadata(), "profile": opts.profile, "shuffle_seed": seed}
    calibrations = measure.calibration_samples("start")
    count = rounds(opts)
    progress = Progress(len(jobs) * count)
    taker = Rounds(opts.profile, count, seed, progress, opts.payloads)
    for name, group in groups.items():
        taker.run(name, group)
    calibrations += measure.calibration_samples("end")
    _write(opts, planned, jobs, common, calibrations)
    if extra_cases and wanted is None and not opts.dataset:
        sizes = {"lang": LANG, "metrics": installed_sizes() + peak_memory()}
        _write_json(opts.out / EXTRA_FILE, sizes)
    _report(jobs, started)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
