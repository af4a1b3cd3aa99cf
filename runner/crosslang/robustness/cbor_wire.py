"""A small CBOR writer (maps may repeat keys: tree.Pairs) and CBOR's deep inputs.
The CBOR vectors are cbor2's encoding of the fixture document (as MessagePack's
are of the same document), so the tree mutations apply as they do to MessagePack."""

import struct
from typing import Any

from runner.crosslang.robustness.tree import Pairs

_UNSIGNED, _NEGATIVE, _TEXT, _ARRAY, _MAP = 0, 1, 3, 4, 5


def head(major: int, value: int) -> bytes:
    """A data item's head: major type and argument, in the shortest form."""
    if value < 24:
        return bytes([major << 5 | value])
    for extra, fmt in ((24, ">B"), (25, ">H"), (26, ">I"), (27, ">Q")):
        if value < 1 << (8 * struct.calcsize(fmt)):
            return bytes([major << 5 | extra]) + struct.pack(fmt, value)
    raise ValueError(f"argument {value} too large")


def encode(value: Any) -> bytes:
    if value is None:
        return b"\xf6"
    if isinstance(value, bool):
        return b"\xf5" if value else b"\xf4"
    if isinstance(value, int):
        return head(_UNSIGNED, value) if value >= 0 else head(_NEGATIVE, -1 - value)
    if isinstance(value, float):
        return b"\xfb" + struct.pack(">d", value)
    if isinstance(value, str):
        raw = value.encode()
        return head(_TEXT, len(raw)) + raw
    if isinstance(value, list):
        return head(_ARRAY, len(value)) + b"".join(encode(v) for v in value)
    items = value.items if isinstance(value, Pairs) else tuple(value.items())
    return head(_MAP, len(items)) + b"".join(encode(k) + encode(v) for k, v in items)


def nested_arrays(depth: int) -> bytes:
    return b"\x81" * depth + b"\xf6"


def nested_maps(depth: int) -> bytes:
    return b"\xa1\x61a" * depth + b"\xf6"


def deep_filetree(depth: int) -> bytes:
    """The JSON deep filetree's document in CBOR, written without recursion."""
    fields = {"type": "directory", "name": "d", "created_by": "", "created_at": "2024-01-01T00:00:00.000000Z"}
    opening = head(_MAP, 5) + b"".join(encode(k) + encode(v) for k, v in fields.items()) + encode("contents")
    return encode({"records": []})[:-1] + b"\x81" + (opening + b"\x81") * (depth - 1) + opening + b"\x80"
