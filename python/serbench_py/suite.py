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
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar

from schemas.catalog import catalog
from serbench_py.adapter import (
    Capability,
    Codec,
    Converts,
    LazyAccess,
    Library,
    Reader,
    item_reader,
    read_all,
)
from serbench_py.cases import Case
from serbench_py.roundtrip import RoundTripError, check_round_trip, first_difference
from serbench_py.sources import Source
from serbench_py.typed import domain_model

OPS = catalog.OPS
_ACCESS = ("access_full", "access_lazy")
# The code-generated formats, whose codecs convert the domain model (CONTRACT: convert).
CONVERT_FORMATS = catalog.CODEGEN_FORMATS
# Typed-class libraries are also timed with the cyclic GC disabled on
# these datasets and ops, as case variant `<variant>_gcoff`.
GC_OFF_SUFFIX = "_gcoff"
GC_OFF_DATASETS = ("filetree", "order")
GC_OFF_OPS = ("encode", "decode", "roundtrip")


def payload_file_name(case_id: str) -> str:
    """The file an encode case's payload goes to under `--payloads DIR`: the case id with
    each `/` written as `,` (a case id's values never hold one), then `.bin`; the runner
    reads it back (runner/ingest/payloads.py)."""
    return case_id.replace("/", ",") + ".bin"


class Status(enum.StrEnum):
    MEASURED = "measured"
    REFUSED = "refused"  # the round trip is wrong
    NOT_APPLICABLE = "not_applicable"  # the library cannot represent the dataset or op
    FAILED = "failed"  # timing raised
    NOT_MEASURED = "not_measured"  # the library or fixture is unavailable


@dataclass(frozen=True)
class Planned:
    case: Case
    library: Library
    source: Source
    not_applicable: str | None  # the reason, when known up front
    not_measured: str | None = None  # left out of this run (its profile), and why
    gc_off: bool = False  # timed with the cyclic GC disabled


def _static_reason(library: Library, source: Source, op: str) -> str | None:
    reason = library.supports(source) or dict(library.unsupported).get(op)
    if reason:
        return reason
    if op in _ACCESS and source.schema is None:
        return "one document without records: there are no named record fields to read"
    if op == "access_lazy" and Capability.ZERO_COPY not in library.capabilities:
        return "not a zero-copy format: reading a field needs a full decode (op access_full)"
    if op == "convert" and library.format not in CONVERT_FORMATS:
        return (
            "convert (domain model -> generated objects -> domain model) applies to "
            "code-generated formats only: protobuf, FlatBuffers, Cap'n Proto, Thrift"
        )
    if op == "convert" and source.schema is None:
        return "no domain model for this document (it has no dataset description)"
    return None


def _gc_off_twin(planned: Planned) -> Planned | None:
    """The same case timed with the GC disabled, for the libraries and datasets that get one."""
    case = planned.case
    wanted = getattr(planned.library, "gc_off_twin", False)
    if not wanted or case.dataset not in GC_OFF_DATASETS or case.op not in GC_OFF_OPS:
        return None
    variant = f"{case.variant}{GC_OFF_SUFFIX}"
    return replace(planned, case=replace(case, variant=variant), gc_off=True)


def plan(libraries: Sequence[Library], sources: Sequence[Source]) -> list[Planned]:
    planned = [
        Planned(
            Case.of(library, op, source.name, size),
            library,
            source,
            _static_reason(library, source, op),
        )
        for source in sources
        for size in source.sizes
        for library in libraries
        for op in OPS
    ]
    twins = (_gc_off_twin(p) for p in planned)
    return planned + [twin for twin in twins if twin is not None]


class CaseError(Exception):
    """The case cannot be timed: `status` says why (refused or not measured)."""

    def __init__(self, status: Status, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


@dataclass(frozen=True)
class Prepared:
    """A case ready to time: `func(arg)` is one operation; `arg` was built for it."""

    func: Callable[[Any], object]
    arg: Any
    metadata: dict[str, str | int]
    gc_off: bool
    # The work happens in a child process (the import cases): timed by the wall
    # clock, as this thread's CPU time would not see it.
    in_child: bool = False
    # func returns the ns its work took, timed by the child process it ran in (the gc
    # cases: a pass over a fresh interpreter's heap); the loop sums those.
    self_timed: bool = False


class Workbench:
    """Checks and prepares cases without keeping other cases' objects alive.

    A (library, dataset, size) is checked once (round trip, access, convert);
    only its encoded payload (bytes, which the cyclic GC never visits) is kept.
    Each prepare() builds the case's input afresh from the fixture, so a caller
    that drops the Prepared holds nothing of the case any more.
    """

    def __init__(self) -> None:
        self._codecs: dict[tuple[int, str], Codec | CaseError] = {}
        self._payloads: dict[tuple[int, str, int], bytes | CaseError] = {}

    def check(self, planned: Planned, verify: bool = True) -> None:
        """Raises CaseError unless the case's library round-trips its fixture. Without `verify`
        (a later worker of a case an earlier one verified) the fixture is only encoded: the
        payload the case's ops start from, at a fraction of the verification's cost."""
        key = _payload_key(planned)
        if not verify and key not in self._payloads:
            self._payloads[key] = self._encode(planned)
        self._payload(planned)

    def prepare(self, planned: Planned) -> Prepared:
        """The timed function of a checked case, its freshly built input, and metadata."""
        payload = self._payload(planned)
        codec = self._codec(planned.library, planned.source)
        func, arg = _operation(planned, codec, payload)
        return Prepared(func, arg, self.metadata(planned), planned.gc_off)

    def metadata(self, planned: Planned) -> dict[str, str | int]:
        """A checked case's identity, library version, capabilities and wire size."""
        metadata = planned.case.metadata()
        metadata["lib_version"] = planned.library.version
        metadata["wire_bytes"] = len(self._payload(planned))
        metadata["capabilities"] = ",".join(sorted(c.value for c in planned.library.capabilities))
        return metadata

    def write_payload(self, planned: Planned, directory: Path) -> None:
        """Writes a checked encode case's payload (the bytes its round trip verified) to
        directory/payload_file_name(its id), for the runner to compress; other ops write
        nothing. Untimed: called once, when the case is checked."""
        if planned.case.op == "encode":
            directory.mkdir(parents=True, exist_ok=True)
            (directory / payload_file_name(planned.case.id)).write_bytes(self._payload(planned))

    def _codec(self, library: Library, source: Source) -> Codec:
        key = (id(library), source.name)
        if key not in self._codecs:
            try:
                self._codecs[key] = library.codec(source)
            except Exception as error:  # an uninstallable or broken library
                self._codecs[key] = CaseError(
                    Status.NOT_MEASURED, f"building the {library.lib} codec raised {error!r:.300}"
                )
        return _raise_or(self._codecs[key])

    def _payload(self, planned: Planned) -> bytes:
        key = _payload_key(planned)
        if key not in self._payloads:
            self._payloads[key] = self._check(planned.library, planned.source, planned.case.size)
        return _raise_or(self._payloads[key])

    def _encode(self, planned: Planned) -> bytes | CaseError:
        try:
            tree = planned.source.load(planned.case.size)
            codec = self._codec(planned.library, planned.source)
        except FileNotFoundError as error:
            return CaseError(Status.NOT_MEASURED, str(error))
        except CaseError as error:
            return error
        try:
            return codec.encode(codec.native(tree))
        except Exception as error:  # verified in an earlier process: a library gone wrong
            return CaseError(Status.FAILED, f"encoding the fixture raised {error!r:.200}")

    def _check(self, library: Library, source: Source, size: int) -> bytes | CaseError:
        try:
            tree = source.load(size)
        except FileNotFoundError as error:
            return CaseError(Status.NOT_MEASURED, str(error))
        try:
            codec = self._codec(library, source)
        except CaseError as error:
            return error
        try:
            _, payload = check_round_trip(codec, tree)
            if source.schema is not None:
                _check_access(codec, payload, tree, source)
                if isinstance(codec, Converts):
                    _check_convert(codec, tree, source)
        except RoundTripError as error:
            return CaseError(Status.REFUSED, str(error))
        return payload


def _payload_key(planned: Planned) -> tuple[int, str, int]:
    """The ops of one library, dataset and size share one check and payload."""
    return (id(planned.library), planned.source.name, planned.case.size)


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


def _check_convert(codec: Converts, tree: Any, source: Source) -> None:
    """convert must give back a domain model equal to the fixture."""
    assert source.schema is not None
    model = domain_model(source.schema)
    try:
        back = model.to_tree(codec.convert(model.native(tree)))
    except Exception as error:
        raise RoundTripError(f"convert raised {error!r:.200}") from error
    difference = None if repr(back) == repr(tree) else first_difference(tree, back)
    if difference:
        raise RoundTripError(f"convert: {difference}")


def _operation(
    planned: Planned, codec: Codec, payload: bytes
) -> tuple[Callable[[Any], object], Any]:
    """The timed function of a case and its input, built now (the input only lives
    as long as the caller keeps it). Native objects are converted from the tree each time,
    not unpickled from a copy: an unpickled instance of an ordinary class keeps its
    attributes in a dict of its own instead of the inline values its constructor gives it,
    and encoding read them slower (order, 100 records: dataclasses and attrs 23-26%,
    pydantic 9%, Thrift 5-8%)."""
    op, source = planned.case.op, planned.source
    if op in ("encode", "roundtrip"):
        native = codec.native(source.load(planned.case.size))
        if op == "encode":
            return codec.encode, native
        return (lambda obj: codec.decode(codec.encode(obj))), native
    if op == "decode":
        return codec.decode, payload
    if op == "access_full":
        readers = _readers(codec.reader, source)
        return (lambda data: read_all(codec.records(codec.decode(data)), readers)), payload
    if op == "convert":
        assert isinstance(codec, Converts) and source.schema is not None, op
        return codec.convert, domain_model(source.schema).native(source.load(planned.case.size))
    assert op == "access_lazy" and isinstance(codec, LazyAccess), op
    lazy = codec
    lazy_readers = _readers(lazy.lazy_reader, source)
    return (lambda data: lazy.read_lazily(data, lazy_readers)), payload


def peak_heap_bytes(func: Callable[[Any], object], arg: Any) -> int:
    """Peak bytes traced by tracemalloc during one call of a warmed-up `func(arg)`.

    Measured in a pass of its own: tracemalloc slows every allocation, so it
    never runs while a case is timed.
    """
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        baseline = tracemalloc.get_traced_memory()[0]
        func(arg)
        return max(tracemalloc.get_traced_memory()[1] - baseline, 0)
    finally:
        tracemalloc.stop()
