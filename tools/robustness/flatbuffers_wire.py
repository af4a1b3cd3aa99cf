"""FlatBuffers scanning without a schema (root offset, tables, vtables, the
records vector of the `Payload {records}` root every dataset shares, string
length prefixes) and the FlatBuffers-aware mutators."""

import random
import struct
from dataclasses import dataclass

from tools.robustness.bytewise import string_spans
from tools.robustness.mutant import Base, Mutant, shuffled


class WireError(ValueError):
    pass


@dataclass(frozen=True)
class Slot:
    """A little-endian integer at `offset` that a reader trusts as a size or offset."""

    offset: int
    fmt: str
    what: str


def _u32(data: bytes, pos: int) -> int:
    if pos < 0 or pos + 4 > len(data):
        raise WireError(f"offset {pos} outside the buffer")
    return int(struct.unpack_from("<I", data, pos)[0])


def _vtable(data: bytes, table: int) -> int:
    return table - int(struct.unpack_from("<i", data, table)[0])


def _field(data: bytes, table: int, slot: int) -> int:
    """Absolute position of a table field, 0 when absent."""
    vtable = _vtable(data, table)
    vsize = struct.unpack_from("<H", data, vtable)[0]
    if 4 + 2 * slot >= vsize:
        return 0
    rel = int(struct.unpack_from("<H", data, vtable + 4 + 2 * slot)[0])
    return table + rel if rel else 0


def tables(data: bytes) -> list[int]:
    """The root table and every record table (the elements of root field 0)."""
    root = _u32(data, 0)
    records = _field(data, root, 0)
    if not records:
        return [root]
    vector = records + _u32(data, records)
    elems = [vector + 4 + 4 * i for i in range(_u32(data, vector))]
    return [root, *(e + _u32(data, e) for e in elems)]


def vtable_slots(data: bytes, table: int) -> list[int]:
    """Positions of the vtable's field offsets."""
    vtable = _vtable(data, table)
    vsize = struct.unpack_from("<H", data, vtable)[0]
    return [vtable + 4 + 2 * i for i in range((vsize - 4) // 2)]


def size_slots(data: bytes, base: Base) -> list[Slot]:
    """Every size or offset found: root offset, table->vtable offsets, vtable sizes
    and field offsets, the records vector length, fixture strings' length prefixes."""
    found = [Slot(0, "<I", "root_offset")]
    all_tables = tables(data)
    root_records = _field(data, all_tables[0], 0)
    if root_records:
        found.append(Slot(root_records + _u32(data, root_records), "<I", "records_length"))
    vtables = sorted({_vtable(data, t) for t in all_tables})
    found += [Slot(t, "<i", "vtable_offset") for t in all_tables]
    found += [Slot(v, "<H", "vtable_size") for v in vtables] + [
        Slot(v + 2, "<H", "table_size") for v in vtables
    ]
    found += [Slot(s, "<H", "field_offset") for t in all_tables for s in vtable_slots(data, t)]
    found += [
        Slot(at - 4, "<I", "string_length")
        for at, length in string_spans(data, base.tree)
        if at >= 4 and _u32(data, at - 4) == length
    ]
    return sorted(set(found), key=lambda s: s.offset)


def _lie(data: bytes, slot: Slot, lie: str) -> int:
    if lie == "huge":
        return {"<I": 0xFFFFFFF0, "<i": 0x7FFFFFF0, "<H": 0xFFFE}[slot.fmt]
    past = len(data) - slot.offset + 4
    if slot.fmt == "<i":
        return slot.offset - len(data) - 4  # vtable = table - this: past the end
    return min(past, 0xFFFE) if slot.fmt == "<H" else past


def length_lie(base: Base, rng: random.Random, count: int) -> list[Mutant]:
    data = base.data
    candidates = [(s, lie) for s in size_slots(data, base) for lie in ("past_end", "huge")]
    out = []
    for slot, lie in shuffled(candidates, rng, count):
        raw = struct.pack(slot.fmt, _lie(data, slot, lie))
        mutated = data[: slot.offset] + raw + data[slot.offset + len(raw) :]
        out.append(Mutant(mutated, {"offset": slot.offset, "what": slot.what, "lie": lie}))
    return out


def wrong_type(base: Base, rng: random.Random, count: int) -> list[Mutant]:
    """A record's field read at another field's position, so with another type."""
    data = base.data
    vtables: dict[int, list[int]] = {}
    for table in tables(data)[1:]:
        vtables.setdefault(_vtable(data, table), vtable_slots(data, table))
    pairs = [
        (a, b)
        for slots in vtables.values()
        for a in slots
        for b in slots
        if a != b and data[a : a + 2] != data[b : b + 2] and data[b : b + 2] != b"\0\0"
    ]
    out = []
    for a, b in shuffled(pairs, rng, count):
        out.append(Mutant(data[:a] + data[b : b + 2] + data[a + 2 :], {"offset": a, "from_slot_at": b}))
    return out


def _pack(*parts: tuple[str, int]) -> bytes:
    return b"".join(struct.pack(fmt, value) for fmt, value in parts)


_HEAD = 52  # root offset, three vtables, the Payload table, the records vector
_LEVEL = 40  # Node table 12, Directory table 12, name string 8, contents vector 8


def deep_filetree(depth: int) -> bytes:
    """A filetree Payload `depth` directories deep, laid out by hand (filetree.fbs:
    Node {entry_type at slot 0 (Directory = 2), entry at slot 1}; Directory {name
    slot 0, contents slot 5}; Payload {records slot 0}). Offsets point forward, all
    vtables at the start, every scalar aligned to its size."""
    head = _pack(
        ("<I", 36),
        ("<H", 6), ("<H", 8), ("<H", 4), ("<H", 0),  # Payload vtable (+ padding)
        ("<H", 8), ("<H", 12), ("<H", 4), ("<H", 8),  # Node vtable
        ("<H", 16), ("<H", 12), ("<H", 4), ("<H", 0), ("<H", 0), ("<H", 0), ("<H", 0), ("<H", 8),  # Directory
        ("<i", 32), ("<I", 4),  # Payload table at 36: vtable at 4, records at 44
        ("<I", 1), ("<I", 4),  # records vector at 44: its element at 52
    )  # fmt: skip
    assert len(head) == _HEAD
    levels = []
    for level in range(depth):
        at = _HEAD + level * _LEVEL
        last = level == depth - 1
        node = _pack(("<i", at - 12), ("<B", 2), ("<B", 0), ("<H", 0), ("<I", 4))  # type Directory, entry
        directory = _pack(("<i", at + 12 - 20), ("<I", 8), ("<I", 12))  # name, contents
        name = _pack(("<I", 1), ("<I", ord("d")))  # "d", NUL terminated
        contents = _pack(("<I", 0 if last else 1), ("<I", 4))  # [next Node]
        levels.append(node + directory + name + contents)
    return head + b"".join(levels)
