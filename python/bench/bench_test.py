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


def test_quick_run_writes_measured_cases_and_the_catalog(tmp_path: Path) -> None:
    result = _run(tmp_path / "new_dir", "--library", "flatbuffers")
    assert result.returncode == 0, result.stderr
    out = tmp_path / "new_dir"
    suite = pyperf.BenchmarkSuite.load(str(out / "python.json"))
    catalog = _catalog(out)
    measured = {c["id"] for c in catalog["cases"] if c["status"] == "measured"}
    assert set(suite.get_benchmark_names()) == measured
    # 3 sizes x 5 ops, all applicable to a zero-copy format.
    assert len(measured) == 15
    assert (
        "dataset=user/size=100/op=access_lazy/format=flatbuffers/lib=flatbuffers/variant=object_api"
        in measured
    )
    for bench in suite.get_benchmarks():
        metadata = bench.get_metadata()
        assert metadata["lang"] == "python" and metadata["lib"] == "flatbuffers"
        assert metadata["wire_bytes"] > 0
        assert "mem_max_rss" not in metadata  # one process's peak, not the case's
        assert metadata["lib_version"] == catalog["libraries"][0]["version"]
        assert bench.get_name().startswith(f"dataset={metadata['dataset']}/")
        assert bench.get_nvalue() in (1, 3) and bench.mean() > 0  # 1 for a slow call
        # quick traces allocation only for calls under 20 ms, which all get 3 values.
        assert "peak_heap_bytes" not in metadata or bench.get_nvalue() == 3
        assert metadata.get("peak_heap_bytes", 0) >= 0
    assert catalog["libraries"][0]["capabilities"] == ["codegen", "zero_copy"]
    assert "progress: 15/15 dataset=user/size=1000/op=access_lazy" in result.stderr


def test_variant_with_its_own_backend_runs_in_a_child_and_is_merged(tmp_path: Path) -> None:
    result = _run(tmp_path, "--library", "protobuf")
    assert result.returncode == 0, result.stderr
    suite = pyperf.BenchmarkSuite.load(str(tmp_path / "python.json"))
    variants = {b.get_metadata()["variant"] for b in suite.get_benchmarks()}
    assert variants == {"upb", "python"}
    statuses = {(c["id"].rsplit("=", 1)[1], c["status"]) for c in _catalog(tmp_path)["cases"]}
    assert ("python", "not_applicable") in statuses  # access_lazy: not zero-copy
    assert "progress: 30/30 " in result.stderr


def test_google_message_documents_are_timed_by_both_protobuf_backends(tmp_path: Path) -> None:
    result = _run(tmp_path, "--library", "protobuf", dataset="google_message1_proto3")
    assert result.returncode == 0, result.stderr
    names = pyperf.BenchmarkSuite.load(str(tmp_path / "python.json")).get_benchmark_names()
    assert sorted(names) == sorted(
        f"dataset=google_message1_proto3/size=1/op={op}/format=protobuf/lib=protobuf/variant={v}"
        for op in ("encode", "decode", "roundtrip")
        for v in ("upb", "python")
    )


def test_a_child_that_measures_nothing_is_merged(tmp_path: Path) -> None:
    result = _run(tmp_path, "--library", "protobuf", dataset="twitter")
    assert result.returncode == 0, result.stderr
    statuses = {c["status"] for c in _catalog(tmp_path)["cases"]}
    assert statuses == {"not_applicable"}
    assert not (tmp_path / "python.json").exists()


def test_unknown_library_is_an_error(tmp_path: Path) -> None:
    result = _run(tmp_path, "--library", "nope")
    assert result.returncode == 2
    assert "invalid choice: 'nope'" in result.stderr
    assert os.listdir(tmp_path) == []
