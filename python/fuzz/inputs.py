"""The inputs hypothesis draws for a decoder (python/fuzz/README.md): a seed of the
decoder's format (a corpus input or golden vector) put through up to four drawn
mutations, and, for a schema-less JSON or MessagePack decoder, documents drawn as
trees (any nesting, numbers at the edges of their types, any text) and encoded."""

import json
from collections.abc import Callable, Sequence
from typing import Any, Literal

import msgpack  # type: ignore[import-untyped]
from hypothesis import strategies as st

Seed = tuple[str | None, bytes]  # (dataset, bytes); dataset None: a schema-less document

# Values that length and count fields get wrong: zero, sign bits, past-int32, all ones.
_WIDE = (0, 1, 0x7F, 0x80, 0xFF, 0x7FFF, 0xFFFF, 0x7FFFFFFF, 0xFFFFFFFF, 2**63 - 1, 2**64 - 1)
_JSON_TOKENS = (
    b"[",
    b"]",
    b"{",
    b"}",
    b'"',
    b"\\u",
    b",",
    b":",
    b"-",
    b"e999",
    b"1e-400",
    b"\x00",
    b"\xff",
)


@st.composite
def _mutation(draw: st.DrawFn, data: bytes, seeds: Sequence[Seed]) -> bytes:
    at = draw(st.integers(0, len(data)))
    kind = draw(
        st.sampled_from(
            ("flip", "insert", "delete", "truncate", "wide", "splice", "repeat", "token")
        )
    )
    if kind == "flip" and data:
        at = min(at, len(data) - 1)
        return data[:at] + bytes([data[at] ^ (1 << draw(st.integers(0, 7)))]) + data[at + 1 :]
    if kind == "insert":
        return data[:at] + draw(st.binary(min_size=1, max_size=8)) + data[at:]
    if kind == "delete":
        return data[:at] + data[at + draw(st.integers(1, 8)) :]
    if kind == "truncate":
        return data[:at]
    if kind == "wide":
        value: int = draw(st.sampled_from(_WIDE))
        width: int = draw(st.sampled_from((1, 2, 4, 8)))
        order: Literal["little", "big"] = draw(st.sampled_from(("little", "big")))
        wide = (value & (256**width - 1)).to_bytes(width, order)
        return bytes(data[:at] + wide + data[at + width :])
    if kind == "splice":
        other = draw(st.sampled_from(seeds))[1]
        start = draw(st.integers(0, len(other)))
        return data[:at] + other[start : start + draw(st.integers(1, 256))] + data[at:]
    if kind == "repeat":
        chunk = data[at : at + draw(st.integers(1, 16))]
        return data[:at] + chunk * draw(st.integers(2, 2000)) + data[at:]
    return data[:at] + draw(st.sampled_from(_JSON_TOKENS)) + data[at:]


@st.composite
def mutated(draw: st.DrawFn, seeds: Sequence[Seed]) -> Seed:
    dataset, data = draw(st.sampled_from(seeds))
    for _ in range(draw(st.integers(0, 4))):
        data = draw(_mutation(data, seeds))
    return dataset, data


# Any text but surrogates, drawn as code points: hypothesis's st.text() first builds a
# Unicode table (about 10 s), in every child process.
_TEXT = st.lists(
    st.integers(0, 0x10FFFF).filter(lambda c: not 0xD800 <= c <= 0xDFFF), max_size=16
).map(lambda points: "".join(map(chr, points)))


def _trees(binary: bool) -> st.SearchStrategy[Any]:
    # JSON integers have no bound; MessagePack's are 64-bit and it has bytes.
    scalars = st.none() | st.booleans() | st.floats() | _TEXT
    leaves = (
        scalars | st.binary() | st.integers(-(2**63), 2**64 - 1)
        if binary
        else scalars | st.integers()
    )
    return st.recursive(
        leaves,
        lambda children: st.lists(children) | st.dictionaries(_TEXT, children),
        max_leaves=40,
    )


def _deep(draw: st.DrawFn, opener: bytes, closer: bytes) -> bytes:
    depth = draw(st.integers(1, 100_000))
    return opener * depth + closer * draw(st.integers(0, depth))


_ENCODERS: dict[str, tuple[Callable[[Any], bytes], bytes, bytes]] = {
    "json": (lambda tree: json.dumps(tree).encode("utf-8", "surrogatepass"), b"[", b"]"),
    "msgpack": (lambda tree: msgpack.packb(tree), b"\x91", b""),
}


@st.composite
def documents(draw: st.DrawFn, format_name: str) -> Seed:
    """A drawn tree encoded in `format_name`, or a deep nest of its arrays."""
    encode, opener, closer = _ENCODERS[format_name]
    if draw(st.booleans()):
        return None, _deep(draw, opener, closer)
    return None, encode(draw(_trees(binary=format_name != "json")))


def strategy(format_name: str, schemaless: bool, seeds: Sequence[Seed]) -> st.SearchStrategy[Seed]:
    if schemaless and format_name in _ENCODERS:
        return mutated(seeds) | documents(format_name)
    return mutated(seeds)
