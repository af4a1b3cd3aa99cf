"""pyperf benchmarks of every registered library on every dataset.

    bench --out DIR [--profile quick|full] [--library NAME] [--dataset NAME]

Writes pyperf's JSON to DIR/python.json (one benchmark per measured case, named
by the canonical case id) and the case catalog to DIR/python-cases.json (every
case with its status: measured, refused, not_applicable, failed, not_measured).

Profiles:
- full: pyperf's standard settings; pyperf re-runs this script as worker
  processes (each times one case) and they repeat the same selection and checks.
- quick: every case in this one process, as a pyperf worker would time it
  (3 values, 1 when one call takes over QUICK_SLOW_CALL; no allocation pass
  when one call takes over QUICK_UNTRACED_CALL), with the loop count
  calibrated like pyperf does (doubling until one value takes QUICK_MIN_TIME);
  the calibration calls are the warmup. Of the packages document (tens of MiB)
  only decode is timed; its other ops are listed as not measured.

A library whose backend is chosen by the environment (protobuf's pure-Python
build) runs in a child invocation of this script with that environment; its
results are merged into the same two files.
"""

import argparse
import dataclasses
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pyperf

from serbench_py.adapter import Adapter, runs_here
from serbench_py.cases import LANG
from serbench_py.extras import Extra, extras, installed_sizes, peak_memory
from serbench_py.registry import ADAPTERS
from serbench_py.sources import SOURCES
from serbench_py.suite import CaseError, Planned, Status, Workbench, peak_heap_bytes, plan

RESULT_FILE = "python.json"
CASES_FILE = "python-cases.json"
EXTRA_FILE = "python-extra.json"  # measurements that are not times (bytes)
QUICK_MIN_TIME = 0.002  # seconds per value in the quick profile
QUICK_VALUES = 3
QUICK_SLOW_CALL = 0.1  # seconds: one call this slow gets one value in the quick profile
QUICK_UNTRACED_CALL = 0.02  # seconds: one call this slow skips the quick allocation pass
# The calibration calls are the warmup; the values are set per case.
QUICK_ARGS = ["--worker", "--loops", "1", "--warmups", "0", "--values", "1", "--quiet"]
# The quick profile times only the decode of this tens-of-MiB document.
QUICK_DECODE_ONLY = "packages"
# Workers only see the variables pyperf copies (PATH, PYTHONPATH, ...); these
# pick the protobuf backend and locate the runfiles, so workers need them too.
INHERITED_ENV = "PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION,RUNFILES_DIR,RUNFILES_MANIFEST_FILE"


def parse_cli(argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    """Splits argv into this suite's options and pyperf's own (passed through)."""
    parser = argparse.ArgumentParser(description=__doc__, allow_abbrev=False)
    parser.add_argument("--profile", choices=("quick", "full"), default="quick")
    parser.add_argument("--out", type=Path, required=True, help="directory for the JSON files")
    parser.add_argument("--library", choices=sorted({a.lib for a in ADAPTERS}))
    parser.add_argument("--dataset", choices=sorted(SOURCES))
    # Internal: a child run of one variant, numbering its progress after the parent's.
    parser.add_argument("--variant", help=argparse.SUPPRESS)
    parser.add_argument("--progress", default="0/0", help=argparse.SUPPRESS)
    opts, harness_args = parser.parse_known_args(argv)
    # Under `bazel run` the working directory is the runfiles tree, not the caller's.
    opts.out = Path(os.environ.get("BUILD_WORKING_DIRECTORY", "."), opts.out).absolute()
    return opts, harness_args


def _selected(opts: argparse.Namespace) -> list[Planned]:
    adapters = [
        a for a in ADAPTERS if opts.library in (None, a.lib) and opts.variant in (None, a.variant)
    ]
    sources = [s for name, s in SOURCES.items() if opts.dataset in (None, name)]
    planned = plan(adapters, sources)
    if opts.profile != "quick":
        return planned
    reason = f"the quick profile times only decode of {QUICK_DECODE_ONLY}: run --profile full"
    return [
        dataclasses.replace(p, not_measured=reason)
        if p.case.dataset == QUICK_DECODE_ONLY and p.case.op != "decode"
        else p
        for p in planned
    ]


class Progress:
    def __init__(self, spec: str, total: int) -> None:
        done, _, outer_total = spec.partition("/")
        self.done = int(done)
        self.total = int(outer_total) or total

    def step(self, case_id: str) -> None:
        self.done += 1
        print(f"progress: {self.done}/{self.total} {case_id}", file=sys.stderr, flush=True)


class Suite:
    """Runs the planned cases through one pyperf Runner and keeps the catalog."""

    def __init__(self, runner: pyperf.Runner, quick: bool, progress: Progress | None) -> None:
        self.runner = runner
        self.quick = quick
        self.progress = progress
        self.workbench = Workbench()
        self.benchmarks: list[pyperf.Benchmark] = []
        self.cases: list[dict[str, str]] = []
        self._task = 0  # pyperf numbers bench_func calls; workers run one of them

    def run(self, planned: Planned) -> None:
        status, reason = self._run(planned)
        self.cases.append(_case_entry(planned.case.id, status, reason))
        if self.progress:
            self.progress.step(planned.case.id)

    def _run(self, planned: Planned) -> tuple[Status, str]:
        if planned.not_applicable:
            return Status.NOT_APPLICABLE, planned.not_applicable
        if planned.not_measured:
            return Status.NOT_MEASURED, planned.not_measured
        try:
            self.workbench.check(planned)
        except CaseError as error:
            return error.status, error.reason

        def make() -> tuple[Callable[[], object], dict[str, str | int]]:
            prepared = self.workbench.prepare(planned)
            return prepared.func, prepared.metadata

        return self._time(planned.case.id, make)

    def run_extra(self, extra: Extra) -> None:
        def make() -> tuple[Callable[[], object], dict[str, str | int]]:
            func, metadata = extra.make()
            return func, {**extra.case.metadata(), "lib_version": extra.version, **metadata}

        status, reason = self._time(extra.case.id, make)
        self.cases.append(_case_entry(extra.case.id, status, reason))
        if self.progress:
            self.progress.step(extra.case.id)

    def _time(
        self, case_id: str, make: Callable[[], tuple[Callable[[], object], dict[str, str | int]]]
    ) -> tuple[Status, str]:
        """Times one checked case; `make` builds its function only where it is timed."""
        task, self._task = self._task, self._task + 1
        if self.runner.args.worker_task not in (None, task):
            self.runner.bench_func(case_id, _skipped)  # another worker's task
            return Status.MEASURED, ""
        try:
            func, metadata = make()
        except CaseError as error:
            return error.status, error.reason
        except Exception as error:  # e.g. a library that cannot be imported
            return Status.NOT_MEASURED, f"setup raised {error!r:.300}"
        try:
            # The calibration (quick) or one call (full) also warms up the allocation pass.
            traced = True
            if self.quick:
                loops, per_call = calibrate(func, QUICK_MIN_TIME)
                self.runner.args.loops = loops
                self.runner.args.values = 1 if per_call >= QUICK_SLOW_CALL else QUICK_VALUES
                # Tracing slows a call several times over: quick traces only the fast ones.
                traced = per_call < QUICK_UNTRACED_CALL
            else:
                func()
            if traced:
                metadata["peak_heap_bytes"] = peak_heap_bytes(func)
            bench = self.runner.bench_func(case_id, func, metadata=metadata)
        except Exception as error:  # a library failing while timed: recorded, never hidden
            return Status.FAILED, f"timing raised {error!r:.300}"
        if bench is not None:
            self.benchmarks.append(bench)
        return Status.MEASURED, ""


def _skipped() -> None:
    """Never timed: stands in for a case another pyperf worker times."""


def calibrate(func: Callable[[], object], min_time: float) -> tuple[int, float]:
    """Loops per value, doubled until one value takes min_time (pyperf's rule),
    and the seconds one call took in the last round."""
    loops = 1
    while True:
        start = time.perf_counter()
        for _ in range(loops):
            func()
        elapsed = time.perf_counter() - start
        if elapsed >= min_time or loops >= 2**20:
            return loops, elapsed / loops
        loops *= 2


def _case_entry(case_id: str, status: Status, reason: str) -> dict[str, str]:
    entry = {"id": case_id, "status": status.value}
    if reason:
        entry["reason"] = reason
    return entry


def _libraries(planned: Sequence[Planned]) -> list[dict[str, Any]]:
    adapters = {id(p.adapter): p.adapter for p in planned}.values()
    return [
        {
            "lib": a.lib,
            "format": a.format,
            "variant": a.variant,
            "version": a.version,
            "capabilities": sorted(c.value for c in a.capabilities),
        }
        for a in adapters
    ]


def _runner(opts: argparse.Namespace, harness_args: list[str], worker: bool) -> pyperf.Runner:
    def worker_args(cmd: list[str], _: object) -> None:
        cmd.extend(["--profile", opts.profile, "--out", str(opts.out)])
        for name in ("library", "dataset", "variant"):
            if getattr(opts, name):
                cmd.extend([f"--{name}", getattr(opts, name)])

    runner = pyperf.Runner(add_cmdline_args=worker_args)
    if worker:
        runner.parse_args(harness_args)
    elif opts.profile == "quick":
        runner.parse_args([*QUICK_ARGS, *harness_args])
    else:
        runner.parse_args(["--inherit-environ", INHERITED_ENV, *harness_args])
    return runner


def _run_elsewhere(
    opts: argparse.Namespace, harness_args: list[str], adapter: Adapter, progress: Progress
) -> tuple[list[pyperf.Benchmark], list[dict[str, str]]]:
    """Runs one library variant in a child process with its environment."""
    with tempfile.TemporaryDirectory() as out:
        command = [sys.executable, sys.argv[0], "--out", out, "--profile", opts.profile]
        command += ["--library", adapter.lib, "--progress", f"{progress.done}/{progress.total}"]
        if adapter.variant:
            command += ["--variant", adapter.variant]
        if opts.dataset:
            command += ["--dataset", opts.dataset]
        subprocess.run([*command, *harness_args], env={**os.environ, **adapter.env}, check=True)
        # No result file when the child measured nothing (e.g. --dataset packages).
        result = Path(out, RESULT_FILE)
        benchmarks = (
            pyperf.BenchmarkSuite.load(str(result)).get_benchmarks() if result.exists() else []
        )
        cases = json.loads(Path(out, CASES_FILE).read_text(encoding="utf-8"))["cases"]
    progress.done += len(cases)
    return list(benchmarks), cases


def _drop_shared_rss(path: Path) -> None:
    """Removes pyperf's mem_max_rss: in the quick profile every case shares one
    process, so it is that process's peak so far, not the case's."""
    document = json.loads(path.read_text(encoding="utf-8"))
    levels = [document, *document["benchmarks"]]
    levels += [run for bench in document["benchmarks"] for run in bench["runs"]]
    for level in levels:
        level.get("metadata", {}).pop("mem_max_rss", None)
    path.write_text(json.dumps(document), encoding="utf-8")


def _write(opts: argparse.Namespace, suite: Suite, planned: Sequence[Planned]) -> None:
    opts.out.mkdir(parents=True, exist_ok=True)
    out_file = opts.out / RESULT_FILE
    out_file.unlink(missing_ok=True)  # a new run replaces the previous result
    if suite.benchmarks:
        pyperf.BenchmarkSuite(suite.benchmarks).dump(str(out_file))
        if suite.quick:
            _drop_shared_rss(out_file)
    catalog = {
        "lang": LANG,
        "profile": opts.profile,
        "libraries": _libraries(planned),
        "cases": suite.cases,
    }
    (opts.out / CASES_FILE).write_text(json.dumps(catalog, indent=1) + "\n", encoding="utf-8")


def _extras(opts: argparse.Namespace) -> list[Extra]:
    """The extra cases run with a whole-suite or one-library run, not a one-dataset run."""
    if opts.dataset or opts.variant:
        return []
    return [e for e in extras() if opts.library in (None, e.case.lib)]


def main(argv: list[str]) -> int:
    opts, harness_args = parse_cli(argv)
    worker = "--worker" in harness_args
    runner = _runner(opts, harness_args, worker)
    planned = _selected(opts)
    extra_cases = _extras(opts)
    progress = None if worker else Progress(opts.progress, len(planned) + len(extra_cases))
    suite = Suite(runner, opts.profile == "quick", progress)
    elsewhere: dict[int, Adapter] = {}
    for item in planned:
        if runs_here(item.adapter):
            suite.run(item)
        else:
            elsewhere[id(item.adapter)] = item.adapter
    for extra in extra_cases:
        suite.run_extra(extra)
    if worker:
        return 0
    assert progress is not None
    for adapter in elsewhere.values():
        benchmarks, cases = _run_elsewhere(opts, harness_args, adapter, progress)
        suite.benchmarks += benchmarks
        suite.cases += cases
    _write(opts, suite, planned)
    if extra_cases:
        sizes = {"lang": LANG, "metrics": installed_sizes() + peak_memory()}
        (opts.out / EXTRA_FILE).write_text(json.dumps(sizes, indent=1) + "\n", encoding="utf-8")
    # Refused and failed cases are results (in the catalog), not a failure of the run.
    for case in suite.cases:
        if case["status"] in (Status.REFUSED, Status.FAILED):
            print(f"{case['status'].upper()} {case['id']}: {case['reason']}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
