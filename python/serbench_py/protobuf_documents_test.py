"""protobuf's benchmark payloads (google_message*): fixtures, the check, who applies."""

import pytest

from serbench_py import protobuf_documents
from serbench_py.adapters.protobuf_adapter import BACKEND_ENV, ProtobufLibrary
from serbench_py.registry import LIBRARIES
from serbench_py.sources import SOURCES
from serbench_py.suite import Workbench, plan

_DOCUMENTS = [name for name, source in SOURCES.items() if source.format == "protobuf"]


@pytest.fixture(autouse=True)
def _upb(monkeypatch: pytest.MonkeyPatch) -> None:
    # Chosen before protobuf is first imported (nothing else in this test process imports it).
    monkeypatch.setenv(BACKEND_ENV, "upb")


@pytest.mark.parametrize("name", _DOCUMENTS)
def test_every_document_round_trips_and_only_protobuf_applies(name: str) -> None:
    source = SOURCES[name]
    planned = plan(LIBRARIES, [source])
    applicable = {(p.case.lib, p.case.op) for p in planned if not p.not_applicable}
    assert applicable == {("protobuf", op) for op in ("encode", "decode", "roundtrip")}
    workbench = Workbench()
    for item in plan([ProtobufLibrary("upb")], [source]):
        if not item.not_applicable:
            wire_bytes = workbench.prepare(item).metadata["wire_bytes"]  # raises if refused
            assert isinstance(wire_bytes, int) and wire_bytes > 0


@pytest.mark.parametrize("name", _DOCUMENTS)
def test_the_fixture_is_the_payload_as_text(name: str) -> None:
    from google.protobuf import text_format

    message, payload = protobuf_documents.unwrap(SOURCES[name].raw(1))
    text = SOURCES[name].load(1)
    assert text.count("\n") > 10
    assert text_format.Parse(text, message()) == message.FromString(payload)


def test_a_payload_read_as_the_wrong_type_is_refused() -> None:
    _, payload = protobuf_documents.unwrap(SOURCES["google_message2"].raw(1))
    message1, _ = protobuf_documents.unwrap(SOURCES["google_message1_proto2"].raw(1))
    with pytest.raises(ValueError, match=r"fields unknown to benchmarks\.proto2\.GoogleMessage1"):
        protobuf_documents.canonical(message1.FromString(payload))
