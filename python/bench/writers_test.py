"""The run's files from finished jobs: pyperf's rounds, the catalog, the calibration."""

import argparse
import json
from pathlib import Path

import pyperf

from bench import writers
from bench.rounds import Job
from serbench_py import measure
from serbench_py.suite import Status

_CASE = "dataset=order/size=1/op=decode/format=json/lib=cattrs/variant=attrs_gcoff"


def _job(case_id: str = _CASE) -> Job:
    job = Job(case_id, "library/0/order", {}, metadata={"variant": "attrs_gcoff"}, loops=4)
    job.samples = [measure.Sample((2e-6, 1e-6), 3e-6), measure.Sample((1e-6,), None)]
    return job


def test_a_benchmark_holds_one_run_per_round_and_the_gc_state() -> None:
    bench = writers.benchmark(_job(), {"profile": "quick"})
    assert bench.get_name() == _CASE
    runs = bench.get_runs()
    assert [run.get_metadata()["round"] for run in runs] == [0, 1]
    assert [run.values for run in runs] == [(2e-6, 1e-6), (1e-6,)]
    assert runs[0].warmups == ((1, 3e-6),) and not runs[1].warmups
    assert bench.get_metadata()["cyclic_gc"] == "off" and bench.get_metadata()["loops"] == 4


def test_a_catalog_entry_names_its_reason_only_when_it_has_one() -> None:
    assert writers.entry("a", Status.MEASURED, "") == {"id": "a", "status": "measured"}
    assert writers.entry("b", Status.REFUSED, "why")["reason"] == "why"


def test_write_replaces_the_result_and_lists_every_case(tmp_path: Path) -> None:
    opts = argparse.Namespace(out=tmp_path, profile="quick", rounds=2)
    failed = _job("dataset=order/size=1/op=encode/format=json/lib=cattrs/variant=attrs")
    failed.fail(Status.FAILED, "timing raised")
    common = {"profile": "quick", "shuffle_seed": 7}
    writers.write(opts, [], [_job(), failed], common, [{"when": "start"}], "one process")
    suite = pyperf.BenchmarkSuite.load(str(tmp_path / writers.RESULT_FILE))
    assert suite.get_benchmark_names() == [_CASE]
    catalog = json.loads((tmp_path / writers.CASES_FILE).read_text())
    assert catalog["rounds"] == 2 and catalog["shuffle_seed"] == 7
    assert catalog["isolation"] == "one process"
    assert [c["status"] for c in catalog["cases"]] == ["measured", "failed"]
    calibration = json.loads((tmp_path / writers.CALIBRATION_FILE).read_text())
    assert calibration == {"lang": "python", "samples": [{"when": "start"}]}
    writers.write(opts, [], [failed], common, [], "one process")
    assert not (tmp_path / writers.RESULT_FILE).exists()
