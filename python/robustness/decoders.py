"""The decoders the robustness worker offers, and how one decode attempt is classified.

Every decoder is a suite library (serbench_py.registry) of a corpus format: the
worker decodes with the library's own codec and compares with the fixture through
the suite's own comparison (roundtrip.first_difference), as the interop CLI does.
"""

import dataclasses
import functools
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from schemas.catalog import catalog
from serbench_py.adapter import Capability, Codec, Library
from serbench_py.registry import LIBRARIES
from serbench_py.roundtrip import first_difference
from serbench_py.sources import SOURCES, Source

CORPUS_FORMATS = catalog.CORPUS_FORMATS
EXPECTS = ("fixture", "accept", "reject")

# Where the protocol names the mode, it replaces the suite's variant name.
_PROTOCOL_VARIANTS: dict[tuple[str, str | None], str] = {
    # The Python FlatBuffers runtime has no verifier: the object-API unpack is all there is.
    ("flatbuffers", None): "noverify",
    # pycapnp's reader with its default traversal and nesting limits.
    ("pycapnp", None): "limits",
}
# Suite variants that are not decoders of the corpus's wire layout, and why.
_ARRAYS = "array_like Structs read arrays, the corpus holds maps"
_NOGC = "the same parser as struct (gc=False only skips GC tracking)"
LEFT_OUT: dict[tuple[str, str, str | None], str] = {
    ("msgspec", fmt, variant): why
    for variant, why in (("struct_array", _ARRAYS), ("struct_nogc", _NOGC))
    for fmt in ("json", "msgpack")
}
LEFT_OUT[("msgspec", "json", "struct_nogc_tuple")] = "a model of the packages document only"
LEFT_OUT[("json", "json", "default")] = "the same parser as json (schemaless): json.loads"
LEFT_OUT[("protobuf", "json", "upb")] = "protobuf JSON reads a user's message (runner mine --proto)"
# Schema-less decoders of a JSON_checker document build their codec from this
# stand-in: it has no schema and no fixture.
_DOCUMENT = Source("document", (1,), None, "")
_ERROR_REPEATS = 5
_ERROR_BUDGET_NS = 2_000_000


@dataclass(frozen=True)
class Decoder:
    library: Library
    variant: str | None  # the protocol's name of the variant
    # A robustness-only reader: (format, the library's codec) -> the codec with the
    # library's settings for untrusted input.
    harden: Callable[[str, Codec], Codec] | None = None

    @property
    def key(self) -> tuple[str, str | None, str]:
        return self.library.lib, self.variant, self.library.format

    @property
    def schemaless(self) -> bool:
        return Capability.SCHEMALESS in self.library.capabilities

    def describe(self) -> dict[str, Any]:
        lib, variant, format_name = self.key
        return {
            "lib": lib,
            "variant": variant,
            "format": format_name,
            "version": self.library.version,
            "schemaless": self.schemaless,
        }


# Thrift's protocols take limits for untrusted input (None by default): no string
# longer than 1 MiB, no container of more than 100,000 elements, both far above
# what the largest fixture holds.
_THRIFT_STRING_LIMIT = 1 << 20
_THRIFT_CONTAINER_LIMIT = 100_000


def _thrift_limits(format_name: str, codec: Codec) -> Codec:
    from thrift.protocol import TBinaryProtocol, TCompactProtocol

    factory = (
        TCompactProtocol.TCompactProtocolAcceleratedFactory
        if format_name == "thrift_compact"
        else TBinaryProtocol.TBinaryProtocolAcceleratedFactory
    )
    limits = factory(
        string_length_limit=_THRIFT_STRING_LIMIT, container_length_limit=_THRIFT_CONTAINER_LIMIT
    )
    return dataclasses.replace(codec, factory=limits)  # type: ignore[type-var]


# Hardened readers beside the defaults, where the library documents settings for
# untrusted input: library -> the settings applied to its codec.
_HARDENED: dict[str, Callable[[str, Codec], Codec]] = {"thrift": _thrift_limits}


def _decoders() -> dict[tuple[str, str | None, str], Decoder]:
    chosen = [
        a
        for a in LIBRARIES
        if a.format in CORPUS_FORMATS and (a.lib, a.format, a.variant) not in LEFT_OUT
    ]
    decoders = [Decoder(a, _PROTOCOL_VARIANTS.get((a.lib, a.variant), a.variant)) for a in chosen]
    decoders += [
        Decoder(a, "_".join(filter(None, (a.variant, "hardened"))), _HARDENED[a.lib])
        for a in chosen
        if a.lib in _HARDENED
    ]
    return {d.key: d for d in decoders}


DECODERS = _decoders()


@dataclass(frozen=True)
class Request:
    decoder: Decoder
    dataset: str | None  # None: a schema-less document (expect accept or reject)
    size: int | None
    path: Path
    expect: str


@functools.cache
def _codec(key: tuple[str, str | None, str], dataset: str | None) -> Codec:
    """Built once per decoder and dataset (imports the library, builds its classes)."""
    decoder = DECODERS[key]
    codec = decoder.library.codec(SOURCES[dataset] if dataset else _DOCUMENT)
    return decoder.harden(decoder.library.format, codec) if decoder.harden else codec


@functools.cache
def _fixture(dataset: str, size: int) -> Any:
    return SOURCES[dataset].load(size)


def seed(format_name: str, dataset: str, size: int) -> bytes:
    """The fixture in a format no reference encoder writes, by this language's first
    decoder of it (the corpus mutates these like the golden vectors)."""
    decoder = next(d for d in DECODERS.values() if d.library.format == format_name)
    codec = _codec(decoder.key, dataset)
    return codec.encode(codec.native(_fixture(dataset, size)))


def _describe(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"[:200]


def _attempt(decode: Callable[[bytes], Any], data: bytes) -> tuple[Any, Exception | None, int]:
    start = time.monotonic_ns()
    try:
        value = decode(data)
    except Exception as error:  # MemoryError and RecursionError included: classified below
        return None, error, time.monotonic_ns() - start
    return value, None, time.monotonic_ns() - start


def _error_cost(decode: Callable[[bytes], Any], data: bytes, first_ns: int) -> int:
    """The median of a few rejections of `data` (the error path is cheap: ~2 ms at most)."""
    times = [first_ns]
    while len(times) < _ERROR_REPEATS and sum(times) < _ERROR_BUDGET_NS:
        times.append(_attempt(decode, data)[2])
    return int(statistics.median(times))


def _compare(codec: Codec, decoded: Any, request: Request) -> str | None:
    """The first field where the decoded payload differs from the fixture, if any."""
    assert request.dataset is not None and request.size is not None
    try:
        tree = codec.to_tree(decoded)
        # JSON has one number type: a mutation may turn -549.0 into -549 (as in interop).
        by_value = request.decoder.library.format == "json"
        return first_difference(_fixture(request.dataset, request.size), tree, "", by_value)
    except Exception as error:  # garbage the library accepted may not even convert
        return f"accepted, but not a {request.dataset} payload: {_describe(error)}"


def _reply(outcome: str, detail: str, ns: int) -> dict[str, Any]:
    return {"outcome": outcome, "detail": detail, "ns": ns}


def handle(request: Request) -> dict[str, Any]:
    """Decodes the request's file and classifies the outcome (the reply object)."""
    codec = _codec(request.decoder.key, request.dataset)
    data = request.path.read_bytes()
    # A lazy decode (pycapnp's reader) defers its checks to field access: the
    # robustness decode reads every field, so the library's errors surface here.
    decode: Callable[[bytes], Any] = getattr(codec, "decode_full", codec.decode)
    decoded, error, ns = _attempt(decode, data)
    if isinstance(error, MemoryError):
        return _reply("memory_blowup", _describe(error), ns)
    if error is not None:
        return _reply("clean_error", _describe(error), _error_cost(decode, data, ns))
    if request.expect != "fixture":
        return _reply("accepted", "", ns)
    difference = _compare(codec, decoded, request)
    return _reply("accepted_different" if difference else "accepted_equal", difference or "", ns)
