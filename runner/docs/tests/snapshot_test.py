import gzip
import json
from pathlib import Path

import pytest

from runner.docs import snapshot
from runner.docs.tests.synthetic import snapshot as synthetic


def test_round_trip_keeps_everything(tmp_path: Path) -> None:
    original = synthetic()
    snapshot.write(original, tmp_path / "s.jsonl.gz")
    assert snapshot.read(tmp_path / "s.jsonl.gz") == original


def test_same_snapshot_same_bytes(tmp_path: Path) -> None:
    snapshot.write(synthetic(), tmp_path / "a.jsonl.gz")
    shuffled = synthetic()
    reordered = snapshot.Snapshot(
        shuffled.run,
        shuffled.machine,
        shuffled.metadata,
        shuffled.suites[::-1],
        shuffled.cases[::-1],
        shuffled.unmeasured[::-1],
        shuffled.interop[::-1],
        shuffled.robustness_corpus,
        shuffled.robustness[::-1],
        shuffled.robustness_repro[::-1],
        shuffled.calibrations[::-1],
    )
    snapshot.write(reordered, tmp_path / "b.jsonl.gz")
    assert (tmp_path / "a.jsonl.gz").read_bytes() == (tmp_path / "b.jsonl.gz").read_bytes()


def test_unknown_fields_and_records_are_ignored(tmp_path: Path) -> None:
    lines = snapshot.dumps(synthetic()).decode().splitlines()
    case = json.loads(lines[1]) | {"new_field": 1}
    text = "\n".join([lines[0], json.dumps(case), json.dumps({"record": "future_kind"}), *lines[2:]])
    (tmp_path / "s.jsonl").write_text(text)
    assert snapshot.read(tmp_path / "s.jsonl").cases == synthetic().cases


def test_newer_version_is_refused(tmp_path: Path) -> None:
    lines = snapshot.dumps(synthetic()).decode().splitlines()
    header = json.loads(lines[0]) | {"version": snapshot.FORMAT_VERSION + 1}
    (tmp_path / "s.jsonl.gz").write_bytes(gzip.compress(json.dumps(header).encode()))
    with pytest.raises(snapshot.SnapshotError, match="snapshot version"):
        snapshot.read(tmp_path / "s.jsonl.gz")


def test_not_a_snapshot_names_the_file(tmp_path: Path) -> None:
    (tmp_path / "x.jsonl").write_text('{"record": "case"}\n')
    with pytest.raises(snapshot.SnapshotError, match=r"x\.jsonl: not a serbench-snapshot"):
        snapshot.read(tmp_path / "x.jsonl")


def test_the_header_alone_gives_the_run_and_its_suites(tmp_path: Path) -> None:
    original = synthetic()
    snapshot.write(original, tmp_path / "s.jsonl.gz")
    assert snapshot.read_header(tmp_path / "s.jsonl.gz") == (original.run, original.suites, original.metadata)
    whole = (tmp_path / "s.jsonl.gz").read_bytes()
    (tmp_path / "cut.jsonl.gz").write_bytes(whole[:20])
    (tmp_path / "x.jsonl").write_text('{"record": "case"}\n')
    (tmp_path / "empty.jsonl").write_text("\n")
    for name, problem in (("cut.jsonl.gz", "cannot read"), ("x.jsonl", "not a"), ("empty.jsonl", "empty")):
        with pytest.raises(snapshot.SnapshotError, match=problem):
            snapshot.read_header(tmp_path / name)


def test_version_1_snapshot_is_read_without_its_retired_kinds(tmp_path: Path) -> None:
    lines = snapshot.dumps(synthetic()).decode().splitlines()
    header = json.loads(lines[0]) | {"version": 1}
    retired = {"record": "interop", "producer_lang": "cpp", "ok": True}
    cases = [line for line in lines[1:] if json.loads(line)["record"] == "case"]
    (tmp_path / "v1.jsonl").write_text("\n".join([json.dumps(header), *cases, json.dumps(retired)]))
    read = snapshot.read(tmp_path / "v1.jsonl")
    assert read.cases == synthetic().cases
    assert read.interop == () and read.robustness == () and read.robustness_corpus is None


def test_robustness_is_kept_as_aggregates() -> None:
    lines = [json.loads(line) for line in snapshot.dumps(synthetic()).decode().splitlines()]
    kinds = [line["record"] for line in lines]
    assert kinds.count("robustness_corpus") == 1
    decoder = next(line for line in lines if line["record"] == "robustness_decoder")
    assert set(decoder["outcomes"]["none"]) == {"accepted_equal"}
