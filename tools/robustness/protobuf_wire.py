"""Protobuf wire scanning (tag / varint walk, no schema) and the protobuf-aware
mutators: lying lengths, wrong wire types, repeated fields, a 10,000-deep filetree."""

import random
from dataclasses import dataclass

from tools.robustness.mutant import Base, Mutant, shuffled

VARINT, FIXED64, LEN, FIXED32 = 0, 1, 2, 5
_FIXED = {FIXED64: 8, FIXED32: 4}


class WireError(ValueError):
    pass


@dataclass(frozen=True)
class Field:
    """One tag/value pair: bytes [start, end); for LEN, the length varint is at
    [len_at, value_at)."""

    number: int
    wire: int
    start: int
    len_at: int
    value_at: int
    end: int


def varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def read_varint(data: bytes, pos: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        if pos >= len(data) or shift > 63:
            raise WireError(f"bad varint at {pos}")
        byte = data[pos]
        value |= (byte & 0x7F) << shift
        pos, shift = pos + 1, shift + 7
        if not byte & 0x80:
            return value, pos


def fields(data: bytes, start: int = 0, end: int | None = None) -> list[Field]:
    """The fields of one message; WireError if the bytes are not a message."""
    end = len(data) if end is None else end
    out, pos = [], start
    while pos < end:
        tag, len_at = read_varint(data, pos)
        number, wire = tag >> 3, tag & 7
        if number == 0:
            raise WireError(f"field 0 at {pos}")
        value_at, stop = len_at, len_at
        if wire == VARINT:
            stop = read_varint(data, len_at)[1]
        elif wire == LEN:
            length, value_at = read_varint(data, len_at)
            stop = value_at + length
        elif wire in _FIXED:
            stop = len_at + _FIXED[wire]
        else:
            raise WireError(f"wire type {wire} at {pos}")
        if stop > end:
            raise WireError(f"field at {pos} runs past {end}")
        out.append(Field(number, wire, pos, len_at, value_at, stop))
        pos = stop
    return out


def walk(data: bytes) -> list[Field]:
    """Every field, descending into each LEN value that parses as a message (a
    string may parse too: then its bytes are mutated like a message's)."""
    found, todo = [], [(0, len(data))]
    while todo:
        start, end = todo.pop()
        try:
            level = fields(data, start, end)
        except WireError:
            continue
        found += level
        todo += [(f.value_at, f.end) for f in level if f.wire == LEN and f.end > f.value_at]
    return sorted(found, key=lambda f: f.start)


def _lies(data: bytes, f: Field) -> list[tuple[str, bytes]]:
    past_end = len(data) - f.value_at + 1
    return [
        ("past_end", varint(past_end)),
        ("int32_max", varint(2**31 - 1)),
        ("uint32_wrap", varint(2**32 + 1)),
        ("int64_max", varint(2**63 - 1)),
        # Eleven bytes: longer than any valid varint.
        ("overlong", b"\xff" * 10 + b"\x01"),
    ]


def length_lie(base: Base, rng: random.Random, count: int) -> list[Mutant]:
    data = base.data
    candidates = [(f, name, raw) for f in walk(data) if f.wire == LEN for name, raw in _lies(data, f)]
    return [
        Mutant(
            data[: f.len_at] + raw + data[f.value_at :], {"offset": f.len_at, "field": f.number, "lie": name}
        )
        for f, name, raw in shuffled(candidates, rng, count)
    ]


def _retyped(data: bytes, f: Field) -> bytes:
    """The field with the same number and another wire type, well formed."""
    if f.wire == LEN:
        return varint(f.number << 3 | VARINT) + varint(f.end - f.value_at)
    payload = data[f.len_at : f.end]
    return varint(f.number << 3 | LEN) + varint(len(payload)) + payload


def wrong_type(base: Base, rng: random.Random, count: int) -> list[Mutant]:
    data = base.data
    return [
        Mutant(
            data[: f.start] + _retyped(data, f) + data[f.end :],
            {"offset": f.start, "field": f.number, "wire": f.wire},
        )
        for f in shuffled(walk(data), rng, count)
    ]


def duplicate_key(base: Base, rng: random.Random, count: int) -> list[Mutant]:
    """A field repeated right after itself: the last one wins for scalars,
    messages merge, repeated fields get one more element."""
    data = base.data
    return [
        Mutant(data[: f.end] + data[f.start : f.end] + data[f.end :], {"offset": f.start, "field": f.number})
        for f in shuffled(walk(data), rng, count)
    ]


def _len_field(number: int, payload: bytes) -> bytes:
    return varint(number << 3 | LEN) + varint(len(payload)) + payload


def deep_filetree(depth: int) -> bytes:
    """Payload{records: [Node{directory: Directory{name, contents: [Node{...}]}}]},
    `depth` directories deep (filetree.proto: Node.directory = 2,
    Directory.name = 1, Directory.contents = 6, Payload.records = 1)."""
    node = b""
    for level in range(depth):
        directory = _len_field(1, b"d") + (_len_field(6, node) if level else b"")
        node = _len_field(2, directory)
    return _len_field(1, node)
