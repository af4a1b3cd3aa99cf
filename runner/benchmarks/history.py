"""`bazel run //runner:bench_history`: how fast `runner history` answers over 1,000 runs.

A benchmark of the runner itself, not a test; it prints figures (see runner/README.md and
results/README.md). Target: a history query over 1,000 runs in <= 1 s.

It fills a new SQLite store with --runs synthetic complete runs of one machine class, one
hour apart, each with its git commit, --libraries x 2 ops x every dataset and size of the
catalog as cases of --samples measured samples, and a calibration; then (unless
--skip-postgresql) pushes every run, as `runner push` does (from 4 threads), into a
throwaway PostgreSQL server that tools/pg-local starts in a temporary folder and stops at
the end, and has it ANALYZE the tables, as autovacuum does after a bulk load. One
library's decode slows down by 20% from the run at 60% of the series, and one run's
calibration by 20%.

Then it times, median of --repeat tries, wall and CPU time (a shared machine's load
stretches the first, not the second): the history query alone (`history_points`: one
library x op x dataset, 3 cases x 1,000 runs), the whole `runner history` command over the
same selection (opening the store, the class's calibrations, PELT, the printing), and over
one case. It checks what it read: every run once per case, the planted step marked at its
run and nothing else, the planted calibration flagged.
"""

import argparse
import contextlib
import io
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

from runner import cli
from runner.benchmarks.store import MACHINE, _server_cpu
from runner.caseid import CaseIdentity
from runner.ingest.calibration_json import COLUMNS
from runner.paths import runfile
from runner.records import CaseResult, NativeFile, Sample, SampleKind, TableRows
from runner.store import Store, StoredFile
from runner.store_copy import read_run, write_run
from runner.store_reads import history_points
from schemas.catalog import catalog

OPS = ("encode", "decode")
RUNTIMES = {"kernel": "6.1.0-18-amd64", "python": "3.11.2", "dotnet": "8.0.100", "g++": "g++ 12.2.0"}
# The planted changes: lib0's decode 20% slower from this share of the runs on, and one
# run's calibration 20% slower.
STEP_AT, STEP = 0.6, 1.2
SLOW_CALIBRATION = 0.3


@contextmanager
def pg_local() -> Iterator[str]:
    """The URL of a throwaway PostgreSQL server (tools/pg-local), stopped afterwards."""
    script = str(runfile("serbench/tools/pg-local"))
    folder = tempfile.mkdtemp(prefix="bench-pg-", dir="/tmp")
    started = subprocess.run([script, "start", folder], capture_output=True, text=True, check=False)
    if started.returncode != 0:
        raise SystemExit(f"bench_history: tools/pg-local start failed: {started.stderr.strip()}")
    try:
        yield started.stdout.strip()
    finally:
        subprocess.run([script, "stop", folder], capture_output=True, check=False)


def cases(libraries: int) -> list[CaseIdentity]:
    return [
        CaseIdentity("cpp", f"lib{n}", f"fmt_{n}", op, dataset, size)
        for n in range(libraries)
        for op in OPS
        for dataset in catalog.DATASETS
        for size in catalog.SIZES
    ]


def _run_file(index: int, runs: int, chosen: list[CaseIdentity], samples: int) -> NativeFile:
    rng = random.Random(index)
    results = []
    for identity in chosen:
        step = STEP if identity.lib == "lib0" and identity.op == "decode" and index >= runs * STEP_AT else 1.0
        level = 1000.0 * step * rng.uniform(0.99, 1.01)  # the run's own level: run-to-run noise
        values = [Sample(SampleKind.MEASURE, level * rng.uniform(0.98, 1.03), 100) for _ in range(samples)]
        results.append(CaseResult(identity, values, "1.0", None, {}))
    memcpy = 40_000.0 * (STEP if index == int(runs * SLOW_CALIBRATION) else rng.uniform(0.99, 1.01))
    rows: list[tuple[object, ...]] = [("cpp", when, "memcpy_1mib", memcpy, 21) for when in ("start", "end")]
    return NativeFile("synthetic", "1", results, tables=[TableRows("calibrations", COLUMNS, rows)])


def fill(store: Store, runs: int, chosen: list[CaseIdentity], samples: int) -> None:
    start = datetime(2026, 1, 1, tzinfo=UTC)
    for index in range(runs):
        run_id = f"R{index:05d}"
        started = (start + timedelta(hours=index)).strftime("%Y-%m-%dT%H:%M:%SZ")
        store.create_run(run_id, "standard", {}, f"{index:040x}", MACHINE, RUNTIMES, started_at=started)
        native = _run_file(index, runs, chosen, samples)
        store.add_file(StoredFile(run_id, "cpp", Path(f"/raw/{run_id}/cpp.json"), f"{index:064d}", 1), native)
        store.set_suite(run_id, "cpp", "synthetic", "ok", "", 1.0)
        store.finish_run(run_id)
        if (index + 1) % 200 == 0:
            print(f"  {index + 1} runs stored", file=sys.stderr, flush=True)


def timings(
    action: Callable[[], object], repeat: int, server: Callable[[], float] = lambda: 0.0
) -> tuple[float, float, float]:
    """Of `repeat` runs of action, the median wall time, the slowest, and the median CPU time
    (this process's, plus the server's for PostgreSQL): the CPU time is what the query costs,
    whatever else the machine is running."""
    took, cpu = [], []
    for _ in range(repeat):
        start, used, served = time.perf_counter(), time.process_time(), server()
        action()
        took.append(time.perf_counter() - start)
        cpu.append(time.process_time() - used + server() - served)
    return statistics.median(took), max(took), statistics.median(cpu)


def history_output(url: str, selection: list[str]) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["history", "--store", url, *selection]) == 0
    return out.getvalue()


def check(output: str, runs: int) -> None:
    """The planted step is marked at its run, and only there; the planted calibration flagged."""
    marked = [line.split()[3] for line in output.splitlines() if "<< step" in line]
    first = f"R{int(runs * STEP_AT + 0.999):05d}"
    assert marked == [first] * len(catalog.SIZES), f"steps marked at {marked}, planted at {first}"
    flagged = f"in run R{int(runs * SLOW_CALIBRATION):05d}: cpp memcpy_1mib +"
    assert flagged in output, "the planted calibration move is not flagged"


# Pushes at once, as a team's machines do (the team store takes 8 concurrent writers).
PUSHERS = 4


def _push(source: str, url: str, run_ids: list[str]) -> None:
    with Store.open(source) as local, Store.open(url) as target:
        for run_id in run_ids:
            assert write_run(target, read_run(local, run_id)), f"{run_id} was already there"


def push_all(source: str, url: str) -> float:
    """Copies every run of the store at source into the team store at url, one transaction
    per run as `runner push` does, from PUSHERS threads, then has the server ANALYZE the
    tables (as autovacuum does after a bulk load); returns the seconds it took."""
    start = time.perf_counter()
    with Store.open(source) as local:
        run_ids = [run.id for run in local.runs()]
    Store.open(url).close()  # migrated once, before the pushers start
    with ThreadPoolExecutor(PUSHERS) as pool:
        for done in pool.map(lambda n: _push(source, url, run_ids[n::PUSHERS]), range(PUSHERS)):
            assert done is None
    with Store.open(url) as target:
        target.db.execute("ANALYZE")
    return time.perf_counter() - start


def measure(engine: str, url: str, args: argparse.Namespace) -> dict[str, tuple[float, float, float]]:
    """The timed figures of the store at url (filled), after checking what it reads."""
    chosen = cases(args.libraries)
    dataset = catalog.DATASETS[0]
    selection = ["--library", "lib0", "--op", "decode", "--dataset", dataset]
    case = ["--case", chosen[len(catalog.SIZES) * len(catalog.DATASETS)].case_id, "--library", "lib0"]
    with Store.open(url) as store:
        kind = store.resolve_run("latest").machine_class
        assert kind is not None
        one = {"lang": None, "lib": "lib0", "dataset": dataset, "op": "decode"}
        points = history_points(store, kind, one, None)
        assert len(points) == args.runs * len(catalog.SIZES), f"{len(points)} points read"
        check(history_output(url, selection), args.runs)
        server = (lambda: _server_cpu(store)) if engine == "postgresql" else (lambda: 0.0)
        query = timings(lambda: history_points(store, kind, one, None), args.repeat, server)
    return {
        f"history query, 1 library x op x dataset ({len(catalog.SIZES)} cases)": query,
        "runner history, the same selection": timings(lambda: history_output(url, selection), args.repeat),
        "runner history --case (1 case)": timings(lambda: history_output(url, case), args.repeat),
    }


def report(engine: str, how: str, figures: dict[str, tuple[float, float, float]], repeat: int) -> None:
    print(f"{engine}: {how}")
    print(f"  (wall: median of {repeat} and slowest; CPU: this process's, + the server's for the query)")
    for label, (median, slowest, cpu) in figures.items():
        print(
            f"  {label:<50} {median * 1000:7.0f} ms"
            f" (slowest {slowest * 1000:.0f} ms), CPU {cpu * 1000:.0f} ms"
        )
    print(
        "  checked: every run once per case; the planted step marked at its run only; the calibration flagged"
    )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="bench_history", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument(
        "--libraries", type=int, default=4, help="libraries per run (x 2 ops x datasets x sizes)"
    )
    parser.add_argument("--samples", type=int, default=10, help="measured samples per case")
    parser.add_argument("--repeat", type=int, default=5, help="timings per figure (their median is printed)")
    parser.add_argument("--skip-postgresql", action="store_true", help="time the SQLite store only")
    args = parser.parse_args(argv)
    chosen = cases(args.libraries)
    with tempfile.TemporaryDirectory(prefix="bench_history") as folder:
        path = str(Path(folder) / "history.sqlite")
        print(f"{args.runs} runs of {len(chosen)} cases x {args.samples} samples", file=sys.stderr)
        start = time.perf_counter()
        with Store.open(path) as store:
            fill(store, args.runs, chosen, args.samples)
        filled = f"{args.runs} runs x {len(chosen)} cases x {args.samples} samples, filled in "
        report(
            "sqlite",
            f"{filled}{time.perf_counter() - start:.0f} s",
            measure("sqlite", path, args),
            args.repeat,
        )
        if not args.skip_postgresql:
            with pg_local() as url:
                pushed = push_all(path, url)
                how = f"the same runs pushed into a tools/pg-local server in {pushed:.0f} s"
                report("postgresql", how, measure("postgresql", url, args), args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
