"""Lying lengths for the formats that write a string as a length prefix and its UTF-8
bytes (Thrift, cereal, Boost.Serialization, MemoryPack, ZeroFormatter, CBOR, Avro): each fixture string
is found in the vector right after the prefix its length gives, and that prefix is
rewritten to announce more bytes than there are, or a huge or negative count. No schema
walk: the strings anchor the prefixes."""

import random
import struct
from collections.abc import Callable
from dataclasses import dataclass

from tools.robustness.mutant import Base, Mutant, fixture_strings, shuffled
from tools.robustness.protobuf_wire import varint

# Strings shorter than this could match bytes that are not the string.
_MIN_STRING = 4


def _cbor_text_head(value: int) -> bytes:
    """A CBOR text string head (major type 3) in its shortest form."""
    if value < 24:
        return bytes([0x60 | value])
    for marker, fmt in ((0x78, ">B"), (0x79, ">H"), (0x7A, ">I"), (0x7B, ">Q")):
        if value < 1 << (8 * struct.calcsize(fmt)):
            return bytes([marker]) + struct.pack(fmt, value)
    raise ValueError(f"length {value} too large")


@dataclass(frozen=True)
class Prefix:
    """How one format writes a string's length: `header(text, n)` is the prefix that
    announces n UTF-8 bytes for the string `text` (most prefixes ignore `text`)."""

    header: Callable[[str, int], bytes]
    # The largest count the prefix can announce (a lie beyond it is not written).
    limit: int = 2**63 - 1
    signed: bool = False  # it can announce a negative count


def of(write: Callable[[int], bytes], limit: int = 2**63 - 1, signed: bool = False) -> Prefix:
    """A prefix that is the length alone."""
    return Prefix(lambda _text, n: write(n), limit, signed)


def fixed(fmt: str) -> Prefix:
    """A fixed-width integer prefix (struct format, e.g. '>i', '<Q')."""
    size = struct.calcsize(fmt)
    signed = fmt[-1].islower()
    return of(lambda n: struct.pack(fmt, n), 2 ** (8 * size - signed) - 1, signed)


VARINT = of(varint)
ZIGZAG_VARINT = of(lambda n: varint(2 * n) if n >= 0 else varint(-2 * n - 1), signed=True)
CBOR_TEXT = of(_cbor_text_head)
# MemoryPack's UTF-8 string: int32 ~(UTF-8 byte count), then int32 UTF-16 length. Only the
# byte count lies (a negative one, ~n >= 0, would announce a UTF-16 string instead).
MEMORYPACK = Prefix(lambda text, n: struct.pack("<ii", ~n, len(text.encode("utf-16-le")) // 2), 2**31 - 1)
# ZeroFormatter's string: int32 UTF-8 byte count (-1: null), then the bytes.
ZEROFORMATTER = fixed("<i")


def prefixed_strings(data: bytes, tree: object, prefix: Prefix) -> list[tuple[int, int, str]]:
    """(prefix start, string start, the string) of each fixture string found in the
    vector right after the prefix its length gives; first occurrence each."""
    found = set()
    for text in set(fixture_strings(tree)):
        raw = text.encode()
        head = prefix.header(text, len(raw))
        at = data.find(head + raw) if len(raw) >= _MIN_STRING else -1
        if at >= 0:
            found.add((at, at + len(head), text))
    return sorted(found)


def _lies(data: bytes, string_at: int, prefix: Prefix) -> list[tuple[str, int]]:
    lies = [("past_end", len(data) - string_at + 1), ("int32_max", 2**31 - 1),
            ("uint32_max", 2**32 - 1), ("int64_max", 2**63 - 1), ("negative", -2)]  # fmt: skip
    return [(name, n) for name, n in lies if n <= prefix.limit and (n >= 0 or prefix.signed)]


def length_lie(prefix: Prefix) -> Callable[[Base, random.Random, int], list[Mutant]]:
    """The mutator of a format whose strings carry `prefix`."""

    def mutate(base: Base, rng: random.Random, count: int) -> list[Mutant]:
        data = base.data
        candidates = [
            (start, at, text, name, n)
            for start, at, text in prefixed_strings(data, base.tree, prefix)
            for name, n in _lies(data, at, prefix)
        ]
        return [
            Mutant(data[:start] + prefix.header(text, n) + data[at:], {"offset": start, "lie": name})
            for start, at, text, name, n in shuffled(candidates, rng, count)
        ]

    return mutate
