"""`bazel run //runner:bench_store`: how fast the store ingests and answers, at scale.

A benchmark of the runner itself, not a test; it prints figures (see runner/README.md).

1. Run ingest: writes native files the size of a run of all three suites
   (every dataset x size x op x library, the --profile's sample counts: full
   or standard) by cloning the real files under runner/testdata, then times
   ingesting them through the real parsers into a new store.
2. Push (with --push-to URL): that run, finished, pushed into a team store
   (`runner push`'s read and write, one transaction).
3. Many runs: fills a store with --runs synthetic runs, then times what the
   runner does with such a store (ingest one more run, find runs, read one,
   compare two, export one, reject a duplicate) and checks that what it reads
   back is what went in.
"""

import argparse
import copy
import json
import os
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from runner.caseid import CaseIdentity
from runner.compare import compare_runs
from runner.export import results_table
from runner.ingest.load import ingest_suite
from runner.machine import Machine
from runner.records import CaseResult, NativeFile, Sample, SampleKind
from runner.store import Store, StoredFile
from runner.store_copy import read_run, write_run
from runner.store_reads import count_rows, integrity_check, sample_rows
from runner.suites import SUITES
from schemas.catalog import catalog

TESTDATA = Path(__file__).parent.parent / "testdata"
DATASETS = catalog.DATASETS
SIZES = catalog.SIZES
OPS = ("encode", "decode", "decode_validate", "roundtrip", "access")
MACHINE = Machine("bench CPU", 2, 8 * 2**30, "Debian GNU/Linux 12 (bookworm)", "x86_64")
Json = dict[str, object]


@contextmanager
def timed(label: str, figures: dict[str, float]) -> Iterator[None]:
    start = time.perf_counter()
    yield
    figures[label] = time.perf_counter() - start


def case_ids(libraries: int) -> list[tuple[str, str, str, int]]:
    """(lib, op, dataset, size) of every case of a full run with this many libraries."""
    return [(f"lib{n}", op, d, s) for n in range(libraries) for d in DATASETS for s in SIZES for op in OPS]


def _case_id(lib: str, op: str, dataset: str, size: int) -> str:
    return f"dataset={dataset}/size={size}/op={op}/format=fmt_{lib}/lib={lib}"


def _load(relative: str) -> Json:
    loaded = json.loads((TESTDATA / relative).read_text())
    assert isinstance(loaded, dict)
    return loaded


def _jitter(rng: random.Random, center: float, n: int) -> list[float]:
    return [center * rng.uniform(0.95, 1.1) for _ in range(n)]


# 1. Run native files --------------------------------------------------------

# A default BenchmarkDotNet job's measurements: (mode, stage, count).
BDN_STAGES = (
    ("Overhead", "Jitting", 1),
    ("Workload", "Jitting", 1),
    ("Workload", "Pilot", 10),
    ("Overhead", "Warmup", 8),
    ("Overhead", "Actual", 20),
    ("Workload", "Warmup", 8),
    ("Workload", "Actual", 20),
    ("Workload", "Result", 20),
)


@dataclass(frozen=True)
class Shape:
    """A profile's samples per case, as each suite writes them (C++: 10 repetitions in both)."""

    pyperf_runs: int  # worker runs after the calibration
    pyperf_values: int  # values per run, each after one warmup
    bdn_stages: tuple[tuple[str, str, int], ...]


# full: pyperf's and BenchmarkDotNet's defaults. standard: nine rounds of one sample each.
SHAPES = {
    "full": Shape(20, 3, BDN_STAGES),
    "standard": Shape(
        9, 1, (("Workload", "Jitting", 1), ("Workload", "Actual", 9), ("Workload", "Result", 9))
    ),
}
Cases = list[tuple[str, str, str, int]]
RUN_STORE = "run.sqlite"


def write_pyperf(out: Path, cases: Cases, rng: random.Random, shape: Shape) -> None:
    """pyperf's output: its calibration run, then the shape's worker runs."""
    # The file made with pyperf's own defaults: its first run is the loop calibration.
    document = _load("pyperf_warmups/python.json")
    template = document["benchmarks"][0]  # type: ignore[index]
    common = document["metadata"]
    assert isinstance(common, dict)
    for key in ("dataset", "size", "lang"):
        common.pop(key, None)
    benchmarks = []
    for lib, op, dataset, size in cases:
        bench = copy.deepcopy(template)
        bench["metadata"] |= {
            "name": _case_id(lib, op, dataset, size),
            "lib": lib,
            "format": f"fmt_{lib}",
            "op": op,
            "dataset": dataset,
            "size": size,
            "lang": "python",
        }
        bench["metadata"].pop("variant", None)
        calibration = bench["runs"][0]
        value_runs = [
            {"metadata": {}, "warmups": [[64, v]], "values": _jitter(rng, 1e-5, shape.pyperf_values)}
            for v in _jitter(rng, 1e-5, shape.pyperf_runs)
        ]
        bench["runs"] = [calibration, *value_runs]
        benchmarks.append(bench)
    document["benchmarks"] = benchmarks
    (out / "python").mkdir(parents=True)
    (out / "python" / "python.json").write_text(json.dumps(document))


def write_gbench(out: Path, cases: Cases, rng: random.Random, shape: Shape) -> None:
    """The C++ suite's output: 10 repetitions, then mean/median/stddev/cv aggregates."""
    del shape  # ten repetitions (rounds) in every profile
    document = _load("cpp/cpp.json")
    rows = document["benchmarks"]
    assert isinstance(rows, list)
    iteration = next(r for r in rows if r["run_type"] == "iteration")
    aggregate = next(r for r in rows if r["run_type"] == "aggregate")
    context = document["context"]
    assert isinstance(context, dict)
    generated = []
    for lib, op, dataset, size in cases:
        name = _case_id(lib, op, dataset, size)
        context |= {
            f"lib.{lib}.version": "1.0",
            f"lib.{lib}.zero_copy": "false",
            f"lib.{lib}.codegen": "true",
        }
        for index, value in enumerate(_jitter(rng, 2000.0, 10)):
            generated.append(
                iteration
                | {
                    "name": name,
                    "run_name": name,
                    "repetition_index": index,
                    "real_time": value,
                    "repetitions": 10,
                }
            )
        generated += [
            aggregate | {"name": f"{name}_{a}", "run_name": name, "aggregate_name": a}
            for a in ("mean", "median", "stddev", "cv")
        ]
    document["benchmarks"] = generated
    (out / "cpp").mkdir(parents=True)
    (out / "cpp" / "cpp.json").write_text(json.dumps(document))


def _bdn_measurements(rng: random.Random, stages: tuple[tuple[str, str, int], ...]) -> list[Json]:
    operations = 262144
    return [
        {
            "IterationMode": mode,
            "IterationStage": stage,
            "LaunchIndex": 0,
            "IterationIndex": i + 1,
            "Operations": operations,
            "Nanoseconds": operations * rng.uniform(1500, 1700),
        }
        for mode, stage, count in stages
        for i in range(count)
    ]


def write_bdn(out: Path, cases: Cases, rng: random.Random, shape: Shape) -> None:
    """One report per library, as BenchmarkDotNet writes one per benchmark class."""
    report = next((TESTDATA / "dotnet" / "results").glob("*-report-full.json"))
    document = _load(str(report.relative_to(TESTDATA)))
    template = document["Benchmarks"][0]  # type: ignore[index]
    by_lib: dict[str, list[Json]] = {}
    for lib, op, dataset, size in cases:
        bench = copy.deepcopy(template)
        bench |= {
            "MethodTitle": f"op={op}/format=fmt_{lib}/lib={lib}",
            "Parameters": f"Dataset={dataset}&Size={size}",
            "FullName": f'Serbench.Bench.Codec.{op}(Dataset: "{dataset}", Size: {size})',
            "Measurements": _bdn_measurements(rng, shape.bdn_stages),
        }
        by_lib.setdefault(lib, []).append(bench)
    (out / "dotnet" / "results").mkdir(parents=True)
    for lib, benchmarks in by_lib.items():
        report = out / "dotnet" / "results" / f"Serbench.{lib}-report-full.json"
        report.write_text(json.dumps(document | {"Benchmarks": benchmarks}))


# The suites a full run is written for, in --libraries order (the Mono suite's few cases are left out).
WRITERS: dict[str, Callable[[Path, Cases, random.Random, Shape], None]] = {
    "python": write_pyperf,
    "dotnet": write_bdn,
    "cpp": write_gbench,
}


def run_ingest(work: Path, libraries: dict[str, int], profile: str) -> None:
    """Writes and ingests one run shaped as `profile`'s, stored as run `profile` in work/run.sqlite."""
    rng = random.Random(1)
    raw = work / "run"
    shutil.rmtree(raw, ignore_errors=True)
    (work / RUN_STORE).unlink(missing_ok=True)
    for lang, write in WRITERS.items():
        write(raw, case_ids(libraries[lang]), rng, SHAPES[profile])
    figures: dict[str, float] = {}
    with Store.open(work / RUN_STORE) as store:
        store.create_run(profile, profile, {}, "bench", MACHINE, {})
        for s in (s for s in SUITES if s.lang in WRITERS):
            with timed(s.lang, figures):
                outcome = ingest_suite(store, profile, s, raw / s.lang)
            assert not outcome.errors, outcome.errors
        samples = count_rows(store, "samples")
        counts = store.counts(profile)
    megabytes = sum(p.stat().st_size for p in raw.rglob("*.json")) / 1e6
    print(
        f"{profile}-run ingest: {counts['measured']} cases, {samples} samples,"
        f" {megabytes:.0f} MB of native JSON"
    )
    for lang, seconds in figures.items():
        print(f"  {lang:<7} {seconds:6.2f} s")
    print(f"  total   {sum(figures.values()):6.2f} s")


# 2. Push ---------------------------------------------------------------------


def _server_cpu(store: Store) -> float:
    """CPU seconds the connection's server process has used (a local PostgreSQL server
    only; 0 when its /proc entry cannot be read)."""
    (pid,) = store.db.execute("SELECT pg_backend_pid()").fetchone()
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def push_run(work: Path, url: str, run_id: str) -> None:
    """Times the push; CPU seconds (this process and the server's) are given beside the
    wall time, which on a loaded machine says more about the load than about the push."""
    with Store.open(work / RUN_STORE) as source, Store.open(url) as target:
        source.finish_run(run_id)
        server = _server_cpu(target)
        start, cpu = time.perf_counter(), time.process_time()
        rows = read_run(source, run_id)
        read = time.perf_counter() - start
        assert write_run(target, rows), f"{target.where} already holds a run named {run_id!r}"
        took, cpu = time.perf_counter() - start, time.process_time() - cpu
        server = _server_cpu(target) - server
        assert read_run(target, run_id).digest() == rows.digest()
        counts = source.counts(run_id)
        print(
            f"push: {counts['measured']} cases, {len(rows.tables['samples'])} samples into {target.where}:"
            f" {took:.2f} s (reading {read:.2f} s, writing {took - read:.2f} s); CPU {cpu:.2f} s here"
            f" + {server:.2f} s in the server; read back identical"
        )


# 3. Many runs ---------------------------------------------------------------


def synthetic_run(index: int, cases: int, samples: int) -> NativeFile:
    """Run `index`'s results, reproducible from the index so they can be checked later."""
    rng = random.Random(index)
    results = []
    for lib, op, dataset, size in case_ids(cases // len(DATASETS) // len(SIZES) // len(OPS) + 1)[:cases]:
        identity = CaseIdentity("cpp", lib, f"fmt_{lib}", op, dataset, size)
        values = [Sample(SampleKind.WARMUP, v, 100) for v in _jitter(rng, 1000.0, 5)]
        values += [Sample(SampleKind.MEASURE, v, 100) for v in _jitter(rng, 1000.0, samples)]
        results.append(CaseResult(identity, values, "1.0", {"codegen": True}, {"wire_bytes": 280.0}))
    return NativeFile("synthetic", "1", results)


def add_run(store: Store, index: int, cases: int, samples: int) -> str:
    run_id = f"R{index:05d}"
    store.create_run(run_id, "full", {}, "bench", MACHINE, {"kernel": "6"})
    native = synthetic_run(index, cases, samples)
    store.add_file(StoredFile(run_id, "cpp", Path(f"/raw/{run_id}/cpp.json"), f"{index:064d}", 1), native)
    store.set_suite(run_id, "cpp", "synthetic", "ok", "", 1.0)
    store.finish_run(run_id)
    return run_id


def fill(store: Store, runs: int, cases: int, samples: int) -> list[float]:
    """Adds the runs; returns how long each one took to add."""
    took = []
    for index in range(runs):
        start = time.perf_counter()
        add_run(store, index, cases, samples)
        took.append(time.perf_counter() - start)
        if (index + 1) % 100 == 0:
            print(f"  {index + 1} runs stored", file=sys.stderr, flush=True)
    return took


def queries(store: Store, runs: int, cases: int, samples: int) -> dict[str, float]:
    figures: dict[str, float] = {}
    latest, previous = store.resolve_run("latest"), store.resolve_run("previous")
    with timed("find latest run", figures):
        store.resolve_run("latest")
    with timed("find a resumable run", figures):
        store.incomplete_run("full", {}, MACHINE.fingerprint, "bench")
    with timed("read one run's samples", figures):
        store.measured(latest.id)
    with timed("compare two runs", figures):
        compare_runs(store.measured(previous.id), store.measured(latest.id), 0.05, 0.02)
    with timed("export one run (results)", figures):
        results_table(store, [latest.id])
    with timed("export one run (samples)", figures):
        sample_rows(store, [latest.id])
    with timed("count one run's cases", figures):
        store.counts(latest.id)
    with timed("duplicate file check", figures):
        store.ingested_as(f"R{runs // 2:05d}", f"{runs // 2:064d}")
    with timed("ingest one more run", figures):
        add_run(store, runs, cases, samples)
    with timed("discard a suite of a run", figures):
        store.discard_suite(f"R{runs:05d}", "cpp")
    return figures


def check(store: Store, runs: int, cases: int, samples: int) -> None:
    """What a few random runs read back is exactly what went in."""
    for index in random.Random(7).sample(range(runs), 5):
        expected = {r.identity: r.measured for r in synthetic_run(index, cases, samples).results}
        assert store.measured(f"R{index:05d}") == expected, f"run {index} reads back wrong"
        assert store.counts(f"R{index:05d}")["measured"] == cases
    assert integrity_check(store) == "ok"
    assert len(store.runs()) == runs + 1


def many_runs(work: Path, runs: int, cases: int, samples: int) -> None:
    path = work / "many.sqlite"
    path.unlink(missing_ok=True)
    print(f"{runs} runs of {cases} cases x ({samples} samples + 5 warmups):", file=sys.stderr)
    with Store.open(path) as store:
        start = time.perf_counter()
        took = fill(store, runs, cases, samples)
        filled = time.perf_counter() - start
    reopen: dict[str, float] = {}
    with timed("open the store", reopen), Store.open(path) as store:
        pass
    with Store.open(path) as store:
        figures = reopen | queries(store, runs, cases, samples)
        check(store, runs, cases, samples)
        rows = count_rows(store, "samples")
    first, last = sum(took[:10]) / 10, sum(took[-10:]) / 10
    print(
        f"many runs: {runs} runs, {rows} samples, store {path.stat().st_size / 1e6:.0f} MB, "
        f"filled in {filled:.0f} s"
    )
    print(f"  adding a run: {first * 1000:.0f} ms for the first 10, {last * 1000:.0f} ms for the last 10")
    for label, seconds in figures.items():
        print(f"  {label:<26} {seconds * 1000:8.1f} ms")
    print("  read-back check of 5 random runs and PRAGMA integrity_check: ok")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="bench_store", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--cases", type=int, default=500, help="cases per synthetic run")
    parser.add_argument("--samples", type=int, default=20, help="measured samples per case")
    parser.add_argument(
        "--libraries",
        type=int,
        nargs=3,
        default=(15, 10, 10),
        metavar=("PY", "NET", "CPP"),
        help="libraries per language in the run (default 15 10 10; 90 cases each)",
    )
    parser.add_argument(
        "--profile", choices=sorted(SHAPES), default="full", help="the run's samples per case (default full)"
    )
    parser.add_argument("--work", type=Path, help="folder for the generated files (default: a temporary one)")
    parser.add_argument("--skip-run", action="store_true", help="skip the one-run ingest (and the push)")
    parser.add_argument(
        "--push-to", metavar="URL", help="also push that run into this team store (without it) and time it"
    )
    parser.add_argument("--skip-many", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench_store") as scratch:
        work = args.work or Path(scratch)
        work.mkdir(parents=True, exist_ok=True)
        if not args.skip_run:
            run_ingest(work, dict(zip(WRITERS, args.libraries, strict=True)), args.profile)
            if args.push_to:
                push_run(work, args.push_to, args.profile)
        if not args.skip_many:
            many_runs(work, args.runs, args.cases, args.samples)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
