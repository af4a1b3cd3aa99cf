"""protobuf's own benchmark payloads (google_message*, schemas/README.md).

Each file is a `benchmarks.BenchmarkDataset` wrapper naming its message type; the
fixture of the document is its payload as canonical protobuf text, so the round-trip
check compares messages field by field (as C++'s MessageDifferencer does), not wire
bytes (a proto3 re-serialization need not repeat upstream's bytes).
"""

import importlib
from typing import Any

_PACKAGE = "schemas.google_message"
# The generated module of every message type a wrapper may name.
_MODULES = {
    "benchmarks.proto2.GoogleMessage1": "benchmark_message1_proto2_pb2",
    "benchmarks.proto3.GoogleMessage1": "benchmark_message1_proto3_pb2",
    "benchmarks.proto2.GoogleMessage2": "benchmark_message2_pb2",
}


def unwrap(wrapper: bytes) -> tuple[Any, bytes]:
    """The message class and the payload of a BenchmarkDataset file.

    Every upstream file holds one payload; the suite times one payload per call.
    """
    dataset = importlib.import_module(f"{_PACKAGE}.benchmarks_pb2").BenchmarkDataset
    parsed = dataset.FromString(wrapper)
    if len(parsed.payload) != 1:
        raise ValueError(f"{parsed.name}: {len(parsed.payload)} payloads, expected one")
    module = importlib.import_module(f"{_PACKAGE}.{_MODULES[parsed.message_name]}")
    return getattr(module, parsed.message_name.rsplit(".", 1)[1]), parsed.payload[0]


def canonical(message: Any) -> str:
    """The message as protobuf text; a field unknown to its type (a wrong type) is an error."""
    from google.protobuf import text_format, unknown_fields

    unknown = len(unknown_fields.UnknownFieldSet(message))
    if unknown:
        raise ValueError(f"{unknown} fields unknown to {message.DESCRIPTOR.full_name}")
    text: str = text_format.MessageToString(message)
    return text


def fixture(wrapper: bytes) -> str:
    message, payload = unwrap(wrapper)
    return canonical(message.FromString(payload))
