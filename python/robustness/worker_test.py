"""The worker binary follows the robustness protocol: --list, replies, exit 2 on driver bugs."""

import json
import signal
import subprocess
from pathlib import Path
from typing import Any

import pytest
from robustness.decoders import CORPUS_FORMATS

from schemas.catalog import catalog

_WORKER = "python/robustness/worker"
_ENCODER = "python/interop/interop"
_OUTCOMES = {"clean_error", "accepted_equal", "accepted_different", "accepted", "memory_blowup"}


def _listed() -> list[dict[str, Any]]:
    result = subprocess.run([_WORKER, "--list"], capture_output=True, text=True, check=True)
    listed: list[dict[str, Any]] = json.loads(result.stdout)
    return listed


def _serve(requests: list[str]) -> subprocess.CompletedProcess[str]:
    lines = "".join(line + "\n" for line in requests)
    return subprocess.run([_WORKER], input=lines, capture_output=True, text=True, check=False)


def _request(decoder: dict[str, Any], path: Path, **fields: Any) -> str:
    request = {"lib": decoder["lib"], "variant": decoder["variant"], "format": decoder["format"]}
    request |= {"dataset": "user", "size": 1, "path": str(path), "expect": "fixture"} | fields
    return json.dumps(request)


# The corpus formats only Python writes: the worker writes their seed vectors.
_SEEDED = {"avro", "cbor"}
_GOLDEN = set(CORPUS_FORMATS) & set(catalog.GOLDEN_FORMATS)


def _controls(tmp_path: Path) -> dict[str, Path]:
    """user_1 in every corpus format Python reads: the interop encoder's golden vectors
    and the worker's own seed vectors."""
    controls = {fmt: tmp_path / f"user_1.{fmt}" for fmt in _GOLDEN | _SEEDED}
    for fmt in _GOLDEN:
        command = [
            "encode",
            "--format",
            fmt,
            "--dataset",
            "user",
            "--size",
            "1",
            "--out",
            controls[fmt],
        ]
        subprocess.run([_ENCODER, *map(str, command)], check=True)
    subprocess.run([_WORKER, "--seeds", str(tmp_path), *sorted(_SEEDED)], check=True)
    return controls


def test_list_names_the_protocol_decoders() -> None:
    listed = _listed()
    keys = {(d["lib"], d["variant"], d["format"]) for d in listed}
    assert {("flatbuffers", "noverify", "flatbuffers"), ("pycapnp", "limits", "capnp")} <= keys
    assert {("protobuf", "upb", "protobuf"), ("protobuf", "python", "protobuf")} <= keys
    assert ("msgspec", "struct", "msgpack") in keys and ("pydantic", "v2", "json") in keys
    assert not any(d["variant"] == "verify" for d in listed)  # no verifier in Python
    assert {d["format"] for d in listed} == _GOLDEN | _SEEDED
    assert {
        ("thrift", "hardened", "thrift_binary"),
        ("thrift", "compact_hardened", "thrift_compact"),
    } <= keys
    assert all(isinstance(d["version"], str) and d["version"] for d in listed)
    schemaless = {d["lib"] for d in listed if d["schemaless"] and d["format"] == "json"}
    assert {"json", "orjson", "ujson", "rapidjson", "simdjson", "msgspec"} == schemaless


def test_every_decoder_accepts_its_control_and_rejects_garbage(tmp_path: Path) -> None:
    controls = _controls(tmp_path)
    garbage = tmp_path / "garbage.bin"
    # 0xc1 is never used in MessagePack; nothing here is a valid prefix in any format.
    garbage.write_bytes(b"\xc1garbage\xff")
    decoders = _listed()
    requests = [_request(d, path) for d in decoders for path in (controls[d["format"]], garbage)]
    result = _serve(requests)
    assert result.returncode == 0, result.stderr
    replies = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(replies) == len(requests)
    for decoder, control, rejected in zip(decoders, replies[::2], replies[1::2], strict=True):
        assert control["outcome"] == "accepted_equal", (decoder, control)
        assert rejected["outcome"] == "clean_error", (decoder, rejected)
        assert rejected["detail"] and rejected["ns"] > 0


def test_documents_and_wrong_data(tmp_path: Path) -> None:
    json_decoder = {"lib": "json", "variant": "schemaless", "format": "json"}
    document = tmp_path / "pass.json"
    document.write_bytes(b'[1, {"a": null}]')
    deep = tmp_path / "deep.json"
    deep.write_bytes(b"[" * 10_000 + b"]" * 10_000)
    other = tmp_path / "user_100.json"
    other.write_bytes(b'{"records": []}')
    result = _serve(
        [
            _request(json_decoder, document, dataset=None, size=None, expect="accept"),
            _request(json_decoder, deep, dataset=None, size=None, expect="reject"),
            _request(json_decoder, other),
        ]
    )
    accepted, too_deep, different = (json.loads(line) for line in result.stdout.splitlines())
    assert accepted["outcome"] == "accepted"
    assert too_deep["outcome"] == "clean_error" and "RecursionError" in too_deep["detail"]
    assert different == {**different, "outcome": "accepted_different"}
    assert different["detail"] == "records: expected 1 items, got 0"
    assert {accepted["outcome"], too_deep["outcome"], different["outcome"]} <= _OUTCOMES


def test_a_child_worker_that_dies_takes_the_worker_down_the_same_way(tmp_path: Path) -> None:
    control = _controls(tmp_path)["protobuf"]
    upb = {"lib": "protobuf", "variant": "upb", "format": "protobuf"}
    worker = subprocess.Popen([_WORKER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert worker.stdin is not None and worker.stdout is not None
    worker.stdin.write(_request(upb, control) + "\n")
    worker.stdin.flush()
    assert json.loads(worker.stdout.readline())["outcome"] == "accepted_equal"
    # The upb backend is served by a child worker: make it crash like a decoder would.
    children = Path(f"/proc/{worker.pid}/task/{worker.pid}/children").read_text().split()
    assert len(children) == 1
    subprocess.run(["kill", "-SEGV", children[0]], check=True)
    worker.stdin.write(_request(upb, control) + "\n")
    worker.stdin.flush()
    assert worker.stdout.readline() == ""  # no reply: the worker died
    assert worker.wait(timeout=30) == -signal.SIGSEGV


@pytest.mark.parametrize(
    "line",
    [
        '{"lib": "nosuchlib", "variant": null, "format": "json", "dataset": "user", "size": 1,'
        ' "path": "/dev/null", "expect": "fixture"}',
        "not json",
        '{"lib": "json"}',
    ],
)
def test_driver_bugs_exit_2_without_a_reply(line: str) -> None:
    result = _serve([line])
    assert result.returncode == 2
    assert result.stdout == ""
    assert "bad request" in result.stderr


def test_a_typed_decoder_refuses_a_document_request(tmp_path: Path) -> None:
    path = tmp_path / "doc.json"
    path.write_bytes(b"[]")
    typed = {"lib": "pydantic", "variant": "v2", "format": "json"}
    result = _serve([_request(typed, path, dataset=None, size=None, expect="accept")])
    assert result.returncode == 2 and result.stdout == ""
