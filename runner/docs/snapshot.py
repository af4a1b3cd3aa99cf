"""The published results snapshot: one run of the store, as the docs generator reads it.

A snapshot is a gzip-compressed JSON-lines file (results/published/snapshot.jsonl.gz).
Line 1 is the header record, every later line one record; each line is a JSON object
whose "record" key names its kind:

- `snapshot` (first line only): `format` ("serbench-snapshot"), `version` (FORMAT_VERSION),
  `run` {id, started_at, finished_at, status, profile, filters, git_commit}, `machine`
  {fingerprint, cpu_model, cores, memory_bytes, os, arch}, `metadata` {scope: {key: value}}
  (scope "run" for the runner, else a language: harness and runtime settings), `suites`
  [{lang, harness, status, reason, seconds}].
- `case`: one measured case: identity (lang, lib, format, op, dataset, size, variant),
  lib_version, capabilities ({name: bool} or null), samples_ns (the harness's MEASURE
  values, ns per operation, in its order) and metrics ({name: value}: wire_bytes,
  alloc_bytes_per_op, peak_rss_bytes, gc_*).
- `unmeasured`: a case (or a whole library, with identity fields null) that was not
  timed: lang, outcome ("failed" or "not_applicable"), reason, and the identity fields.
- `interop`: producer_lang, producer_lib, format, dataset, consumer_lang, consumer_lib,
  ok (bool), detail; who decodes whose bytes (absent until that suite exists).
- `robustness`: lang, lib, format, input (the malformed input's name), outcome
  ("error", "crash", "accepted", ...), detail (absent until that suite exists).

Readers ignore unknown keys and unknown record kinds, so adding a field or a kind is
not a new version; changing the meaning of one is. Writers sort records, so the same
run always gives the same bytes.
"""

import dataclasses
import gzip
import io
import json
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

FORMAT = "serbench-snapshot"
FORMAT_VERSION = 1
DEFAULT_NAME = "snapshot.jsonl.gz"


class SnapshotError(Exception):
    """A snapshot this generator cannot read, with the file and the problem named."""


@dataclass(frozen=True)
class RunInfo:
    id: str
    started_at: str
    finished_at: str
    status: str
    profile: str
    filters: str
    git_commit: str


@dataclass(frozen=True)
class MachineInfo:
    fingerprint: str
    cpu_model: str
    cores: int
    memory_bytes: int
    os: str
    arch: str

    def describe(self) -> str:
        memory = f"{self.memory_bytes / 2**30:.1f} GiB"
        return f"{self.cpu_model}, {self.cores} cores, {memory}, {self.os} {self.arch}"


@dataclass(frozen=True)
class SuiteInfo:
    lang: str
    harness: str
    status: str
    reason: str
    seconds: float | None


@dataclass(frozen=True)
class Case:
    lang: str
    lib: str
    format: str
    op: str
    dataset: str
    size: int
    variant: str
    lib_version: str
    capabilities: dict[str, bool] | None
    samples_ns: tuple[float, ...]
    metrics: dict[str, float]

    @property
    def key(self) -> tuple[str, str, str, str, str, int, str]:
        return (self.lang, self.dataset, self.op, self.lib, self.format, self.size, self.variant)


@dataclass(frozen=True)
class Unmeasured:
    lang: str
    outcome: str
    reason: str
    lib: str | None = None
    format: str | None = None
    op: str | None = None
    dataset: str | None = None
    size: int | None = None
    variant: str | None = None


@dataclass(frozen=True)
class Interop:
    producer_lang: str
    producer_lib: str
    format: str
    dataset: str
    consumer_lang: str
    consumer_lib: str
    ok: bool
    detail: str = ""


@dataclass(frozen=True)
class Robustness:
    lang: str
    lib: str
    format: str
    input: str
    outcome: str
    detail: str = ""


@dataclass(frozen=True)
class Snapshot:
    run: RunInfo
    machine: MachineInfo
    metadata: dict[str, dict[str, str]]
    suites: tuple[SuiteInfo, ...]
    cases: tuple[Case, ...]
    unmeasured: tuple[Unmeasured, ...] = ()
    interop: tuple[Interop, ...] = ()
    robustness: tuple[Robustness, ...] = ()
    source: str = field(default="", compare=False)  # the file it was read from, for banners

    def sorted(self) -> "Snapshot":
        """The same content in the canonical order every writer and reader uses."""
        return Snapshot(
            self.run,
            self.machine,
            {scope: dict(sorted(values.items())) for scope, values in sorted(self.metadata.items())},
            tuple(sorted(self.suites, key=lambda s: s.lang)),
            tuple(sorted(self.cases, key=lambda c: c.key)),
            tuple(sorted(self.unmeasured, key=_sort_key)),
            tuple(sorted(self.interop, key=_sort_key)),
            tuple(sorted(self.robustness, key=_sort_key)),
            self.source,
        )


def _sort_key(record: object) -> str:
    # Nullable fields make tuples incomparable; their JSON text sorts the same every time.
    return json.dumps(asdict(record), sort_keys=True)  # type: ignore[call-overload]


# Writing -----------------------------------------------------------------------


def _lines(snapshot: Snapshot) -> Iterator[dict[str, Any]]:
    yield {
        "record": "snapshot",
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "run": asdict(snapshot.run),
        "machine": asdict(snapshot.machine),
        "metadata": snapshot.metadata,
        "suites": [asdict(s) for s in snapshot.suites],
    }
    for kind, records in (
        ("case", snapshot.cases),
        ("unmeasured", snapshot.unmeasured),
        ("interop", snapshot.interop),
        ("robustness", snapshot.robustness),
    ):
        for record in records:
            yield {"record": kind, **asdict(record)}


def dumps(snapshot: Snapshot) -> bytes:
    """The snapshot's JSON lines, uncompressed."""
    text = "".join(json.dumps(line, sort_keys=True) + "\n" for line in _lines(snapshot.sorted()))
    return text.encode()


def write(snapshot: Snapshot, path: Path) -> None:
    """Writes path atomically; gzip's mtime is fixed so equal snapshots are equal bytes."""
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0, compresslevel=9) as handle:
        handle.write(dumps(snapshot))
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(buffer.getvalue())
    tmp.replace(path)


# Reading -----------------------------------------------------------------------


def _text(path: Path) -> str:
    try:
        raw = path.read_bytes()
        return (gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw).decode()
    except (OSError, EOFError, gzip.BadGzipFile, UnicodeDecodeError) as error:
        raise SnapshotError(f"{path}: cannot read: {error}") from error


def _pick(cls: type[Any], fields: dict[str, Any]) -> dict[str, Any]:
    """Only the keys the dataclass knows: newer writers may add fields."""
    known = {f.name for f in dataclasses.fields(cls)}
    return {k: v for k, v in fields.items() if k in known and k != "source"}


def _case(fields: dict[str, Any]) -> Case:
    picked = _pick(Case, fields)
    picked["samples_ns"] = tuple(float(v) for v in picked.get("samples_ns", ()))
    picked["metrics"] = {str(k): float(v) for k, v in (picked.get("metrics") or {}).items()}
    return Case(**picked)


_RECORDS: dict[str, Any] = {
    "case": _case,
    "unmeasured": lambda f: Unmeasured(**_pick(Unmeasured, f)),
    "interop": lambda f: Interop(**_pick(Interop, f)),
    "robustness": lambda f: Robustness(**_pick(Robustness, f)),
}


def _header(path: Path, line: dict[str, Any]) -> dict[str, Any]:
    if line.get("record") != "snapshot" or line.get("format") != FORMAT:
        raise SnapshotError(f"{path}: not a {FORMAT} file (first line is not its header)")
    if line.get("version") != FORMAT_VERSION:
        raise SnapshotError(
            f"{path}: snapshot version {line.get('version')!r}, this generator reads {FORMAT_VERSION}"
        )
    return line


def parse(lines: Iterable[str], path: Path) -> Snapshot:
    records: dict[str, list[Any]] = {kind: [] for kind in _RECORDS}
    header: dict[str, Any] | None = None
    for number, text in enumerate(lines, 1):
        if not text.strip():
            continue
        try:
            line = json.loads(text)
            if header is None:
                header = _header(path, line)
            elif line.get("record") in _RECORDS:
                records[line["record"]].append(_RECORDS[line["record"]](line))
        except (ValueError, TypeError, AttributeError) as error:
            raise SnapshotError(f"{path}:{number}: {error}") from error
    if header is None:
        raise SnapshotError(f"{path}: empty snapshot")
    return Snapshot(
        run=RunInfo(**_pick(RunInfo, header["run"])),
        machine=MachineInfo(**_pick(MachineInfo, header["machine"])),
        metadata={str(k): {str(a): str(b) for a, b in v.items()} for k, v in header["metadata"].items()},
        suites=tuple(SuiteInfo(**_pick(SuiteInfo, s)) for s in header["suites"]),
        cases=tuple(records["case"]),
        unmeasured=tuple(records["unmeasured"]),
        interop=tuple(records["interop"]),
        robustness=tuple(records["robustness"]),
        source=path.name,
    ).sorted()


def read(path: Path) -> Snapshot:
    return parse(_text(path).splitlines(), path)
