"""Costs beside serialization, as in msgspec's own benchmarks.

- create / eq / lt: one object of a 5-field record class of each kind
  (msgspec Struct with and without gc=False, dataclass, attrs, pydantic, plain
  class, __slots__ class).
- gc: one full gc.collect() with a million such objects alive; their memory
  (bytes tracemalloc traced while they were built) is gc_memory_bytes in metadata.
- import: a fresh interpreter importing the library (`python -c "import X"`),
  beside a baseline case (lib=python) that imports nothing.
- installed_size: bytes of each distribution's files (from its RECORD); not a
  time, so it goes to python-extra.json, not the pyperf file.
- peak_memory: how far one decode of the packages document (tens of MiB) raises
  the peak RSS of a fresh process that already holds the bytes, for each JSON
  decoder of that document (schema-less, and typed: msgspec struct, pydantic
  v2); also in python-extra.json.

Case ids use dataset=objects (sizes 1 and 1,000,000) and dataset=none.
"""

import dataclasses
import gc
import subprocess
import sys
import tracemalloc
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib import metadata
from typing import Any

from serbench_py.cases import Case

_FIELDS = ("a", "b", "c", "d", "e")
_VALUES = (1, "two", 3.0, (4,), 5)
GC_OBJECTS = 1_000_000


class _Record:
    # No instance storage of its own: _Plain adds a __dict__, _Slots its slots.
    __slots__ = ()

    def __init__(self, a: object, b: object, c: object, d: object, e: object) -> None:
        # Stored in the subclass's __dict__ or slots (mypy sees only _Record's empty slots).
        self.a, self.b, self.c, self.d, self.e = a, b, c, d, e  # type: ignore[misc]

    def _key(self) -> tuple[object, ...]:
        return (self.a, self.b, self.c, self.d, self.e)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Record) and self._key() == other._key()

    def __lt__(self, other: "_Record") -> bool:
        return self._key() < other._key()

    __hash__ = None  # type: ignore[assignment]


class _Plain(_Record):
    """Attributes in a __dict__."""


class _Slots(_Record):
    __slots__ = _FIELDS


def _msgspec(gc_tracked: bool = True) -> type:
    import msgspec

    fields = [(f, object) for f in _FIELDS]
    cls: type = msgspec.defstruct("Struct", fields, order=True, gc=gc_tracked)
    return cls


def _dataclass() -> type:
    return dataclasses.make_dataclass("Dataclass", [(f, object) for f in _FIELDS], order=True)


def _attrs() -> type:
    import attrs

    cls: type = attrs.make_class("Attrs", list(_FIELDS), order=True)
    return cls


def _pydantic() -> type:
    import pydantic

    cls: type = pydantic.create_model("Model", **{f: (object, ...) for f in _FIELDS})  # type: ignore[call-overload]
    return cls


@dataclass(frozen=True)
class Kind:
    lib: str
    variant: str | None
    distribution: str
    make: Callable[[], type]
    keywords: bool = False  # pydantic takes keyword arguments only
    ordered: bool = True  # pydantic models define no ordering


KINDS = (
    Kind(lib="msgspec", variant="struct", distribution="msgspec", make=_msgspec),
    # Instances the cyclic GC never tracks: its pass skips them.
    Kind(
        lib="msgspec",
        variant="struct_nogc",
        distribution="msgspec",
        make=lambda: _msgspec(gc_tracked=False),
    ),
    Kind(lib="dataclasses", variant=None, distribution="", make=_dataclass),
    Kind(lib="attrs", variant=None, distribution="attrs", make=_attrs),
    Kind(
        lib="pydantic",
        variant="v2",
        distribution="pydantic",
        make=_pydantic,
        keywords=True,
        ordered=False,
    ),
    Kind(lib="plain", variant=None, distribution="", make=lambda: _Plain),
    Kind(lib="plain", variant="slots", distribution="", make=lambda: _Slots),
)

# pydantic's compiled core, a distribution of its own that no library names.
_PYDANTIC_CORE = ("pydantic_core", "pydantic-core", "pydantic_core")


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


def _version(distribution: str) -> str:
    return metadata.version(distribution) if distribution else sys.version.split()[0]


def _factory(kind: Kind) -> Callable[[], object]:
    cls = kind.make()
    if kind.keywords:
        named = dict(zip(_FIELDS, _VALUES, strict=True))
        return lambda: cls(**named)
    return lambda: cls(*_VALUES)


def _object_op(kind: Kind, op: str) -> tuple[Callable[[], object], dict[str, str | int]]:
    new = _factory(kind)
    if op == "create":
        return new, {}
    first, second = new(), new()
    if op == "eq":
        return (lambda: first == second), {}
    return (lambda: first < second), {}  # type: ignore[operator]


# Kind -> the traced bytes of its million objects, measured at the kind's first build in
# this process: tracing every sample's build made the gc cases' group take minutes.
_GC_MEMORY: dict[Kind, int] = {}


def _gc(kind: Kind) -> tuple[Callable[[], object], dict[str, str | int]]:
    new = _factory(kind)
    gc.collect()
    if kind in _GC_MEMORY:
        alive = [new() for _ in range(GC_OBJECTS)]
    else:
        # Traced bytes, not RSS: RSS does not grow while the process reuses memory that
        # earlier cases freed, which made some kinds read 0.
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            alive = [new() for _ in range(GC_OBJECTS)]
            _GC_MEMORY[kind] = max(tracemalloc.get_traced_memory()[0] - before, 0)
        finally:
            tracemalloc.stop()

    def collect() -> object:
        return gc.collect(), alive  # keeps the objects alive while timed

    return collect, {"gc_memory_bytes": _GC_MEMORY[kind]}


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
            yield Extra(_case(op, kind.lib, 1, kind.variant), _bind(_object_op, kind, op), version)
        yield Extra(_case("gc", kind.lib, GC_OBJECTS, kind.variant), _bind(_gc, kind), version)
    yield Extra(
        _case("import", "python", 1, None, "none"), _bind(_import, ""), _version(""), in_child=True
    )
    for lib, distribution, module in imports():
        case = _case("import", lib, 1, None, "none")
        yield Extra(case, _bind(_import, module), _version(distribution), in_child=True)


def _bind(func: Callable[..., Any], *args: Any) -> Callable[[], Any]:
    return lambda: func(*args)


def installed_sizes() -> list[dict[str, Any]]:
    """Bytes of every measured distribution's installed files, from its RECORD."""
    rows = []
    for lib, distribution, _ in imports():
        files = metadata.distribution(distribution).files or []
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


def peak_memory(indexes: list[int] | None = None) -> list[dict[str, Any]]:
    """Peak RSS growth of decoding the packages document, per JSON decoder (all of
    peak_decoders() by default), each in a fresh process (a process's peak RSS
    never goes down)."""
    from serbench_py.registry import LIBRARIES

    rows = []
    for index in peak_decoders() if indexes is None else indexes:
        library = LIBRARIES[index]
        script = f"from serbench_py.extras import decode_peak; decode_peak({index})"
        result = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, check=False
        )
        case = Case(library.lib, library.format, "peak_memory", PEAK_SOURCE, 1, library.variant)
        row: dict[str, Any] = {"id": case.id, "unit": "byte", "version": library.version}
        if result.returncode == 0:
            row["value"] = int(result.stdout.split()[-1])
        else:
            row["error"] = result.stderr.strip().splitlines()[-1:]
        rows.append(row)
    return rows


def decode_peak(index: int) -> None:
    """In the child: prints the bytes one decode adds to this process's peak RSS."""
    from serbench_py.registry import LIBRARIES
    from serbench_py.sources import SOURCES

    source = SOURCES[PEAK_SOURCE]
    codec = LIBRARIES[index].codec(source)
    data = source.raw(1)
    before = _peak_rss()
    decoded = codec.decode(data)
    after = _peak_rss()
    del decoded
    print(after - before)


def _peak_rss() -> int:
    """This process's peak RSS in bytes (VmHWM: unlike ru_maxrss, exec resets it,
    so the child does not start with the large bench process's peak)."""
    with open("/proc/self/status", encoding="ascii") as status:
        line = next(line for line in status if line.startswith("VmHWM:"))
    return int(line.split()[1]) * 1024
