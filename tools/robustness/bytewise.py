"""Format-blind mutators: truncation, bit flips, byte insertions and deletions, and
invalid UTF-8 written over the bytes of a string the fixture contains."""

import random

from tools.robustness.mutant import Base, Mutant, fixture_strings, shuffled

# Truncation covers every length this close to either end of the vector.
TRUNCATE_BOUND = 64
_MAX_RUN = 8
# Invalid UTF-8: lone continuation, overlong '/', UTF-16 surrogate, above U+10FFFF,
# a byte that never occurs, a lead byte followed by ASCII.
INVALID_UTF8 = (b"\x80", b"\xc0\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xff", b"\xc3\x28")
# Strings shorter than this could match bytes that are not the string.
_MIN_STRING = 4


def truncate(base: Base, rng: random.Random, count: int) -> list[Mutant]:
    n = len(base.data)
    lengths = sorted(set(range(min(TRUNCATE_BOUND, n))) | set(range(max(0, n - TRUNCATE_BOUND), n)))
    return [Mutant(base.data[:k], {"length": k}) for k in shuffled(lengths, rng, count)]


def bitflip(base: Base, rng: random.Random, count: int) -> list[Mutant]:
    out = []
    for _ in range(count):
        offset, bit = rng.randrange(len(base.data)), rng.randrange(8)
        data = bytearray(base.data)
        data[offset] ^= 1 << bit
        out.append(Mutant(bytes(data), {"offset": offset, "bit": bit}))
    return out


def _run(rng: random.Random) -> tuple[str, bytes]:
    length = rng.randint(1, _MAX_RUN)
    style = rng.choice(("random", "zeros", "ones"))
    if style == "random":
        return style, rng.randbytes(length)
    return style, (b"\x00" if style == "zeros" else b"\xff") * length


def insert(base: Base, rng: random.Random, count: int) -> list[Mutant]:
    out = []
    for _ in range(count):
        offset = rng.randrange(len(base.data) + 1)
        style, run = _run(rng)
        data = base.data[:offset] + run + base.data[offset:]
        out.append(Mutant(data, {"offset": offset, "bytes": run.hex(), "style": style}))
    return out


def delete(base: Base, rng: random.Random, count: int) -> list[Mutant]:
    out = []
    for _ in range(count):
        offset = rng.randrange(len(base.data))
        length = rng.randint(1, _MAX_RUN)
        out.append(
            Mutant(base.data[:offset] + base.data[offset + length :], {"offset": offset, "length": length})
        )
    return out


def string_spans(data: bytes, tree: object) -> list[tuple[int, int]]:
    """(offset, length) of each fixture string found verbatim in the vector, first occurrence."""
    spans = set()
    for text in fixture_strings(tree):
        raw = text.encode()
        at = data.find(raw) if len(raw) >= _MIN_STRING else -1
        if at >= 0:
            spans.add((at, len(raw)))
    return sorted(spans)


def invalid_utf8(base: Base, rng: random.Random, count: int) -> list[Mutant]:
    """Overwrites bytes in place, so every length prefix and offset stays true."""
    out = []
    for at, length in shuffled(string_spans(base.data, base.tree), rng, count):
        bad = rng.choice([b for b in INVALID_UTF8 if len(b) <= length])
        offset = at + rng.randrange(length - len(bad) + 1)
        data = base.data[:offset] + bad + base.data[offset + len(bad) :]
        out.append(Mutant(data, {"offset": offset, "bytes": bad.hex()}))
    return out
