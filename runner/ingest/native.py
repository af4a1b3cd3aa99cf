"""What every ingester shares: reading and checking JSON, capabilities, metric names and the
fastest loop per round. The values they return are runner/records.py's.

Adding a harness is one parser returning a NativeFile, plus one line in runner/suites.py.
"""

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import cast

from runner.records import KNOWN_CAPABILITIES, IngestError, Sample, SampleKind


def capability_flags(listed: Iterable[str]) -> dict[str, bool]:
    """A suite lists the capabilities a library has: each known one it does not list, it lacks."""
    names = set(listed)
    return {name: name in names for name in sorted(names | set(KNOWN_CAPABILITIES))}


def capability_text(text: str) -> dict[str, bool]:
    """capability_flags of "codegen,validates": how harnesses with scalar-only metadata list them."""
    return capability_flags(name for name in text.split(",") if name)


# Metric names in the store, and the names suites use for them.
METRIC_ALIASES: Mapping[str, str] = {
    "wire_bytes": "wire_bytes",
    # Python's tracemalloc figure: a peak during one call (older files named it alloc_bytes).
    "alloc_bytes": "peak_heap_bytes",
    "alloc_bytes_per_op": "alloc_bytes_per_op",
    "allocated_bytes_per_op": "alloc_bytes_per_op",
    "allocs_per_op": "allocs_per_op",
    "peak_rss_bytes": "peak_rss_bytes",
    "mem_max_rss": "peak_rss_bytes",
    # Peak live heap bytes during one operation (C++: cpp/bench/alloc_counter.h).
    "peak_heap_bytes": "peak_heap_bytes",
    # The encoded payload after zlib (level 6) and zstd (level 3), measured once.
    "wire_zlib6_bytes": "wire_zlib6_bytes",
    "wire_zstd3_bytes": "wire_zstd3_bytes",
}


def metric_name(name: str) -> str | None:
    """The store's name for a suite's metric, or None when it is not a metric."""
    if name.startswith("gc_"):
        # GC figures vary by runtime (counts, pauses); suites name them, the store keeps them.
        return name
    return METRIC_ALIASES.get(name)


def fastest_per_round(samples: list[Sample]) -> list[Sample]:
    """One MEASURE sample per round: the fastest of the loops a suite timed in that round (the
    suites' own layouts only: a pyperf run that names its round, a Google Benchmark pass, a
    BenchmarkDotNet round folder);
    the round's other loops become SLOWER (stored, never used). timeit's argument: another
    tenant only ever adds time, so the fastest of a few back-to-back loops is the one least
    disturbed, and a short burst of contention no longer decides a round. Every library gets
    the same number of loops per round, so the rule favours none. Samples without a round
    stay as they are."""
    fastest: dict[int, int] = {}
    for index, sample in enumerate(samples):
        if sample.kind is SampleKind.MEASURE and sample.round is not None:
            best = fastest.get(sample.round)
            if best is None or sample.value_ns < samples[best].value_ns:
                fastest[sample.round] = index
    kept = set(fastest.values())
    return [
        s._replace(kind=SampleKind.SLOWER)
        if s.kind is SampleKind.MEASURE and s.round is not None and i not in kept
        else s
        for i, s in enumerate(samples)
    ]


def load_json(path: Path) -> object:
    """The parsed file, or IngestError naming what is wrong with it."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise IngestError(path, f"cannot read: {error}") from error
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        # A cut-off file fails at its very end, or inside a string that never closes.
        cut = error.pos >= len(text.rstrip()) or error.msg.startswith("Unterminated string")
        where = "truncated JSON (the file ends early)" if cut else "invalid JSON"
        raise IngestError(
            path, f"{where} at line {error.lineno} column {error.colno}: {error.msg}"
        ) from error


def require(path: Path, value: object, kind: type, what: str) -> object:
    """value if it has the expected JSON type, else an IngestError saying which field."""
    # bool is an int in Python; a JSON true where a number is required is still wrong.
    if not isinstance(value, kind) or (kind in (int, float) and isinstance(value, bool)):
        raise IngestError(path, f"{what}: expected {kind.__name__}, got {type(value).__name__}")
    return value


def require_dict(path: Path, value: object, what: str) -> dict[str, object]:
    checked = require(path, value, dict, what)
    assert isinstance(checked, dict)
    return checked


def require_list(path: Path, value: object, what: str) -> list[object]:
    checked = require(path, value, list, what)
    assert isinstance(checked, list)
    return checked


def require_str(path: Path, value: object, what: str) -> str:
    checked = require(path, value, str, what)
    assert isinstance(checked, str)
    return checked


def optional_str(path: Path, value: object, what: str) -> str:
    """A string field that may be null, as "" (how the store writes "no variant")."""
    return "" if value is None else require_str(path, value, what)


def require_number(path: Path, value: object, what: str) -> float:
    if isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    checked = require(path, value, float, what)
    assert isinstance(checked, float)
    return checked


_NUMBER_TYPES = frozenset({int, float})


def require_numbers(path: Path, values: list[object], what: str) -> list[float]:
    """Every value as a float, checked in one pass (the hot path of every ingester)."""
    # set(map(type, ...)) runs in C: a full run has about half a million values to check.
    wrong = set(map(type, values)) - _NUMBER_TYPES
    if wrong:
        raise IngestError(
            path, f"{what}: expected numbers, got {', '.join(sorted(t.__name__ for t in wrong))}"
        )
    return list(map(float, cast(list[float], values)))
