"""The compressed sizes of the suites' encode payloads (runner/ingest/payloads.py)."""

import dataclasses
import json
import shutil
import subprocess
import zlib
from pathlib import Path

import pytest

from runner.caseid import parse_case_id
from runner.ingest import payloads
from runner.ingest.load import REMEASURE_CASES, REMEASURE_DIR, ingest_remeasure, ingest_suite
from runner.store import Store
from runner.suites import Invocation, suite
from runner.tests.support import TESTDATA, metrics_of, new_run

ENCODE = "dataset=user/size=1/op=encode/format=json/lib=msgspec/variant=schemaless"
NO_RESULT = "dataset=user/size=1/op=encode/format=json/lib=nosuchlib"


def _payload(folder: Path, case_id: str, data: bytes) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / payloads.file_name(case_id)
    path.write_bytes(data)
    return path


def _zstd3(path: Path) -> int:
    done = subprocess.run(["zstd", "-3", "-c", "-q", str(path)], capture_output=True, check=True)
    return len(done.stdout)


def test_sizes_match_zlib_6_and_zstd_3_run_directly(tmp_path: Path) -> None:
    texts = {ENCODE: b'{"records":[' + b'{"id":1,"name":"Ada"},' * 200 + b"]}", NO_RESULT: bytes(range(256))}
    paths = {case_id: _payload(tmp_path, case_id, data) for case_id, data in texts.items()}
    found = payloads.measure_folder(tmp_path, "python")
    assert payloads.file_name(ENCODE) == ENCODE.replace("/", ",") + ".bin"
    for case_id, data in texts.items():
        sizes = found[parse_case_id(case_id, "python")]
        assert sizes["wire_zlib6_bytes"] == len(zlib.compress(data, 6))
        assert sizes["wire_zstd3_bytes"] == _zstd3(paths[case_id])
    repetitive = found[parse_case_id(ENCODE, "python")]
    assert repetitive["wire_zstd3_bytes"] < len(texts[ENCODE]) / 10
    # Another case with the same bytes (a variant of the library, say) gets the same sizes.
    twin = ENCODE.replace("variant=schemaless", "variant=struct")
    _payload(tmp_path, twin, texts[ENCODE])
    assert payloads.measure_folder(tmp_path, "python")[parse_case_id(twin, "python")] == repetitive


def test_a_missing_zstd_names_the_debian_package(tmp_path: Path) -> None:
    _payload(tmp_path, ENCODE, b"{}")
    with pytest.raises(payloads.PayloadError, match="install the Debian package 'zstd'"):
        payloads.measure_folder(tmp_path, "python", tool=str(tmp_path / "no" / "zstd"))
    # Nothing to compress: no tool needed.
    assert payloads.measure_folder(tmp_path / "absent", "python", tool="/nonexistent/zstd") == {}


@pytest.mark.parametrize(
    "name", ["notes.txt", "dataset=user,size=1.bin", ENCODE.replace("encode", "decode") + ".bin"]
)
def test_a_file_that_is_not_an_encode_payload_is_refused(tmp_path: Path, name: str) -> None:
    (tmp_path / name.replace("/", ",")).write_bytes(b"x")
    with pytest.raises(payloads.PayloadError):
        payloads.measure_folder(tmp_path, "python")


def test_the_first_pass_writes_payloads_and_a_remeasure_none(tmp_path: Path) -> None:
    call = Invocation(tmp_path / "bin", tmp_path / "raw" / "python", "quick", ("python",))
    argv = suite("python").command(call)
    assert argv[argv.index("--payloads") + 1] == str(tmp_path / "raw" / "python" / "payloads")
    again = Invocation(call.binary, call.out_dir / REMEASURE_DIR, "quick", ("python",), cases=tmp_path / "c")
    assert "--payloads" not in suite("python").command(again) and "--rounds" not in argv
    fewer = suite("python").command(dataclasses.replace(again, rounds=5))
    assert fewer[fewer.index("--rounds") + 1] == "5"


def _suite_folder(tmp_path: Path) -> Path:
    out = tmp_path / "python"
    shutil.copytree(TESTDATA / "python", out)
    _payload(out / payloads.PAYLOAD_DIR, ENCODE, b'{"records":[]}' * 10)
    _payload(out / payloads.PAYLOAD_DIR, NO_RESULT, b"{}")
    return out


def test_ingest_stores_sizes_on_the_encode_cases_that_have_a_result(tmp_path: Path) -> None:
    out = _suite_folder(tmp_path)
    with Store.open(tmp_path / "s.sqlite") as store:
        run = new_run(store)
        outcome = ingest_suite(store, run, suite("python"), out)
        assert outcome.errors == [] and outcome.payloads == 1
        metrics = metrics_of(store, run, parse_case_id(ENCODE, "python"))
        assert metrics["wire_zlib6_bytes"] == len(zlib.compress(b'{"records":[]}' * 10, 6))
        assert metrics["wire_zstd3_bytes"] == _zstd3(out / "payloads" / payloads.file_name(ENCODE))
        assert metrics["wire_bytes"] > 0  # the suite's own metrics stay


def test_without_zstd_the_suite_fails_naming_the_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(payloads, "ZSTD_TOOL", str(tmp_path / "nonexistent"))
    with Store.open(tmp_path / "s.sqlite") as store:
        outcome = ingest_suite(store, new_run(store), suite("python"), _suite_folder(tmp_path))
    assert len(outcome.errors) == 1 and "Debian package 'zstd'" in outcome.errors[0]


def test_a_remeasured_encode_case_keeps_its_compressed_sizes(tmp_path: Path) -> None:
    out = _suite_folder(tmp_path)
    with Store.open(tmp_path / "s.sqlite") as store:
        run = new_run(store)
        ingest_suite(store, run, suite("python"), out)
        (out / REMEASURE_CASES).write_text(ENCODE + "\n")
        (out / REMEASURE_DIR).mkdir()
        # The same results in other bytes: a re-measurement's file.
        rewritten = json.dumps(json.loads((out / "python.json").read_text()))
        (out / REMEASURE_DIR / "python.json").write_text(rewritten)
        assert ingest_remeasure(store, run, suite("python"), out) == []
        assert "wire_zstd3_bytes" in metrics_of(store, run, parse_case_id(ENCODE, "python"))
