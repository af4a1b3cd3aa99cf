"""Smoke-runs the bench binary on a tiny selection: real pyperf output and catalog."""

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pyperf

_BENCH = Path("python/bench/bench")


def _run(out: Path, *args: str, dataset: str = "user") -> subprocess.CompletedProcess[str]:
    command = [str(_BENCH), "--out", str(out), "--dataset", dataset, *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)


def _catalog(out: Path) -> dict[str, Any]:
    catalog: dict[str, Any] = json.loads((out / "python-cases.json").read_text())
    return catalog


def test_quick_run_writes_rounds_the_catalog_and_the_calibration(tmp_path: Path) -> None:
    payloads = tmp_path / "payloads"
    args = ("--library", "flatbuffers", "--seed", "5", "--payloads", str(payloads))
    result = _run(tmp_path / "new_dir", *args)
    assert result.returncode == 0, result.stderr
    out = tmp_path / "new_dir"
    suite = pyperf.BenchmarkSuite.load(str(out / "python.json"))
    catalog = _catalog(out)
    measured = {c["id"] for c in catalog["cases"] if c["status"] == "measured"}
    assert set(suite.get_benchmark_names()) == measured
    assert catalog["isolation"] == "one worker process per library and dataset, for all its rounds"
    # 3 sizes x 6 ops, all applicable to a zero-copy, code-generated format.
    assert len(measured) == 18
    assert "dataset=user/size=100/op=convert/format=flatbuffers/lib=flatbuffers" in measured
    for bench in suite.get_benchmarks():
        metadata = bench.get_metadata()
        assert metadata["lang"] == "python" and metadata["lib"] == "flatbuffers"
        assert metadata["wire_bytes"] > 0 and metadata["cyclic_gc"] == "on"
        assert metadata["lib_version"] == catalog["libraries"][0]["version"]
        assert metadata["shuffle_seed"] == 5 and metadata["profile"] == "quick"
        assert bench.get_name().startswith(f"dataset={metadata['dataset']}/")
        # runs[i] is round i, one value each.
        rounds = [run.get_metadata()["round"] for run in bench.get_runs()]
        assert rounds == [0, 1, 2] and bench.get_nvalue() == 3 and bench.mean() > 0
    library = catalog["libraries"][0]
    assert library["capabilities"] == ["codegen", "zero_copy"] and library["lazy_ops"] == {}
    assert catalog["shuffle_seed"] == 5 and catalog["rounds"] == 3
    calibration = json.loads((out / "python-calibration.json").read_text())
    rows = {(row["when"], row["workload"]) for row in calibration["samples"]}
    assert rows == {(w, k) for w in ("start", "end") for k in ("memcpy_1mib", "cpu_loop")}
    assert all(row["ns"] > 0 and row["n"] > 0 for row in calibration["samples"])
    # One progress line per sample: 18 cases x 3 rounds; one worker process for the unit.
    assert "progress: 54/54 " in result.stderr
    assert (
        "group user, rounds 0-2: 18 cases in" in result.stderr
        and ", 1 worker process(es)" in result.stderr
    )
    # --payloads: one file per encode case, the payload its wire_bytes counts.
    wire = {b.get_name(): b.get_metadata()["wire_bytes"] for b in suite.get_benchmarks()}
    encodes = {name.replace("/", ",") + ".bin" for name in wire if "/op=encode/" in name}
    assert {p.name for p in payloads.iterdir()} == encodes and len(encodes) == 3
    for name, size in wire.items():
        if "/op=encode/" in name:
            assert (payloads / (name.replace("/", ",") + ".bin")).stat().st_size == size


def test_each_protobuf_backend_runs_in_workers_of_its_own(tmp_path: Path) -> None:
    result = _run(tmp_path, "--library", "protobuf")
    assert result.returncode == 0, result.stderr
    suite = pyperf.BenchmarkSuite.load(str(tmp_path / "python.json"))
    variants = {b.get_metadata()["variant"] for b in suite.get_benchmarks()}
    assert variants == {"upb", "python"}
    catalog = _catalog(tmp_path)
    statuses = {(c["id"].rsplit("=", 1)[1], c["status"]) for c in catalog["cases"]}
    assert ("python", "not_applicable") in statuses  # access_lazy: not zero-copy
    lazy = {lib["variant"]: lib["lazy_ops"] for lib in catalog["libraries"]}
    assert set(lazy["upb"]) == {"decode", "roundtrip"} and lazy["python"] == {}
    # Two units (one per backend), so two worker processes, whatever their case count.
    assert ", 2 worker process(es)" in result.stderr


def test_only_the_listed_cases_are_measured_in_the_rounds_asked_and_gc_off_twins_run_without_gc(
    tmp_path: Path,
) -> None:
    wanted = [
        "dataset=order/size=1/op=decode/format=json/lib=cattrs/variant=attrs",
        "dataset=order/size=1/op=decode/format=json/lib=cattrs/variant=attrs_gcoff",
    ]
    listed = tmp_path / "cases.txt"
    listed.write_text("\n".join(wanted) + "\n")
    args = ("--library", "cattrs", "--cases", str(listed), "--rounds", "2")
    result = _run(tmp_path / "out", *args, dataset="order")
    assert result.returncode == 0, result.stderr
    suite = pyperf.BenchmarkSuite.load(str(tmp_path / "out" / "python.json"))
    assert sorted(suite.get_benchmark_names()) == wanted
    assert [len(b.get_runs()) for b in suite.get_benchmarks()] == [2, 2]
    assert _catalog(tmp_path / "out")["rounds"] == 2
    gc_state = {b.get_name(): b.get_metadata()["cyclic_gc"] for b in suite.get_benchmarks()}
    assert gc_state == {wanted[0]: "on", wanted[1]: "off"}


def test_google_message_documents_are_timed_by_both_protobuf_backends(tmp_path: Path) -> None:
    result = _run(tmp_path, "--library", "protobuf", dataset="google_message1_proto3")
    assert result.returncode == 0, result.stderr
    names = pyperf.BenchmarkSuite.load(str(tmp_path / "python.json")).get_benchmark_names()
    assert sorted(names) == sorted(
        f"dataset=google_message1_proto3/size=1/op={op}/format=protobuf/lib=protobuf/variant={v}"
        for op in ("encode", "decode", "roundtrip")
        for v in ("upb", "python")
    )


def test_a_run_that_measures_nothing_writes_only_the_catalog(tmp_path: Path) -> None:
    result = _run(tmp_path, "--library", "protobuf", dataset="twitter")
    assert result.returncode == 0, result.stderr
    statuses = {c["status"] for c in _catalog(tmp_path)["cases"]}
    assert statuses == {"not_applicable"}
    assert not (tmp_path / "python.json").exists()


def test_unknown_library_or_no_rounds_is_an_error(tmp_path: Path) -> None:
    result = _run(tmp_path, "--library", "nope")
    assert result.returncode == 2
    assert "invalid choice: 'nope'" in result.stderr
    result = _run(tmp_path, "--rounds", "0")
    assert result.returncode == 2
    assert "--rounds must be at least 1" in result.stderr
    assert os.listdir(tmp_path) == []


def test_a_document_is_measured_in_worker_processes_under_its_name(tmp_path: Path) -> None:
    document = tmp_path / "doc.json"
    document.write_text('{"name": "caf\\u00e9", "big": 9007199254740993, "x": [0.1, {"n": null}]}')
    out = tmp_path / "out"
    result = _run(
        out, "--library", "orjson", "--document", str(document), dataset="mine:0123456789ab"
    )
    assert result.returncode == 0, result.stderr
    cases = {c["id"]: c["status"] for c in _catalog(out)["cases"]}
    prefix = "dataset=mine:0123456789ab/size=1"
    assert cases[f"{prefix}/op=decode/format=json/lib=orjson/variant=schemaless"] == "measured"
    assert all(case.startswith(prefix) for case in cases)


def test_a_paired_base_build_times_the_same_cases_in_its_own_workers(tmp_path: Path) -> None:
    base = tmp_path / "base"
    args = ("--library", "flatbuffers", "--rounds", "2", "--paired-out", str(base))
    result = _run(tmp_path / "head", *args, "--paired-base", str(_BENCH.absolute()))
    assert result.returncode == 0, result.stderr
    head = pyperf.BenchmarkSuite.load(str(tmp_path / "head" / "python.json"))
    paired = pyperf.BenchmarkSuite.load(str(base / "python.json"))
    assert sorted(paired.get_benchmark_names()) == sorted(head.get_benchmark_names())
    assert all(b.get_nrun() == 2 for b in paired.get_benchmarks())
    loops = {b.get_name(): b.get_metadata()["loops"] for b in head.get_benchmarks()}
    assert {b.get_name(): b.get_metadata()["loops"] for b in paired.get_benchmarks()} == loops
    assert _catalog(base)["cases"] == _catalog(tmp_path / "head")["cases"]
    # The unit's worker in each build; progress counts each case once a round.
    assert ", 2 worker process(es)" in result.stderr and "progress: 36/36 " in result.stderr
