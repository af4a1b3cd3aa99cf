"""A fuzz pass's reports (the one writer, tools/robustness/fuzzing.py) into the
fuzz_decoders and fuzz_findings tables, and the reports the ingester refuses."""

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from runner.ingest import fuzz_json
from runner.ingest.load import ingest_file
from runner.records import IngestError
from runner.store import Store
from runner.tests.support import new_run, row_counts
from tools.robustness import fuzzing
from tools.robustness.drive import Decoder

_DECODER = Decoder("cpp", "msgpack_cxx", None, "msgpack", "6.1.0", True)
_CRASH = fuzzing.Finding(
    "crash", "SEGV on unknown address", ("msgpack::v1::unpack",), "library", None, b"\xdd\xff"
)
_HANG = fuzzing.Finding("hang", "no answer within 5 s", (), "library", "user", b"\x91" * 3)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path / "s.sqlite") as opened:
        new_run(opened)
        yield opened


def _report(out: Path, findings: list[fuzzing.Finding]) -> Path:
    fuzzing.report(
        _DECODER, engine="libFuzzer", instrumented="the harness", seconds=21, cpu_seconds=20.44, runs=1234,
        seeds=56, coverage={"unit": "edges", "covered": 789}, findings=findings, out=out,
    )  # fmt: skip
    return out / f"{fuzzing.stem(_DECODER)}.json"


def _ingest(store: Store, path: Path) -> bool:
    return ingest_file(store, "R1", "fuzz-cpp", path, fuzz_json.parse)


def test_a_report_is_one_decoder_row_and_a_row_per_finding(store: Store, tmp_path: Path) -> None:
    path = _report(tmp_path, [_CRASH, _HANG])
    assert _ingest(store, path)
    decoders = store.db.execute(
        "SELECT lang, lib, variant, format, version, seconds, cpu_seconds, runs, seeds, coverage_unit,"
        " covered "
        "FROM fuzz_decoders"
    ).fetchall()
    assert [tuple(r) for r in decoders] == [
        ("cpp", "msgpack_cxx", "", "msgpack", "6.1.0", 21, 20.4, 1234, 56, "edges", 789)
    ]
    rows = store.db.execute(
        "SELECT kind, frames, dataset, sha256, size, path FROM fuzz_findings ORDER BY kind"
    )
    found = {r[0]: r for r in rows}
    assert set(found) == {"crash", "hang"}
    assert json.loads(found["crash"][1]) == ["msgpack::v1::unpack"] and found["hang"][2] == "user"
    for finding in (_CRASH, _HANG):
        _, _, _, sha256, size, stored = found[finding.kind]
        assert (sha256, size) == (finding.sha256, len(finding.data))
        assert Path(stored).read_bytes() == finding.data
    assert not _ingest(store, path)  # the same bytes again: nothing new


def _edited(tmp_path: Path, edit: Callable[[dict[str, Any]], None]) -> Path:
    path = _report(tmp_path, [_CRASH])
    doc = json.loads(path.read_text())
    edit(doc)
    path.write_text(json.dumps(doc))
    return path


_BAD: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "schema": (lambda d: d.update(schema="serbench-fuzz/2"), "not a serbench-fuzz/1 report"),
    "kind": (lambda d: d["findings"][0].update(kind="slow"), "is not one of"),
    "coverage": (lambda d: d.update(coverage={"unit": "edges"}), "needs a unit and a covered count"),
    "missing_key": (lambda d: d.pop("runs"), "runs"),
    "repro_missing": (lambda d: d["findings"][0].update(file="repro/gone.bin"), "is missing"),
    "repro_outside": (lambda d: d["findings"][0].update(file="../elsewhere.bin"), "is missing"),
    "repro_sha": (lambda d: d["findings"][0].update(sha256="0" * 64), "does not have sha256"),
}


@pytest.mark.parametrize("problem", sorted(_BAD))
def test_a_bad_report_is_refused_whole(store: Store, tmp_path: Path, problem: str) -> None:
    edit, message = _BAD[problem]
    path = _edited(tmp_path, edit)
    before = row_counts(store)
    with pytest.raises(IngestError) as raised:
        _ingest(store, path)
    assert str(path) in str(raised.value) and message in str(raised.value)
    assert row_counts(store) == before
