"""A user's message: built from a descriptor set, checked in its own terms, a document that
does not fit it refused naming the field, an array measured as a list of messages."""

import importlib
from pathlib import Path
from typing import Any

import pytest

from serbench_py.adapters.protobuf_adapter import BACKEND_ENV, ProtobufLibrary
from serbench_py.roundtrip import RoundTripError, check_round_trip
from serbench_py.sources import UserProto, user_document
from serbench_py.user_proto import delimited, undelimited

USER = {"name": 'caf\u00e9 "q"', "age": 36, "tags": ["a", "b"], "address": {"city": "c"}}


@pytest.fixture(autouse=True)
def _upb(monkeypatch: pytest.MonkeyPatch) -> None:
    # Chosen before protobuf is first imported (nothing else in this test process imports it).
    monkeypatch.setenv(BACKEND_ENV, "upb")


def _proto(tmp_path: Path) -> UserProto:
    from google.protobuf import descriptor_pb2

    files = descriptor_pb2.FileDescriptorSet()
    importlib.import_module("schemas.user.user_pb2").DESCRIPTOR.CopyToProto(files.file.add())
    path = tmp_path / "user.pb"
    path.write_bytes(files.SerializeToString())
    return UserProto(path, "serbench.user.User")


def _codec(tmp_path: Path, document: Any, fmt: str) -> Any:
    import json

    path = tmp_path / "doc.json"
    path.write_text(json.dumps(document))
    source = user_document("mine:t", path, _proto(tmp_path))
    library = ProtobufLibrary("upb", format=fmt)
    assert library.supports(source) is None
    return library.codec(source), source.load(1)


@pytest.mark.parametrize("fmt", ["protobuf", "json"])
def test_one_document_is_one_message(tmp_path: Path, fmt: str) -> None:
    codec, tree = _codec(tmp_path, USER, fmt)
    message, payload = check_round_trip(codec, tree)
    assert message.name == 'caf\u00e9 "q"' and message.address.city == "c"
    if fmt == "json":
        assert payload.decode().startswith('{"name": "caf\u00e9 \\"q\\"", "age": 36')


@pytest.mark.parametrize("fmt", ["protobuf", "json"])
def test_an_array_is_a_list_of_messages_delimited_or_one_a_line(tmp_path: Path, fmt: str) -> None:
    codec, tree = _codec(tmp_path, [USER, {"name": "b"}], fmt)
    messages, payload = check_round_trip(codec, tree)
    assert [m.name for m in messages] == [USER["name"], "b"]
    if fmt == "json":
        assert payload.count(b"\n") == 1
    else:
        assert [type(messages[0]).FromString(p) for p in undelimited(payload)] == messages


def test_a_document_that_does_not_fit_names_the_field(tmp_path: Path) -> None:
    codec, tree = _codec(tmp_path, {"name": "a", "agee": 1}, "protobuf")
    with pytest.raises(RoundTripError, match=r'does not fit serbench\.user\.User: .*"agee"'):
        check_round_trip(codec, tree)


def test_protobuf_json_is_only_for_a_users_message(tmp_path: Path) -> None:
    path = tmp_path / "doc.json"
    path.write_text("{}")
    reason = ProtobufLibrary("upb", format="json").supports(user_document("mine:t", path))
    assert reason is not None and "runner mine --proto" in reason


def test_delimited_parts_come_back_whatever_their_size() -> None:
    parts = [b"", b"x", b"y" * 127, b"z" * 128, b"w" * 300_000]
    assert [bytes(p) for p in undelimited(delimited(parts))] == parts
