"""Costs beside serialization, as in msgspec's own benchmarks (its repository's
benchmarks/bench_structs.py and bench_gc.py), on the same work:

- create / eq / lt (size 1,000): a record class of five int fields a..e of each kind
  (msgspec Struct with and without gc=False, dataclass, attrs, pydantic, plain class,
  __slots__ class). create builds a list of 1,000 instances by keyword (a=i, ..., e=i)
  and drops it; eq finds the last of 1,000 instances in a list of them (list.index, one
  equality test per element); lt walks the same list comparing each element with the last
  (one ordering test per element). All inside the timed call, as the source's loops are,
  over the worker's heap thawed (the source's process has nothing frozen).
- gc (size 1,000,000): one full gc.collect() with a dict {i: instance} of a million
  3-int-field instances (x, y, z = i) alive, in a fresh interpreter holding what the
  source's script holds (gc_pass), which reports the pass's CPU time; their memory is in
  metadata:
  gc_memory_bytes (what tracemalloc traced while the dict was built) and gc_sizeof_bytes
  (the source's count: deep_sizeof). A dict as in the source: CPython
  stops tracking a dict whose keys and values can never be tracked, so for Structs with
  gc=False the pass skips the whole dict, which a list would not.
- import: a fresh interpreter importing the library (`python -c "import X"`),
  beside a baseline case (lib=python) that imports nothing.
- installed_size: bytes of each distribution's files (from its RECORD); not a
  time, so it goes to python-extra.json, not the pyperf file.
- peak_memory: how far one decode of the packages document (tens of MiB) raises
  the peak RSS of a fresh process that already holds the bytes, for each JSON
  decoder of that document (schema-less, and typed: msgspec struct and
  struct_nogc_tuple, pydantic v2); also in python-extra.json. peak_memory_import
  is msgspec's bench_large_json.py count in the same process: from before the
  decoder's import, over 5 decodes (its claim is checked on that).

- msgspec_fs (size 1,000): the serialization work of msgspec's bench_validation and
  bench_encodings, on their message, classes and calls (serbench_py/msgspec_fs/).

Case ids use dataset=objects, dataset=none and dataset=msgspec_fs.
"""

import dataclasses
import gc
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from serbench_py.cases import Case

RECORD_FIELDS = ("a", "b", "c", "d", "e")
POINT_FIELDS = ("x", "y", "z")
OBJECTS = 1_000  # instances per create / eq / lt call
GC_OBJECTS = 1_000_000


class _Compared:
    """A plain class's equality and ordering: by its fields' tuple, as a user writes them."""

    __slots__ = ()

    def _key(self) -> tuple[int, ...]:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._key() == other._key()

    def __lt__(self, other: "_Compared") -> bool:
        return self._key() < other._key()

    __hash__ = None  # type: ignore[assignment]


class _Record(_Compared):
    # No instance storage of its own: _PlainRecord adds a __dict__, _SlotsRecord its slots.
    __slots__ = ()

    def __init__(self, a: int, b: int, c: int, d: int, e: int) -> None:
        self.a, self.b, self.c, self.d, self.e = a, b, c, d, e  # type: ignore[misc]

    def _key(self) -> tuple[int, ...]:
        return (self.a, self.b, self.c, self.d, self.e)


class _Point(_Compared):
    __slots__ = ()

    def __init__(self, x: int, y: int, z: int) -> None:
        self.x, self.y, self.z = x, y, z  # type: ignore[misc]

    def _key(self) -> tuple[int, ...]:
        return (self.x, self.y, self.z)


class _PlainRecord(_Record):
    """Attributes in a __dict__."""


class _SlotsRecord(_Record):
    __slots__ = RECORD_FIELDS


class _PlainPoint(_Point):
    """Attributes in a __dict__."""


class _SlotsPoint(_Point):
    __slots__ = POINT_FIELDS


_PLAIN = {RECORD_FIELDS: _PlainRecord, POINT_FIELDS: _PlainPoint}
_SLOTS = {RECORD_FIELDS: _SlotsRecord, POINT_FIELDS: _SlotsPoint}


def _msgspec(fields: Sequence[str], gc_tracked: bool = True) -> type:
    import msgspec

    cls: type = msgspec.defstruct("Struct", [(f, int) for f in fields], order=True, gc=gc_tracked)
    return cls


def _dataclass(fields: Sequence[str]) -> type:
    return dataclasses.make_dataclass("Dataclass", [(f, int) for f in fields], order=True)


def _attrs(fields: Sequence[str]) -> type:
    import attrs

    # attrs.define, as the source declares it: a slotted class (make_class's is not).
    bare = type("Attrs", (), {"__annotations__": dict.fromkeys(fields, int)})
    cls: type = attrs.define(order=True)(bare)
    return cls


def _pydantic(fields: Sequence[str]) -> type:
    import pydantic

    cls: type = pydantic.create_model("Model", **{f: (int, ...) for f in fields})  # type: ignore[call-overload]
    return cls


@dataclass(frozen=True)
class Kind:
    lib: str
    variant: str | None
    distribution: str
    make: Callable[[Sequence[str]], type]  # the class with these int fields
    ordered: bool = True  # pydantic models define no ordering


KINDS = (
    Kind(lib="msgspec", variant="struct", distribution="msgspec", make=_msgspec),
    # Instances the cyclic GC never tracks: its pass skips them.
    Kind(
        lib="msgspec",
        variant="struct_nogc",
        distribution="msgspec",
        make=lambda fields: _msgspec(fields, gc_tracked=False),
    ),
    Kind(lib="dataclasses", variant=None, distribution="", make=_dataclass),
    Kind(lib="attrs", variant=None, distribution="attrs", make=_attrs),
    Kind(lib="pydantic", variant="v2", distribution="pydantic", make=_pydantic, ordered=False),
    Kind(lib="plain", variant=None, distribution="", make=lambda fields: _PLAIN[tuple(fields)]),
    Kind(lib="plain", variant="slots", distribution="", make=lambda fields: _SLOTS[tuple(fields)]),
)

# pydantic's compiled core, a distribution of its own that no library names.
_PYDANTIC_CORE = ("pydantic_core", "pydantic-core", "pydantic_core")
# pydantic's pure-Python dependencies, sized as msgspec's bench_library_size.py counts them
# into pydantic's size (no import case: nothing imports them alone).
SIZED_DEPENDENCIES = (
    ("typing_extensions", "typing-extensions"),
    ("annotated_types", "annotated-types"),
)


def imports() -> list[tuple[str, str, str]]:
    """(lib, distribution, module) of each library whose import time and installed size are
    measured: every adapter's that names an import module, once per library."""
    from serbench_py.registry import LIBRARIES

    named = {a.lib: (a.lib, a.distribution, a.import_module) for a in LIBRARIES if a.import_module}
    return [*named.values(), _PYDANTIC_CORE]


@dataclass(frozen=True)
class Extra:
    case: Case
    make: Callable[[], tuple[Callable[[], object], dict[str, str | int]]]
    version: str
    in_child: bool = False  # the work runs in a child process (import)
    # The call returns the ns its work took, timed in the child process it ran in (gc).
    self_timed: bool = False
    gc_off: bool = False  # timed with the cyclic GC disabled (the source's timeit)
    # Metadata measured once, when the case is verified (a later part's workers skip it).
    facts: Callable[[], dict[str, str | int]] | None = None


def _version(distribution: str) -> str:
    from importlib import metadata  # imported when used: the gc child's heap stays small

    return metadata.version(distribution) if distribution else sys.version.split()[0]


def _records(cls: type, count: int) -> list[Any]:
    return [cls(a=i, b=i, c=i, d=i, e=i) for i in range(count)]


def _object_op(kind: Kind, op: str) -> tuple[Callable[[], object], dict[str, str | int]]:
    # The source's loops run with the GC on over its whole process (nothing frozen): a class
    # whose instances the collector tracks (pydantic's models, their dicts and field sets)
    # pays for the collections it triggers over that heap, as there. The worker froze what
    # it holds (measure.settle); frozen, pydantic's create ran 1.6 times faster here.
    gc.unfreeze()
    cls = kind.make(RECORD_FIELDS)
    if op == "create":
        return (lambda: _records(cls, OBJECTS)), {}
    haystack = _records(cls, OBJECTS)
    needle = haystack[-1]
    if op == "eq":
        return (lambda: haystack.index(needle)), {}
    return (lambda: _first_not_less(haystack, needle)), {}


def _first_not_less(haystack: Sequence[Any], needle: Any) -> int:
    for index, item in enumerate(haystack):
        if not item < needle:
            return index
    return len(haystack)


def _points(kind: Kind) -> dict[int, Any]:
    cls = kind.make(POINT_FIELDS)
    return {i: cls(x=i, y=i, z=i) for i in range(GC_OBJECTS)}


def deep_sizeof(root: object) -> int:
    """sys.getsizeof summed over root, the keys and values of each dict, each __dict__ and
    each slot's value, every object once: how the source counts its objects' memory.
    Reading __dict__ makes Python 3.11+ build the dict it otherwise keeps inline, so for a
    plain class this counts a dict per instance that the program itself never allocated."""
    seen: set[int] = set()
    total, stack = 0, [root]
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        if hasattr(item, "__dict__"):
            stack.append(item.__dict__)
        for name in getattr(item, "__slots__", ()):
            stack.extend([name, getattr(item, name)])
    return total


def _gc_memory(kind: Kind) -> dict[str, str | int]:
    """The memory of the kind's million objects: bytes tracemalloc traced while they were
    built (what the process really allocated; RSS does not grow while the process reuses
    memory that earlier cases freed) and their deep_sizeof (the source's count). Measured
    once, as the case's facts: measuring every sample's build made the gc cases take minutes."""
    import tracemalloc

    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        alive = _points(kind)
        traced = max(tracemalloc.get_traced_memory()[0] - before, 0)
    finally:
        tracemalloc.stop()
    facts: dict[str, str | int] = {"gc_memory_bytes": traced, "gc_sizeof_bytes": deep_sizeof(alive)}
    del alive
    gc.collect()  # the deep_sizeof walk made objects (and, for plain classes, dicts)
    return facts


def _gc(kind: Kind) -> tuple[Callable[[], object], dict[str, str | int]]:
    """One full collection in a fresh interpreter that holds what msgspec's bench_gc.py
    holds: the interpreter, msgspec, the class and its million objects (gc_pass). Every
    pass walks all its process holds, so the fixed part of each (all a pass over gc=False
    Structs costs) is that process's: in the worker, which holds the suite too (24,000
    tracked objects against the script's 11,800), that pass took twice the source's."""
    command = [
        sys.executable,
        "-c",
        f"from serbench_py.extras import gc_pass; gc_pass({KINDS.index(kind)})",
    ]

    def collect() -> int:
        done = subprocess.run(command, check=True, capture_output=True, text=True)
        return int(done.stdout.split()[-1])

    return collect, {}


def gc_pass(index: int) -> None:
    """In the child: prints the thread CPU ns of one full collection with a dict of the
    kind's million objects alive, built just before, as bench_gc.py times it."""
    import msgspec  # noqa: F401 (the source's script imports it, whatever the class)

    alive = _points(KINDS[index])
    start = time.thread_time_ns()
    gc.collect()
    elapsed = time.thread_time_ns() - start
    del alive  # alive until the pass is timed
    print(elapsed)


def _import(module: str) -> tuple[Callable[[], object], dict[str, str | int]]:
    command = [sys.executable, "-c", f"import {module}" if module else "pass"]
    return (lambda: subprocess.run(command, check=True)), {}


def _case(op: str, lib: str, size: int, variant: str | None, dataset: str = "objects") -> Case:
    return Case(lib, "python", op, dataset, size, variant)


def extras() -> Iterator[Extra]:
    """Every extra case; `make` builds its function (and metadata) when it runs."""
    for kind in KINDS:
        version = _version(kind.distribution)
        for op in ("create", "eq", "lt") if kind.ordered else ("create", "eq"):
            yield Extra(
                _case(op, kind.lib, OBJECTS, kind.variant), _bind(_object_op, kind, op), version
            )
        yield Extra(
            _case("gc", kind.lib, GC_OBJECTS, kind.variant),
            _bind(_gc, kind),
            version,
            self_timed=True,
            facts=_bind(_gc_memory, kind),
        )
    yield Extra(
        _case("import", "python", 1, None, "none"), _bind(_import, ""), _version(""), in_child=True
    )
    for lib, distribution, module in imports():
        case = _case("import", lib, 1, None, "none")
        yield Extra(case, _bind(_import, module), _version(distribution), in_child=True)
    from serbench_py import msgspec_fs  # its models import their libraries only when built

    for case, library, op in msgspec_fs.cases():
        make = _bind(msgspec_fs.operation, library, op)
        yield Extra(case, make, _version(library.distribution), gc_off=True)


def _bind(func: Callable[..., Any], *args: Any) -> Callable[[], Any]:
    return lambda: func(*args)


def _distribution_files(distribution: str) -> list[Any]:
    from importlib import metadata

    return list(metadata.distribution(distribution).files or [])


def installed_sizes() -> list[dict[str, Any]]:
    """Bytes of every measured distribution's installed files, from its RECORD (the .pyc
    files pip compiles have no size there); and of pydantic's SIZED_DEPENDENCIES."""
    rows = []
    sized = [(lib, distribution) for lib, distribution, _ in imports()] + list(SIZED_DEPENDENCIES)
    for lib, distribution in sized:
        files = _distribution_files(distribution)
        size = sum(f.size or 0 for f in files)
        case = _case("installed_size", lib, 1, None, "none")
        rows.append(
            {"id": case.id, "value": size, "unit": "byte", "version": _version(distribution)}
        )
    return rows


PEAK_SOURCE = "packages"


def peak_decoders() -> list[int]:
    """Registry indexes of the JSON decoders of the packages document."""
    from serbench_py.registry import LIBRARIES
    from serbench_py.sources import SOURCES

    source = SOURCES[PEAK_SOURCE]
    return [
        index
        for index, library in enumerate(LIBRARIES)
        if library.format == "json" and library.supports(source) is None
    ]


# Decodes over which msgspec's bench_large_json.py takes its peak (op peak_memory_import).
SOURCE_DECODES = 5
# The ops of python-extra.json's peak rows, in the order decode_peak prints their values.
PEAK_OPS = ("peak_memory", "peak_memory_import")


def peak_memory(indexes: list[int] | None = None) -> list[dict[str, Any]]:
    """Peak RSS growth of decoding the packages document, per JSON decoder (all of
    peak_decoders() by default), each in a fresh process (a process's peak RSS
    never goes down): op peak_memory, one decode with the decoder built; op
    peak_memory_import, msgspec's bench_large_json.py count (from before the decoder's
    import, over SOURCE_DECODES decodes)."""
    from serbench_py.registry import LIBRARIES

    rows = []
    for index in peak_decoders() if indexes is None else indexes:
        library = LIBRARIES[index]
        script = f"from serbench_py.extras import decode_peak; decode_peak({index})"
        result = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, check=False
        )
        values = result.stdout.split()[-len(PEAK_OPS) :]
        for position, op in enumerate(PEAK_OPS):
            case = Case(library.lib, library.format, op, PEAK_SOURCE, 1, library.variant)
            row: dict[str, Any] = {"id": case.id, "unit": "byte", "version": library.version}
            if result.returncode == 0:
                row["value"] = int(values[position])
            else:
                row["error"] = result.stderr.strip().splitlines()[-1:]
            rows.append(row)
    return rows


def decode_peak(index: int) -> None:
    """In the child, holding the document's bytes: prints the bytes one decode adds to this
    process's peak RSS once the decoder is built, then what building the decoder (its import
    included) and SOURCE_DECODES decodes, each dropped before the next, added in all."""
    from serbench_py.registry import LIBRARIES
    from serbench_py.sources import SOURCES

    source = SOURCES[PEAK_SOURCE]
    data = source.raw(1)
    cold = _peak_rss()
    codec = LIBRARIES[index].codec(source)
    built = _peak_rss()
    codec.decode(data)
    one = _peak_rss() - built
    for _ in range(SOURCE_DECODES - 1):
        codec.decode(data)
    print(one, _peak_rss() - cold)


def _peak_rss() -> int:
    """This process's peak RSS in bytes (VmHWM: unlike ru_maxrss, exec resets it,
    so the child does not start with the large bench process's peak)."""
    with open("/proc/self/status", encoding="ascii") as status:
        line = next(line for line in status if line.startswith("VmHWM:"))
    return int(line.split()[1]) * 1024
