"""Real native files from each suite, ingested, against what each harness itself reports."""

import json
import statistics
from collections.abc import Iterator
from pathlib import Path

import pyperf
import pytest

from runner.caseid import CaseIdentity, parse_case_id
from runner.ingest import cases_json
from runner.ingest.load import ingest_file
from runner.records import IngestError
from runner.store import Store
from runner.suites import suite
from runner.tests.support import (
    TESTDATA,
    expected_counts,
    ingest_testdata,
    metrics_of,
    new_run,
    samples_by_kind,
)
from schemas.catalog import catalog

GB_FILE = TESTDATA / "cpp" / "cpp.json"
PYPERF_FILE = TESTDATA / "python" / "python.json"
PYPERF_WARMUPS = TESTDATA / "pyperf_warmups" / "python.json"
BDN_FILES = sorted((TESTDATA / "dotnet" / "results").glob("*-report-full.json"))
NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    with Store.open(tmp_path_factory.mktemp("store") / "s.sqlite") as opened:
        new_run(opened)
        outcome = ingest_testdata(opened, "R1")
        assert all(not o.errors for o in outcome.values()), outcome
        yield opened


def _json(path: Path) -> dict[str, object]:
    loaded = json.loads(path.read_text())
    assert isinstance(loaded, dict)
    return loaded


def _rows(path: Path, key: str) -> list[dict[str, object]]:
    rows = _json(path)[key]
    assert isinstance(rows, list)
    return rows


# pyperf ------------------------------------------------------------------


def _pyperf_benchmarks(path: Path = PYPERF_FILE) -> list[pyperf.Benchmark]:
    return list(pyperf.BenchmarkSuite.load(str(path)).get_benchmarks())


def test_every_pyperf_benchmark_is_a_case(store: Store) -> None:
    names = {parse_case_id(b.get_name(), "python") for b in _pyperf_benchmarks()}
    assert names == {i for i in store.measured("R1") if i.lang == "python"}
    assert len(names) == 32


@pytest.mark.parametrize("bench", _pyperf_benchmarks(), ids=lambda b: b.get_name())
def test_pyperf_values_are_pyperfs_own_in_ns(store: Store, bench: pyperf.Benchmark) -> None:
    samples = samples_by_kind(store, "R1", parse_case_id(bench.get_name(), "python"))
    assert samples["measure"] == pytest.approx([v * 1e9 for v in bench.get_values()], rel=1e-12)
    assert statistics.median(samples["measure"]) == pytest.approx(bench.median() * 1e9, rel=1e-12)


@pytest.mark.parametrize("bench", _pyperf_benchmarks(PYPERF_WARMUPS), ids=lambda b: b.get_name())
def test_pyperf_warmups_and_calibration_are_kept_apart(tmp_path: Path, bench: pyperf.Benchmark) -> None:
    # pyperf's default profile (this file): a loop-calibration run, then runs of warmups and values.
    with Store.open(tmp_path / "s.sqlite") as store:
        new_run(store)
        assert ingest_file(store, "R1", "python", PYPERF_WARMUPS, suite("python").files[0].parse)
        samples = samples_by_kind(store, "R1", parse_case_id(bench.get_name(), "python"))
    runs = bench.get_runs()
    assert samples["measure"] == pytest.approx([v * 1e9 for v in bench.get_values()], rel=1e-12)
    calibration = [w for r in runs if not r.values for _, w in r.warmups]
    warmups = [w for r in runs if r.values for _, w in r.warmups]
    assert calibration and warmups
    assert samples["calibration"] == pytest.approx([w * 1e9 for w in calibration], rel=1e-12)
    assert samples["warmup"] == pytest.approx([w * 1e9 for w in warmups], rel=1e-12)


def test_pyperf_metadata_becomes_metrics_versions_and_capabilities(store: Store) -> None:
    identity = parse_case_id("dataset=user/size=1/op=encode/format=json/lib=msgspec/variant=struct", "python")
    bench = next(b for b in _pyperf_benchmarks() if b.get_name() == identity.case_id)
    metadata = bench.get_metadata()
    assert metrics_of(store, "R1", identity) == {
        "wire_bytes": metadata["wire_bytes"],
        "peak_rss_bytes": metadata["mem_max_rss"],
        "peak_heap_bytes": metadata["alloc_bytes"],
    }
    row = store.db.execute(
        "SELECT lib_version, codegen, reflection, schemaless, validates, zero_copy FROM results"
        " WHERE case_id = ?",
        (store.case_key(identity),),
    ).fetchone()
    assert metadata["capabilities"] == "reflection,validates"
    assert row == (metadata["lib_version"], 0, 1, 0, 1, 0)


# Google Benchmark ----------------------------------------------------------


def _gb_cases() -> list[str]:
    return sorted({str(r["run_name"]) for r in _rows(GB_FILE, "benchmarks")})


def _ns(row: dict[str, object]) -> float:
    value, unit = row["cpu_time"], row["time_unit"]
    assert isinstance(value, float | int) and isinstance(unit, str)
    return float(value) * NS[unit]


@pytest.mark.parametrize("name", _gb_cases())
def test_gb_repetitions_are_the_samples_and_aggregates_agree(store: Store, name: str) -> None:
    rows = [r for r in _rows(GB_FILE, "benchmarks") if r["run_name"] == name]
    repetitions = [r for r in rows if r["run_type"] == "iteration"]
    aggregates = {r["aggregate_name"]: r for r in rows if r["run_type"] == "aggregate"}
    measured = samples_by_kind(store, "R1", parse_case_id(name, "cpp"))
    # Only the per-repetition rows are samples, in ns, in order; never the aggregates.
    assert measured == {"measure": pytest.approx([_ns(r) for r in repetitions], rel=1e-12)}
    assert statistics.median(measured["measure"]) == pytest.approx(_ns(aggregates["median"]), rel=1e-9)
    assert statistics.mean(measured["measure"]) == pytest.approx(_ns(aggregates["mean"]), rel=1e-9)


def test_gb_counters_and_context_are_kept(store: Store) -> None:
    identity = parse_case_id(
        "dataset=user/size=1/op=decode/format=protobuf/lib=protobuf/variant=arena", "cpp"
    )
    context = _json(GB_FILE)["context"]
    assert isinstance(context, dict)
    row = next(r for r in _rows(GB_FILE, "benchmarks") if r["name"] == identity.case_id)
    assert metrics_of(store, "R1", identity) == {
        "wire_bytes": row["wire_bytes"],
        "alloc_bytes_per_op": row["alloc_bytes_per_op"],
        "allocs_per_op": row["allocs_per_op"],
    }
    result = store.db.execute(
        "SELECT lib_version, codegen, validates, zero_copy FROM results WHERE case_id = ?",
        (store.case_key(identity),),
    ).fetchone()
    assert context["lib.protobuf.arena.capabilities"] == "codegen,validates"
    assert result == (context["lib.protobuf.arena.version"], 1, 1, 0)
    metadata = dict(store.db.execute("SELECT key, value FROM run_metadata WHERE scope = 'cpp'").fetchall())
    assert metadata["cxx.flags"] == context["cxx.flags"]
    assert metadata["cxx.compiler"] == context["cxx.compiler"]


# One repetition row of the C++ suite as it writes them now (`bazel run //cpp/bench:bench --
# --out DIR --library protobuf --dataset user --benchmark_min_time=0.01
# --benchmark_repetitions=3`), the context trimmed to the entries of its library.
GB_PEAK_CONTEXT = {
    "lib.protobuf.arena.capabilities": "codegen,validates",
    "lib.protobuf.arena.format": "protobuf",
    "lib.protobuf.arena.version": "3.21.12",
    "serbench.lang": "cpp",
    "serbench.profile": "quick",
}
GB_PEAK_ROW: dict[str, object] = json.loads(
    '{"name": "dataset=user/size=1/op=decode/format=protobuf/lib=protobuf/variant=arena",'
    ' "family_index": 5, "per_family_instance_index": 0,'
    ' "run_name": "dataset=user/size=1/op=decode/format=protobuf/lib=protobuf/variant=arena",'
    ' "run_type": "iteration", "repetitions": 3, "repetition_index": 0, "threads": 1,'
    ' "iterations": 24669, "real_time": 565.2499898851436, "cpu_time": 565.264137176213,'
    ' "time_unit": "ns", "alloc_bytes_per_op": 2164.0, "allocs_per_op": 7.0,'
    ' "bytes_per_second": 183984783.67924392, "peak_heap_bytes": 2216.0, "records": 1.0,'
    ' "wire_bytes": 104.0}'
)


def test_gb_peak_heap_bytes_is_stored_as_a_metric(tmp_path: Path) -> None:
    path = tmp_path / "cpp.json"
    path.write_text(json.dumps({"context": GB_PEAK_CONTEXT, "benchmarks": [GB_PEAK_ROW]}))
    with Store.open(tmp_path / "s.sqlite") as store:
        new_run(store)
        assert ingest_file(store, "R1", "cpp", path, suite("cpp").files[0].parse)
        metrics = metrics_of(store, "R1", parse_case_id(str(GB_PEAK_ROW["name"]), "cpp"))
    counters = ("wire_bytes", "alloc_bytes_per_op", "allocs_per_op", "peak_heap_bytes")
    assert metrics == {name: GB_PEAK_ROW[name] for name in counters}


def test_gb_peak_heap_bytes_is_the_median_over_repetitions(tmp_path: Path) -> None:
    # Each repetition as the real row, its peak changed, to tell a median from a first or a mean.
    rows = [
        GB_PEAK_ROW | {"repetition_index": i, "peak_heap_bytes": peak}
        for i, peak in enumerate([10.0, 40.0, 20.0])
    ]
    path = tmp_path / "cpp.json"
    path.write_text(json.dumps({"context": GB_PEAK_CONTEXT, "benchmarks": rows}))
    (result,) = suite("cpp").files[0].parse(path, "cpp").results
    assert result.metrics["peak_heap_bytes"] == 20.0


def test_gb_compressed_payload_sizes_are_metrics(tmp_path: Path) -> None:
    row = GB_PEAK_ROW | {"wire_zlib6_bytes": 61.0, "wire_zstd3_bytes": 70.0}
    path = tmp_path / "cpp.json"
    path.write_text(json.dumps({"context": GB_PEAK_CONTEXT, "benchmarks": [row]}))
    (result,) = suite("cpp").files[0].parse(path, "cpp").results
    assert (result.metrics["wire_zlib6_bytes"], result.metrics["wire_zstd3_bytes"]) == (61.0, 70.0)


# BenchmarkDotNet -----------------------------------------------------------


def _bdn_benchmarks() -> list[dict[str, object]]:
    return [b for path in BDN_FILES for b in _rows(path, "Benchmarks")]


def _bdn_identity(benchmark: dict[str, object]) -> CaseIdentity:
    parameters = dict(p.split("=") for p in str(benchmark["Parameters"]).split("&"))
    return parse_case_id(
        f"dataset={parameters['Dataset']}/size={parameters['Size']}/{benchmark['MethodTitle']}", "dotnet"
    )


@pytest.mark.parametrize("benchmark", _bdn_benchmarks(), ids=lambda b: str(b["MethodTitle"]))
def test_bdn_result_samples_give_bdns_own_statistics(store: Store, benchmark: dict[str, object]) -> None:
    samples = samples_by_kind(store, "R1", _bdn_identity(benchmark))
    stats = benchmark["Statistics"]
    assert isinstance(stats, dict)
    assert len(samples["measure"]) == stats["N"]
    assert statistics.median(samples["measure"]) == pytest.approx(stats["Median"], rel=1e-12)
    assert statistics.mean(samples["measure"]) == pytest.approx(stats["Mean"], rel=1e-12)
    measurements = benchmark["Measurements"]
    assert isinstance(measurements, list)
    # Every measurement is kept, each under its kind; warmups never count as results.
    assert sum(len(v) for v in samples.values()) == len(measurements)
    warmups = [m for m in measurements if (m["IterationMode"], m["IterationStage"]) == ("Workload", "Warmup")]
    assert samples["warmup"] == pytest.approx([m["Nanoseconds"] / m["Operations"] for m in warmups])


@pytest.mark.parametrize("benchmark", _bdn_benchmarks(), ids=lambda b: str(b["MethodTitle"]))
def test_bdn_memory_diagnoser_gives_bytes_and_gcs_per_op(store: Store, benchmark: dict[str, object]) -> None:
    metrics = metrics_of(store, "R1", _bdn_identity(benchmark))
    memory = benchmark["Memory"]
    assert isinstance(memory, dict)
    assert metrics["alloc_bytes_per_op"] == memory["BytesAllocatedPerOperation"]
    reported = benchmark["Metrics"]
    assert isinstance(reported, list)
    per_1000 = {m["Descriptor"]["Id"]: m["Value"] for m in reported}
    for generation in (0, 1, 2):
        assert metrics[f"gc_gen{generation}_per_op"] * 1000 == pytest.approx(
            per_1000[f"Gen{generation}Collects"]
        )


def test_bdn_versions_capabilities_and_wire_bytes_come_from_the_catalog(store: Store) -> None:
    catalog = json.loads((TESTDATA / "dotnet" / "dotnet-cases.json").read_text())
    (library,) = catalog["libraries"]
    wire_bytes = {c["id"]: c["wire_bytes"] for c in catalog["cases"]}
    rows = store.db.execute(
        "SELECT r.case_id, r.lib_version, r.codegen, r.zero_copy FROM results r"
        " JOIN cases c ON c.id = r.case_id WHERE c.lang = 'dotnet'"
    ).fetchall()
    assert len(rows) == 3
    assert {(version, codegen, zero_copy) for _, version, codegen, zero_copy in rows} == {
        (library["version"], 1, 0)
    }
    for benchmark in _bdn_benchmarks():
        identity = _bdn_identity(benchmark)
        assert metrics_of(store, "R1", identity)["wire_bytes"] == wire_bytes[identity.case_id]


def test_the_catalogs_run_facts_are_the_runs_metadata(store: Store) -> None:
    catalog = json.loads((TESTDATA / "dotnet" / "dotnet-cases.json").read_text())
    rows = store.db.execute("SELECT key, value FROM run_metadata WHERE scope = 'dotnet'").fetchall()
    metadata = dict(rows)
    for key in cases_json.RUN_FACTS:
        assert metadata[key] == catalog[key]


def test_bdn_warmups_to_the_jit_steady_state_are_metrics_where_the_catalog_has_them(
    store: Store,
) -> None:
    catalog = json.loads((TESTDATA / "dotnet" / "dotnet-cases.json").read_text())
    warmups = {c["id"]: c.get("jit_warmup") for c in catalog["cases"]}
    assert sum(w is None for w in warmups.values()) == 1  # a catalog may leave it out
    for benchmark in _bdn_benchmarks():
        identity = _bdn_identity(benchmark)
        metrics = metrics_of(store, "R1", identity)
        warmup = warmups[identity.case_id]
        found = {k: metrics[k] for k in (cases_json.JIT_PROCESSES, cases_json.JIT_QUIET) if k in metrics}
        expected = (
            {}
            if warmup is None
            else {
                cases_json.JIT_PROCESSES: warmup["processes"],
                cases_json.JIT_QUIET: warmup["quiet_processes"],
            }
        )
        assert found == expected


def test_a_catalog_with_more_quiet_processes_than_processes_is_refused(tmp_path: Path) -> None:
    document = json.loads((TESTDATA / "dotnet" / "dotnet-cases.json").read_text())
    document["cases"][0]["jit_warmup"] = {"processes": 1, "quiet_processes": 2}
    (tmp_path / "dotnet-cases.json").write_text(json.dumps(document))
    with pytest.raises(IngestError, match="2 quiet of 1 processes"):
        cases_json.load(tmp_path, "dotnet")


# The Mono suite -------------------------------------------------------------


def test_mono_keeps_the_fastest_loop_of_each_round_and_the_catalogs_facts(store: Store) -> None:
    document = _json(TESTDATA / "mono" / "mono.json")
    cases = json.loads((TESTDATA / "mono" / "mono-cases.json").read_text())
    wire_bytes = {c["id"]: c["wire_bytes"] for c in cases["cases"]}
    for case in _rows(TESTDATA / "mono" / "mono.json", "cases"):
        assert isinstance(case, dict)
        identity = parse_case_id(str(case["id"]), "mono")
        loops = case["samples"]
        assert isinstance(loops, list)
        fastest = sorted(
            {min(s["ns"] for s in loops if s["round"] == r) for r in {s["round"] for s in loops}}
        )
        assert sorted(samples_by_kind(store, "R1", identity)["measure"]) == pytest.approx(fastest)
        assert metrics_of(store, "R1", identity)["wire_bytes"] == wire_bytes[identity.case_id]
    lazy = store.lazy_cases("R1", "mono")
    assert {(i.lib, i.op) for i in lazy} == {("zeroformatter", "access_lazy")}
    assert str(document["runtime"]).startswith("Mono 6.8")


@pytest.mark.parametrize("lang", catalog.LANGUAGES)
def test_cases_not_measured_come_from_the_catalog_with_their_reason(store: Store, lang: str) -> None:
    catalog = json.loads((TESTDATA / lang / f"{lang}-cases.json").read_text())
    expected = sorted(
        (c["id"], c["status"], c["reason"]) for c in catalog["cases"] if c["status"] != "measured"
    )
    stored = store.db.execute(
        "SELECT dataset, size, op, format, lib, variant, outcome, reason FROM unmeasured WHERE lang = ?",
        (lang,),
    ).fetchall()
    found = sorted(
        (CaseIdentity(lang, lib, fmt, op, dataset, size, variant).case_id, outcome, reason)
        for dataset, size, op, fmt, lib, variant, outcome, reason in stored
    )
    assert found == expected
    measured = {c["id"] for c in catalog["cases"] if c["status"] == "measured"}
    assert {i.case_id for i in store.measured("R1") if i.lang == lang} == measured


def test_each_native_file_is_recorded_with_its_hash(store: Store) -> None:
    files = store.db.execute("SELECT lang, harness, harness_version, sha256 FROM native_files").fetchall()
    assert {(lang, harness) for lang, harness, _, _ in files} == {
        ("python", "pyperf"),
        ("cpp", "Google Benchmark"),
        ("dotnet", "BenchmarkDotNet"),
        ("mono", "serbench-mono"),
        ("python", "serbench extras"),
    } | {(lang, "serbench catalog") for lang in catalog.LANGUAGES}
    assert all(len(sha) == 64 for *_, sha in files)
    assert store.counts("R1") == expected_counts(*catalog.LANGUAGES)


def test_bdn_long_parameter_values_are_read_from_full_name(tmp_path: Path) -> None:
    # BenchmarkDotNet abbreviates long values in Parameters ("googl(...)roto2 [22]").
    document = _json(BDN_FILES[0])
    benchmarks = document["Benchmarks"]
    assert isinstance(benchmarks, list)
    for benchmark in benchmarks:
        assert benchmark["FullName"].endswith('(Dataset: "user", Size: 1)')
        benchmark["Parameters"] = "Dataset=us(...)er [4]&Size=1"
    path = tmp_path / "results" / BDN_FILES[0].name
    path.parent.mkdir()
    path.write_text(json.dumps(document))
    native = suite("dotnet").files[0].parse(path, "dotnet")
    assert {r.identity.dataset for r in native.results} == {"user"}
