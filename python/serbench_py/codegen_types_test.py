"""The timed callables of the code-generated formats start from and end with the
objects the operation definitions name (CONTRACT: "same name, same work"):
encode takes the library's generated object, decode returns it, and convert
takes and returns the suite's domain model (stdlib dataclasses)."""

import dataclasses
import os
from typing import Any

import pytest

from schemas.catalog import catalog
from serbench_py.registry import LIBRARIES
from serbench_py.sources import SOURCES
from serbench_py.suite import Workbench, plan
from serbench_py.typed import domain_model

_DATASET = "filetree"  # unions, optionals, timestamps and enums in one dataset


_FORMATS = list(catalog.CODEGEN_FORMATS)


def _generated(fmt: str) -> tuple[type, type]:
    """(what encode takes, what decode returns) for each format's library."""
    if fmt.startswith("thrift"):
        module = __import__(f"serbench_thrift.{_DATASET}.ttypes", fromlist=["Payload"])
        return module.Payload, module.Payload
    if fmt == "protobuf":
        from google.protobuf.message import Message

        return Message, Message
    if fmt == "flatbuffers":
        module = __import__(f"schemas.{_DATASET}.{_DATASET}_generated", fromlist=["PayloadT"])
        return module.PayloadT, module.PayloadT
    import capnp

    return capnp.lib.capnp._DynamicStructBuilder, capnp.lib.capnp._DynamicStructReader


def _payload_type(obj: Any) -> str:
    """The generated type's name (a pycapnp object names its struct in its schema)."""
    schema = getattr(obj, "schema", None)
    if schema is not None:
        return str(schema.node.displayName).rpartition(":")[2]
    return type(obj).__name__.removesuffix("T")


def _timed(fmt: str, op: str) -> tuple[Any, Any]:
    """(the input, the output) of one call of the case's timed function."""
    backend = os.environ.get("PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION", "upb")
    libraries = [
        a for a in LIBRARIES if a.format == fmt and (fmt != "protobuf" or a.variant == backend)
    ]
    (planned,) = [
        p for p in plan(libraries, [SOURCES[_DATASET]]) if p.case.op == op and p.case.size == 100
    ]
    prepared = Workbench().prepare(planned)
    return prepared.arg, prepared.func(prepared.arg)


@pytest.mark.parametrize("fmt", _FORMATS)
def test_encode_takes_and_decode_returns_the_generated_objects(fmt: str) -> None:
    takes, returns = _generated(fmt)
    arg, out = _timed(fmt, "encode")
    assert isinstance(arg, takes) and _payload_type(arg) == "Payload"
    assert isinstance(out, bytes)
    arg, out = _timed(fmt, "decode")
    assert isinstance(arg, bytes)
    assert isinstance(out, returns) and _payload_type(out) == "Payload"
    arg, out = _timed(fmt, "roundtrip")
    assert isinstance(arg, takes) and isinstance(out, returns)


@pytest.mark.parametrize("fmt", _FORMATS)
def test_convert_takes_and_returns_the_domain_model(fmt: str) -> None:
    schema = SOURCES[_DATASET].schema
    assert schema is not None
    payload = domain_model(schema).payload
    arg, out = _timed(fmt, "convert")
    assert type(arg) is payload and type(out) is payload
    assert dataclasses.is_dataclass(out)
    assert out == arg  # every field back as it went in
