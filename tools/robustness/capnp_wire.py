"""Cap'n Proto scanning without a schema (segment table, then struct and list
pointers followed from the root) and the Cap'n Proto-aware mutators."""

import random
import struct
from dataclasses import dataclass

from tools.robustness.mutant import Base, Mutant, shuffled

STRUCT, LIST, FAR = 0, 1, 2
BYTE, POINTER, COMPOSITE = 2, 6, 7


class WireError(ValueError):
    pass


@dataclass(frozen=True)
class Pointer:
    """A struct or list pointer word at byte `offset` of the message."""

    offset: int
    kind: int
    word: int


def segments(data: bytes) -> list[tuple[int, int]]:
    """(byte offset, words) of each segment, from the segment table."""
    if len(data) < 8:
        raise WireError("no segment table")
    count = struct.unpack_from("<I", data, 0)[0] + 1
    table = 4 + 4 * count
    table += table % 8
    sizes = struct.unpack_from(f"<{count}I", data, 4) if 4 + 4 * count <= len(data) else ()
    if len(sizes) != count:
        raise WireError("segment table runs past the end")
    out, at = [], table
    for words in sizes:
        out.append((at, words))
        at += 8 * words
    if at > len(data):
        raise WireError("segments run past the end")
    return out


def _segment_end(segs: list[tuple[int, int]], at: int) -> int:
    """The end (byte offset) of the segment holding byte `at`, 0 if none does."""
    return next((start + 8 * words for start, words in segs if start <= at < start + 8 * words), 0)


def _landing_pad(segs: list[tuple[int, int]], word: int) -> list[int]:
    """A single-far pointer's landing pad (a double-far's two-word pad is not followed)."""
    segment, offset = word >> 32, (word & 0xFFFFFFFF) >> 3
    if word & 4 or segment >= len(segs):
        return []
    return [segs[segment][0] + 8 * offset]


def pointers(data: bytes) -> list[Pointer]:
    """Every pointer reachable from the root, across segments (far pointers and
    their single-word landing pads followed)."""
    segs = segments(data)
    found, todo, seen = [], [segs[0][0]], set()
    while todo:
        at = todo.pop()
        end = _segment_end(segs, at)
        if at in seen or at + 8 > end:
            continue
        seen.add(at)
        word = struct.unpack_from("<Q", data, at)[0]
        if word == 0:
            continue
        found.append(Pointer(at, word & 3, word))
        todo += _landing_pad(segs, word) if word & 3 == FAR else _children(data, word, at, end)
    return sorted(found, key=lambda p: p.offset)


def _children(data: bytes, word: int, at: int, end: int) -> list[int]:
    kind = word & 3
    if kind not in (STRUCT, LIST):
        return []
    offset = (word & 0xFFFFFFFF) >> 2
    offset -= 1 << 30 if offset & (1 << 29) else 0
    start = at + 8 + 8 * offset
    upper = word >> 32
    if kind == STRUCT:
        return _struct_pointers(start + 8 * (upper & 0xFFFF), upper >> 16, end)
    size, count = upper & 7, upper >> 3
    if size == POINTER:
        return _struct_pointers(start, count, end)
    if size != COMPOSITE or start + 8 > end:
        return []
    tag = struct.unpack_from("<Q", data, start)[0]
    elements, data_words, ptrs = (tag & 0xFFFFFFFF) >> 2, (tag >> 32) & 0xFFFF, tag >> 48
    step = 8 * (data_words + ptrs)
    return [
        p for i in range(elements) for p in _struct_pointers(start + 8 + i * step + 8 * data_words, ptrs, end)
    ]


def _struct_pointers(first: int, count: int, end: int) -> list[int]:
    return [first + 8 * i for i in range(count) if first + 8 * (i + 1) <= end]


def _pointer_offset(word: int) -> int:
    offset = (word & 0xFFFFFFFF) >> 2
    return offset - (1 << 30) if offset & (1 << 29) else offset


def struct_pointer(offset: int, data_words: int, ptrs: int) -> int:
    return ((offset << 2) & 0xFFFFFFFF) | STRUCT | (data_words | ptrs << 16) << 32


def list_pointer(offset: int, size: int, count: int) -> int:
    return ((offset << 2) & 0xFFFFFFFF) | LIST | (size | count << 3) << 32


def _lied(word: int, at: int, end: int, lie: str) -> int:
    kind, upper = word & 3, word >> 32
    if lie == "past_end":
        beyond = (end - at - 8) // 8 + 1
        return ((beyond << 2) & 0xFFFFFFFF) | kind | upper << 32
    if kind == STRUCT:
        return (word & 0xFFFFFFFF) | 0xFFFFFFFF << 32
    return (word & 0xFFFFFFFF) | ((upper & 7) | 0x1FFFFFFF << 3) << 32


_LIES = ("past_end", "huge")


def _far_lies(word: int) -> list[tuple[str, int]]:
    """A far pointer to a segment that does not exist, or past its segment's end."""
    return [
        ("huge", (word & 0xFFFFFFFF) | 0xFFFFFFFF << 32),
        ("past_end", (word & ~0xFFFFFFF8) | 0x1FFFFFFF << 3),
    ]


def _table_lies(data: bytes) -> list[tuple[int, int, str]]:
    """(offset, u32 value, what) for the segment count and the first segment's size."""
    return [
        (0, len(data) // 4, "segment_count_past_end"),
        (0, 0xFFFFFFFE, "segment_count_huge"),
        (4, len(data) // 8 + 1, "segment_size_past_end"),
        (4, 0xFFFFFFFF, "segment_size_huge"),
    ]


def length_lie(base: Base, rng: random.Random, count: int) -> list[Mutant]:
    data = base.data
    segs = segments(data)
    candidates: list[tuple[int, bytes, str]] = [(o, struct.pack("<I", v), w) for o, v, w in _table_lies(data)]
    for p in pointers(data):
        lies = (
            _far_lies(p.word)
            if p.kind == FAR
            else [(lie, _lied(p.word, p.offset, _segment_end(segs, p.offset), lie)) for lie in _LIES]
        )
        candidates += [(p.offset, struct.pack("<Q", word), f"{_KINDS[p.kind]}_{lie}") for lie, word in lies]
    return [
        Mutant(data[:at] + raw + data[at + len(raw) :], {"offset": at, "lie": what})
        for at, raw, what in shuffled(candidates, rng, count)
    ]


_KINDS = {STRUCT: "struct", LIST: "list", FAR: "far", 3: "other"}


def _retyped(word: int) -> list[tuple[int, str]]:
    offset, upper = _pointer_offset(word), word >> 32
    if word & 3 == STRUCT:
        return [(list_pointer(offset, BYTE, 8 * (upper & 0xFFFF)), "struct_as_text")]
    size, count = upper & 7, upper >> 3
    return [
        (struct_pointer(offset, 1, 1), "list_as_struct"),
        (list_pointer(offset, BYTE if size == POINTER else POINTER, count), "element_size"),
    ]


def wrong_type(base: Base, rng: random.Random, count: int) -> list[Mutant]:
    data = base.data
    candidates = [
        (p.offset, new, what)
        for p in pointers(data)
        if p.kind in (STRUCT, LIST)
        for new, what in _retyped(p.word)
    ]
    return [
        Mutant(data[:at] + struct.pack("<Q", new) + data[at + 8 :], {"offset": at, "change": what})
        for at, new, what in shuffled(candidates, rng, count)
    ]


_LEVEL_WORDS = 11


def deep_filetree(depth: int) -> bytes:
    """A filetree Payload `depth` directories deep, one segment, laid out by hand
    (filetree.capnp: Payload {records ptr 0}; Node {tag u16 at 0 (directory = 1),
    ptr 0}; Directory {3 data words, 4 pointers: name 0, contents 3})."""
    words = [struct_pointer(0, 0, 1), list_pointer(0, COMPOSITE, 2)]
    for level in range(depth):
        last = level == depth - 1
        words += [
            (1 << 2) | (1 | 1 << 16) << 32,  # list tag: one element of 1 data word, 1 pointer
            1,  # Node: union tag = directory
            struct_pointer(0, 3, 4),
            0, 0, 0,  # Directory data: createdAt, updatedAt tag (none), padding
            list_pointer(3, BYTE, 2),  # name -> "d\0"
            0, 0,  # createdBy, updatedBy
            0 if last else list_pointer(1, COMPOSITE, 2),  # contents -> next level's tag
            ord("d"),
        ]  # fmt: skip
    assert len(words) == 2 + _LEVEL_WORDS * depth
    return struct.pack("<II", 0, len(words)) + struct.pack(f"<{len(words)}Q", *words)
