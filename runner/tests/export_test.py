"""`runner export`: the same rows as CSV, JSON lines and Parquet."""

import csv
import json
import statistics
from pathlib import Path

import pyarrow.parquet as pq  # type: ignore[import-untyped]
import pytest

from runner import cli
from runner.caseid import CaseIdentity
from runner.store import Store
from runner.tests.support import TESTDATA_CASES, expected_counts, ingest_testdata, new_run


@pytest.fixture(scope="module")
def store_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("store") / "s.sqlite"
    with Store.open(path) as store:
        new_run(store)
        ingest_testdata(store, "R1")
    return path


def _export(store_path: Path, out: Path, *extra: str) -> None:
    assert cli.main(["export", "--store", str(store_path), "--out", str(out), *extra]) == 0


def _measured(store_path: Path) -> dict[CaseIdentity, list[float]]:
    with Store.open(store_path) as store:
        return dict(store.measured("R1"))


def test_results_as_csv_jsonl_and_parquet_agree(store_path: Path, tmp_path: Path) -> None:
    for suffix in ("csv", "jsonl", "parquet"):
        _export(store_path, tmp_path / f"results.{suffix}")
    with (tmp_path / "results.csv").open() as handle:
        from_csv = list(csv.DictReader(handle))
    from_jsonl = [json.loads(line) for line in (tmp_path / "results.jsonl").read_text().splitlines()]
    from_parquet = pq.read_table(tmp_path / "results.parquet").to_pylist()
    assert (
        len(from_csv) == len(from_jsonl) == len(from_parquet) == expected_counts(*TESTDATA_CASES)["measured"]
    )
    measured = _measured(store_path)
    medians = {key: statistics.median(values) for key, values in measured.items()}
    fastest = {key: min(values) for key, values in measured.items() if values}
    for row_csv, row_json, row_parquet in zip(from_csv, from_jsonl, from_parquet, strict=True):
        key = CaseIdentity(
            *(row_json[k] for k in ("lang", "lib", "format", "op", "dataset", "size", "variant"))
        )
        if key.op in ("installed_size", "peak_memory"):  # a metric, no samples
            assert row_json["n"] == 0 and row_json["median_ns"] is None
            assert row_parquet[f"{key.op}_bytes"] == row_json[f"{key.op}_bytes"] > 0
            continue
        assert row_json["median_ns"] == pytest.approx(medians[key])
        assert row_json["fastest_ns"] == float(row_csv["fastest_ns"]) == pytest.approx(fastest[key])
        assert float(row_csv["median_ns"]) == pytest.approx(medians[key])
        assert row_parquet["median_ns"] == pytest.approx(medians[key])
        assert row_parquet["n"] == row_json["n"] == int(row_csv["n"]) == len(measured[key])
    cpp = next(
        r for r in from_jsonl if r["lang"] == "cpp" and r["op"] == "encode" and r["variant"] == "arena"
    )
    assert cpp["wire_bytes"] == 104 and cpp["run_id"] == "R1" and cpp["codegen"] == 1
    dotnet = next(r for r in from_parquet if r["lang"] == "dotnet" and r["op"] == "decode")
    assert dotnet["alloc_bytes_per_op"] == 953 and dotnet["allocs_per_op"] is None
    assert dotnet["ci_low_ns"] is None  # 3 samples: no 95% interval


def test_samples_and_unmeasured_tables(store_path: Path, tmp_path: Path) -> None:
    _export(store_path, tmp_path / "samples.parquet", "--table", "samples", "--run", "R1")
    _export(store_path, tmp_path / "unmeasured.jsonl", "--table", "unmeasured")
    samples = pq.read_table(tmp_path / "samples.parquet")
    with Store.open(store_path) as store:
        (count,) = store.db.execute("SELECT COUNT(*) FROM samples").fetchone()
    assert samples.num_rows == count
    assert set(samples.column("kind").to_pylist()) >= {"measure", "warmup", "calibration"}
    unmeasured = [json.loads(line) for line in (tmp_path / "unmeasured.jsonl").read_text().splitlines()]
    assert len(unmeasured) == expected_counts(*TESTDATA_CASES)["not_applicable"]
    assert {r["op"] for r in unmeasured} == {"access_lazy"} and all(r["reason"] for r in unmeasured)


def test_unknown_suffix_is_refused(store_path: Path, tmp_path: Path) -> None:
    assert cli.main(["export", "--store", str(store_path), "--out", str(tmp_path / "x.xlsx")]) == 2
