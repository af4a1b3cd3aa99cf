"""Thrift's deep inputs: a filetree `depth` directories deep in the binary and the
compact protocol (filetree.thrift: Payload.records = 1, Node.directory = 2,
Directory.name = 1, Directory.contents = 6). Thrift writes no lengths around a
struct, so the document is one opening per level, then one closing per level."""

import struct
from dataclasses import dataclass


@dataclass(frozen=True)
class Protocol:
    """The few bytes of one protocol the deep filetree needs."""

    records: bytes  # Payload's field 1: list<Node> with one element
    node: bytes  # Node's field 2: a Directory struct
    name: bytes  # Directory's field 1: "d"
    one_node: bytes  # Directory's field 6: a list of one Node
    no_node: bytes  # Directory's field 6: an empty list
    stop: bytes = b"\x00"

    def deep_filetree(self, depth: int) -> bytes:
        level = self.node + self.name
        innermost = level + self.no_node + self.stop * 2
        return (
            self.records
            + (level + self.one_node) * (depth - 1)
            + innermost
            + self.stop * 2 * (depth - 1)
            + self.stop
        )


_STRUCT, _STRING, _LIST = 12, 11, 15


def _binary_field(kind: int, number: int) -> bytes:
    return struct.pack(">bh", kind, number)


def _binary_list(number: int, count: int) -> bytes:
    return _binary_field(_LIST, number) + struct.pack(">bi", _STRUCT, count)


BINARY = Protocol(
    records=_binary_list(1, 1),
    node=_binary_field(_STRUCT, 2),
    name=_binary_field(_STRING, 1) + struct.pack(">i", 1) + b"d",
    one_node=_binary_list(6, 1),
    no_node=_binary_list(6, 0),
)

# Compact: a field header is (id delta << 4 | type); a short list header (count << 4 | type).
_C_BINARY, _C_LIST, _C_STRUCT = 8, 9, 12
COMPACT = Protocol(
    records=bytes([1 << 4 | _C_LIST, 1 << 4 | _C_STRUCT]),
    node=bytes([2 << 4 | _C_STRUCT]),
    name=bytes([1 << 4 | _C_BINARY, 1]) + b"d",
    one_node=bytes([5 << 4 | _C_LIST, 1 << 4 | _C_STRUCT]),
    no_node=bytes([5 << 4 | _C_LIST, _C_STRUCT]),
)
