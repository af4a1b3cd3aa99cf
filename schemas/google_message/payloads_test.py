"""protobuf's benchmark payloads are in runfiles with their upstream hashes, and
every payload parses as the message its BenchmarkDataset wrapper names, with
classes built from the upstream .proto files by the venv's protoc."""

import subprocess
from pathlib import Path

import pytest
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory, unknown_fields
from google.protobuf.message import Message

from schemas.real import hashes

_DIR = Path("schemas/google_message")
_PROTOC = Path("external/local_env/py_protoc/protoc")
_PAYLOADS = ["google_message1_proto2", "google_message1_proto3", "google_message2"]


@pytest.fixture(scope="module")
def classes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, type[Message]]:
    out = tmp_path_factory.mktemp("descriptors") / "all.pb"
    protos = sorted(p.name for p in _DIR.glob("*.proto"))
    subprocess.run([str(_PROTOC), f"-I{_DIR}", f"--descriptor_set_out={out}", *protos], check=True)
    pool = descriptor_pool.DescriptorPool()
    files = descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes()).file
    for file in files:
        pool.Add(file)
    return dict(message_factory.GetMessageClassesForFiles([f.name for f in files], pool))


@pytest.mark.parametrize("name", _PAYLOADS)
def test_payload_has_its_upstream_hash(name: str) -> None:
    assert hashes.sha256_of(_DIR / f"{name}.pb") == hashes.expected()[f"dataset.{name}.pb"]


@pytest.mark.parametrize("name", _PAYLOADS)
def test_every_payload_parses_as_the_named_message(name: str, classes: dict[str, type[Message]]) -> None:
    dataset = classes["benchmarks.BenchmarkDataset"].FromString((_DIR / f"{name}.pb").read_bytes())
    message_class = classes[dataset.message_name]  # type: ignore[attr-defined]
    assert dataset.payload  # type: ignore[attr-defined]
    for payload in dataset.payload:  # type: ignore[attr-defined]
        message = message_class.FromString(payload)
        # Parsed into known fields, not merely skipped or kept as unknown bytes.
        assert message.ListFields()
        assert len(unknown_fields.UnknownFieldSet(message)) == 0
        assert message_class.FromString(message.SerializeToString()) == message
