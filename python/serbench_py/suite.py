"""The cases of the suite: which apply, and the timed function of each.

plan() lists every (library, dataset, size, op) the suite knows of with the
reason it cannot run, if one is known without importing anything. A Workbench
then prepares a case in the process that times it: builds the codec, checks
the round trip against the fixture (a wrong library is refused, never timed),
and measures allocation in a pass of its own.
"""

import enum
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from serbench_py.adapter import (
    Adapter,
    Capability,
    Codec,
    LazyAccess,
    Reader,
    item_reader,
    read_all,
)
from serbench_py.cases import Case
from serbench_py.roundtrip import RoundTripError, check_round_trip
from serbench_py.sources import Source

OPS = ("encode", "decode", "roundtrip", "access_full", "access_lazy")
_ACCESS = ("access_full", "access_lazy")


class Status(enum.StrEnum):
    MEASURED = "measured"
    REFUSED = "refused"  # the round trip is wrong
    NOT_APPLICABLE = "not_applicable"  # the library cannot represent the dataset or op
    FAILED = "failed"  # timing raised
    NOT_MEASURED = "not_measured"  # the library or fixture is unavailable


@dataclass(frozen=True)
class Planned:
    case: Case
    adapter: Adapter
    source: Source
    not_applicable: str | None  # the reason, when known up front
    not_measured: str | None = None  # left out of this run (its profile), and why


def _static_reason(adapter: Adapter, source: Source, op: str) -> str | None:
    reason = adapter.supports(source) or dict(adapter.unsupported).get(op)
    if reason:
        return reason
    if op in _ACCESS and source.schema is None:
        return "one document without records: there are no named record fields to read"
    if op == "access_lazy" and Capability.ZERO_COPY not in adapter.capabilities:
        return "not a zero-copy format: reading a field needs a full decode (op access_full)"
    return None


def plan(adapters: Sequence[Adapter], sources: Sequence[Source]) -> list[Planned]:
    return [
        Planned(
            Case.of(adapter, op, source.name, size),
            adapter,
            source,
            _static_reason(adapter, source, op),
        )
        for source in sources
        for size in source.sizes
        for adapter in adapters
        for op in OPS
    ]


class CaseError(Exception):
    """The case cannot be timed: `status` says why (refused or not measured)."""

    def __init__(self, status: Status, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


@dataclass(frozen=True)
class Prepared:
    func: Callable[[], object]
    metadata: dict[str, str | int]


@dataclass(frozen=True)
class _Subject:
    codec: Codec
    native: Any
    payload: bytes
    tree: Any


class Workbench:
    """Prepares cases; the ops of one (library, dataset, size) share one check.

    Only the latest subject is kept: plan() lists a subject's ops together, and
    keeping every decoded payload would grow the process by gigabytes.
    """

    def __init__(self) -> None:
        self._subject_key: tuple[int, str, int] | None = None
        self._subject_value: _Subject | CaseError | None = None
        self._codecs: dict[tuple[int, str], Codec | CaseError] = {}
        self._fixture_key: tuple[str, int] | None = None
        self._fixture_value: tuple[Any, str] | None = None

    def check(self, planned: Planned) -> None:
        """Raises CaseError unless the case's library round-trips its fixture."""
        self._subject(planned.adapter, planned.source, planned.case.size)

    def prepare(self, planned: Planned) -> Prepared:
        """The timed function and metadata of a checked case."""
        subject = self._subject(planned.adapter, planned.source, planned.case.size)
        func = _operation(planned.case.op, subject, planned.source)
        metadata = planned.case.metadata()
        metadata["lib_version"] = planned.adapter.version
        metadata["wire_bytes"] = len(subject.payload)
        metadata["capabilities"] = ",".join(sorted(c.value for c in planned.adapter.capabilities))
        return Prepared(func, metadata)

    def _codec(self, adapter: Adapter, source: Source) -> Codec:
        key = (id(adapter), source.name)
        if key not in self._codecs:
            try:
                self._codecs[key] = adapter.codec(source)
            except Exception as error:  # an uninstallable or broken library
                self._codecs[key] = CaseError(
                    Status.NOT_MEASURED, f"building the {adapter.lib} codec raised {error!r:.300}"
                )
        return _raise_or(self._codecs[key])

    def _subject(self, adapter: Adapter, source: Source, size: int) -> _Subject:
        key = (id(adapter), source.name, size)
        if key != self._subject_key or self._subject_value is None:
            self._subject_key, self._subject_value = None, None  # frees the previous one first
            self._subject_value, self._subject_key = self._check(adapter, source, size), key
        return _raise_or(self._subject_value)

    def _fixture(self, source: Source, size: int) -> tuple[Any, str]:
        """The fixture tree and its repr, kept while plan() goes through its libraries.

        Libraries only read it (none mutates its input), so they share one copy.
        """
        if self._fixture_key != (source.name, size):
            self._fixture_value = None  # frees the previous one first
            tree = source.load(size)
            self._fixture_value, self._fixture_key = (tree, repr(tree)), (source.name, size)
        assert self._fixture_value is not None
        return self._fixture_value

    def _check(self, adapter: Adapter, source: Source, size: int) -> _Subject | CaseError:
        try:
            tree, tree_repr = self._fixture(source, size)
        except FileNotFoundError as error:
            return CaseError(Status.NOT_MEASURED, str(error))
        try:
            codec = self._codec(adapter, source)
        except CaseError as error:
            return error
        try:
            native, payload = check_round_trip(codec, tree, tree_repr)
            if source.schema is not None:
                _check_access(codec, payload, tree, source)
        except RoundTripError as error:
            return CaseError(Status.REFUSED, str(error))
        return _Subject(codec, native, payload, tree)


_T = TypeVar("_T")


def _raise_or(value: _T | CaseError) -> _T:
    if isinstance(value, CaseError):
        raise value
    return value


def _readers(make: Callable[[str], Reader], source: Source) -> list[Reader]:
    assert source.schema is not None
    return [make(path) for path in source.schema.access]


def _check_access(codec: Codec, payload: bytes, tree: Any, source: Source) -> None:
    """The access ops must read the fixture's values, lazily or not."""
    try:
        _compare_access(codec, payload, tree, source)
    except RoundTripError:
        raise
    except Exception as error:  # a reader that fails refuses the case like a wrong value
        raise RoundTripError(f"access raised {error!r:.200}") from error


def _compare_access(codec: Codec, payload: bytes, tree: Any, source: Source) -> None:
    want = read_all(tree["records"], _readers(item_reader, source))
    got = {
        "access_full": read_all(
            codec.records(codec.decode(payload)), _readers(codec.reader, source)
        )
    }
    if isinstance(codec, LazyAccess):
        got["access_lazy"] = codec.read_lazily(payload, _readers(codec.lazy_reader, source))
    for op, values in got.items():
        if values != want:
            wrong = next(i for i, (w, g) in enumerate(zip(want, values, strict=True)) if w != g)
            raise RoundTripError(f"{op} read {values[wrong]!r:.80}, expected {want[wrong]!r:.80}")


def _operation(op: str, subject: _Subject, source: Source) -> Callable[[], object]:
    codec, native, payload = subject.codec, subject.native, subject.payload
    if op == "encode":
        return lambda: codec.encode(native)
    if op == "decode":
        return lambda: codec.decode(payload)
    if op == "roundtrip":
        return lambda: codec.decode(codec.encode(native))
    if op == "access_full":
        readers = _readers(codec.reader, source)
        return lambda: read_all(codec.records(codec.decode(payload)), readers)
    assert op == "access_lazy" and isinstance(codec, LazyAccess), op
    lazy = codec
    lazy_readers = _readers(lazy.lazy_reader, source)
    return lambda: lazy.read_lazily(payload, lazy_readers)


def peak_heap_bytes(func: Callable[[], object]) -> int:
    """Peak bytes traced by tracemalloc during one call of a warmed-up `func`.

    Measured in a pass of its own: tracemalloc slows every allocation, so it
    never runs while a case is timed.
    """
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        baseline = tracemalloc.get_traced_memory()[0]
        func()
        return max(tracemalloc.get_traced_memory()[1] - baseline, 0)
    finally:
        tracemalloc.stop()
