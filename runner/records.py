"""What a run measured, as values: the records every ingester returns and the store writes.

Ingesters (the parsers of runner/ingest/) only read files and build these values; the store
(runner/store.py) only writes them. Both import them from here, so neither depends on the other.
"""

import enum
import statistics
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

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

    def __post_init__(self) -> None:
        # Read back from a snapshot or the store, the outcome is its text.
        object.__setattr__(self, "outcome", Outcome(self.outcome))

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


def median_of(values: Iterable[float]) -> float:
    return float(statistics.median(values))
