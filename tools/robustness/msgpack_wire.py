"""A small MessagePack writer (maps may repeat keys: tree.Pairs), a header walk
for lying lengths, and MessagePack's deep inputs."""

import random
import struct
from dataclasses import dataclass
from typing import Any

from tools.robustness.mutant import Base, Mutant, shuffled
from tools.robustness.tree import Pairs


class WireError(ValueError):
    pass


def _sized(value: int, fix: tuple[int, int] | None, wide: tuple[int, int, int]) -> bytes:
    """A str/bin/array/map header: the fix form when it fits, else 8/16/32-bit (None = no 8-bit)."""
    if fix is not None and value < fix[1]:
        return bytes([fix[0] | value])
    for marker, fmt in zip(wide, (">B", ">H", ">I"), strict=True):
        if marker and value < 1 << (8 * struct.calcsize(fmt)):
            return bytes([marker]) + struct.pack(fmt, value)
    raise WireError(f"length {value} too large")


def _int(value: int) -> bytes:
    if 0 <= value < 0x80:
        return bytes([value])
    if -32 <= value < 0:
        return struct.pack(">b", value)
    if value >= 0:
        return b"\xcf" + struct.pack(">Q", value)
    return b"\xd3" + struct.pack(">q", value)


def encode(value: Any) -> bytes:
    if value is None:
        return b"\xc0"
    if isinstance(value, bool):
        return b"\xc3" if value else b"\xc2"
    if isinstance(value, int):
        return _int(value)
    if isinstance(value, float):
        return b"\xcb" + struct.pack(">d", value)
    if isinstance(value, str):
        raw = value.encode()
        return _sized(len(raw), (0xA0, 32), (0xD9, 0xDA, 0xDB)) + raw
    if isinstance(value, list):
        return _sized(len(value), (0x90, 16), (0, 0xDC, 0xDD)) + b"".join(encode(v) for v in value)
    items = value.items if isinstance(value, Pairs) else tuple(value.items())
    head = _sized(len(items), (0x80, 16), (0, 0xDE, 0xDF))
    return head + b"".join(encode(k) + encode(v) for k, v in items)


@dataclass(frozen=True)
class Header:
    """A str/bin/array/map header at [start, end) announcing `count` bytes or elements."""

    kind: str
    start: int
    end: int
    count: int


_FIXED_SIZES = {0xC0: 0, 0xC2: 0, 0xC3: 0, 0xCA: 4, 0xCB: 8, 0xCC: 1, 0xCD: 2, 0xCE: 4, 0xCF: 8}
_FIXED_SIZES |= {0xD0: 1, 0xD1: 2, 0xD2: 4, 0xD3: 8}
_WIDE = {
    0xD9: ("str", 1), 0xDA: ("str", 2), 0xDB: ("str", 4),
    0xC4: ("bin", 1), 0xC5: ("bin", 2), 0xC6: ("bin", 4),
    0xDC: ("array", 2), 0xDD: ("array", 4), 0xDE: ("map", 2), 0xDF: ("map", 4),
}  # fmt: skip


def _header(data: bytes, pos: int) -> tuple[str, int, int] | None:
    """(kind, count, end of header) of a sized header at pos, None for a scalar."""
    byte = data[pos]
    if 0x80 <= byte <= 0x9F:
        return ("map" if byte < 0x90 else "array"), byte & 0x0F, pos + 1
    if 0xA0 <= byte <= 0xBF:
        return "str", byte & 0x1F, pos + 1
    if byte in _WIDE:
        kind, width = _WIDE[byte]
        if pos + 1 + width > len(data):
            raise WireError(f"header at {pos} runs past the end")
        return kind, int.from_bytes(data[pos + 1 : pos + 1 + width], "big"), pos + 1 + width
    return None


def walk(data: bytes) -> list[Header]:
    """Every sized header of a well-formed document, in order (no ext types)."""
    found, pos, pending = [], 0, 1
    while pending:
        if pos >= len(data):
            raise WireError("document ends early")
        pending -= 1
        head = _header(data, pos)
        if head is None:
            byte = data[pos]
            if byte in _FIXED_SIZES:
                pos += 1 + _FIXED_SIZES[byte]
            elif byte < 0x80 or byte >= 0xE0:
                pos += 1
            else:
                raise WireError(f"unsupported type 0x{byte:02x} at {pos}")
            continue
        kind, count, end = head
        found.append(Header(kind, pos, end, count))
        pos = end + count if kind in ("str", "bin") else end
        pending += count * (2 if kind == "map" else 1) if kind in ("array", "map") else 0
    return found


_WIDEST = {"str": 0xDB, "bin": 0xC6, "array": 0xDD, "map": 0xDF}


def length_lie(base: Base, rng: random.Random, count: int) -> list[Mutant]:
    """A header rewritten in its 32-bit form with a count past the end or 0xffffffff."""
    data = base.data
    candidates = [(h, lie) for h in walk(data) for lie in ("past_end", "huge")]
    out = []
    for h, lie in shuffled(candidates, rng, count):
        value = len(data) - h.end + 1 if lie == "past_end" else 0xFFFFFFFF
        head = bytes([_WIDEST[h.kind]]) + value.to_bytes(4, "big")
        out.append(
            Mutant(data[: h.start] + head + data[h.end :], {"offset": h.start, "kind": h.kind, "lie": lie})
        )
    return out


def nested_arrays(depth: int) -> bytes:
    return b"\x91" * depth + b"\xc0"


def nested_maps(depth: int) -> bytes:
    return b"\x81\xa1a" * depth + b"\xc0"


def deep_filetree(depth: int) -> bytes:
    """The JSON deep filetree's document in MessagePack, written without recursion."""
    head = {"type": "directory", "name": "d", "created_by": "", "created_at": "2024-01-01T00:00:00.000000Z"}
    fields = b"".join(encode(k) + encode(v) for k, v in head.items()) + encode("contents")
    opened = b"\x85" + fields + b"\x91"
    innermost = b"\x85" + fields + b"\x90"
    return b"\x81" + encode("records") + b"\x91" + opened * (depth - 1) + innermost
