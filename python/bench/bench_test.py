"""Smoke-runs the bench binary: every case, one value, real worker processes."""

import os
import subprocess
from pathlib import Path

import pyperf

_BENCH = Path("python/bench/bench")
_CASE_IDS = {
    f"dataset=user/size=3/op={op}/format={lib}/lib={lib}{variant}"
    for lib, variant in (("protobuf", "/variant=upb"), ("flatbuffers", ""))
    for op in ("encode", "decode", "roundtrip")
}


def _run(out: Path, *args: str) -> subprocess.CompletedProcess[str]:
    # --debug-single-value is pyperf's own option, passed through: 1 process, 1 value.
    command = [str(_BENCH), "--out", str(out), "--debug-single-value", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)


def test_writes_every_case_with_its_identity(tmp_path: Path) -> None:
    result = _run(tmp_path / "new_dir")
    assert result.returncode == 0, result.stderr
    suite = pyperf.BenchmarkSuite.load(str(tmp_path / "new_dir" / "python.json"))
    assert set(suite.get_benchmark_names()) == _CASE_IDS
    for bench in suite.get_benchmarks():
        metadata = bench.get_metadata()
        assert metadata["lang"] == "python"
        assert metadata["size"] == 3
        assert metadata["wire_bytes"] > 0
        assert bench.get_name().startswith(f"dataset={metadata['dataset']}/")
        assert bench.mean() > 0
    assert "running dataset=user/size=3/op=encode/format=protobuf" in result.stderr


def test_library_filter_and_rerun_into_the_same_directory(tmp_path: Path) -> None:
    for _ in range(2):  # the second run replaces the first run's file
        result = _run(tmp_path, "--library", "flatbuffers")
        assert result.returncode == 0, result.stderr
    suite = pyperf.BenchmarkSuite.load(str(tmp_path / "python.json"))
    assert {b.get_metadata()["lib"] for b in suite.get_benchmarks()} == {"flatbuffers"}


def test_unknown_library_is_an_error(tmp_path: Path) -> None:
    result = _run(tmp_path, "--library", "nope")
    assert result.returncode == 2
    assert "invalid choice: 'nope'" in result.stderr
    assert os.listdir(tmp_path) == []
