"""What a harness's native file says, once parsed: the common shape every ingester returns.

Ingesters (the parsers of runner/ingest/) only read files and build these values; the store
(runner/store.py) only writes them. Adding a harness is one parser returning a
NativeFile, plus one line in runner/suites.py.
"""

import enum
import json
import statistics
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple, cast

from runner.caseid import CaseIdentity


class IngestError(Exception):
    """A native file the runner refuses, with the file and the problem named."""

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem


class SampleKind(enum.StrEnum):
    """Why a value was measured; only MEASURE values ever enter a result."""

    MEASURE = "measure"
    WARMUP = "warmup"
    CALIBRATION = "calibration"  # pilot / jitting / loop calibration runs
    OVERHEAD = "overhead"  # BenchmarkDotNet's empty-loop measurements
    UNADJUSTED = "unadjusted"  # BenchmarkDotNet workload before overhead and outlier removal
    SLOWER = "slower"  # a timed loop of a round slower than that round's fastest (fastest_per_round)
    OTHER = "other"  # a stage this runner does not know yet: kept, never used


class Sample(NamedTuple):
    # A tuple, not a dataclass: a full run has about half a million of these to build.
    kind: SampleKind
    value_ns: float  # per operation
    operations: int | None  # operations the harness timed to get this value, when it says
    # The measurement round (from 0) the sample was taken in: samples of two cases with the
    # same round were taken close together, so the runner pairs them. None: the file says not.
    round: int | None = None


class Outcome(enum.StrEnum):
    """Why a case has no result (the statuses of the suites' case catalogs)."""

    FAILED = "failed"  # timing it raised or the harness reported an error
    REFUSED = "refused"  # its round trip was wrong, so it was never timed
    NOT_APPLICABLE = "not_applicable"  # the library cannot represent the dataset or op
    NOT_MEASURED = "not_measured"  # the library or fixture was unavailable


# The capabilities of the cross-language contract (schemas/README.md): each has a
# column in the store; any other a suite reports is kept in the capabilities JSON.
KNOWN_CAPABILITIES = ("codegen", "reflection", "schemaless", "validates", "zero_copy")


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


@dataclass
class CaseResult:
    """One measured case from one native file."""

    identity: CaseIdentity
    samples: list[Sample]
    lib_version: str = ""
    capabilities: dict[str, bool] | None = None  # None: the harness did not say
    metrics: dict[str, float] = field(default_factory=dict)

    @property
    def measured(self) -> list[float]:
        return [s.value_ns for s in self.samples if s.kind is SampleKind.MEASURE]


@dataclass(frozen=True)
class Unmeasured:
    """A case (or, with fields left None, a whole library or dataset) not timed, and why."""

    lang: str
    outcome: Outcome
    reason: str
    lib: str | None = None
    format: str | None = None
    op: str | None = None
    dataset: str | None = None
    size: int | None = None
    variant: str | None = None

    @classmethod
    def case(cls, identity: CaseIdentity, outcome: Outcome, reason: str) -> "Unmeasured":
        """One fully identified case that was not timed."""
        return cls(
            identity.lang,
            outcome,
            reason,
            identity.lib,
            identity.format,
            identity.op,
            identity.dataset,
            identity.size,
            identity.variant,
        )


@dataclass(frozen=True)
class TableRows:
    """Rows of a table beyond the results (interop cells, robustness outcomes) that a file
    fills; the store prefixes each row with the run id and the file's id."""

    table: str
    columns: tuple[str, ...]
    rows: list[tuple[object, ...]]


@dataclass
class NativeFile:
    harness: str
    harness_version: str
    results: list[CaseResult] = field(default_factory=list)
    unmeasured: list[Unmeasured] = field(default_factory=list)
    # About the run rather than one case: runtime, compiler, flags, harness settings.
    metadata: dict[str, str] = field(default_factory=dict)
    # Cases the file says another file of its suite measured (a case catalog's `measured`).
    claimed: list[CaseIdentity] = field(default_factory=list)
    tables: list[TableRows] = field(default_factory=list)
    # Whether a case's op is lazy (a view over the bytes), and why; None: a full op. Only the
    # cases the file classifies (a case catalog with `lazy_ops`).
    lazy: dict[CaseIdentity, str | None] = field(default_factory=dict)


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


def median_of(values: Iterable[float]) -> float:
    return float(statistics.median(values))
