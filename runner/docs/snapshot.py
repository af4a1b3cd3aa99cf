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
  values, ns per operation, in its order; empty for a case that is a metric only, such
  as installed_size) and metrics ({name: value}: wire_bytes, alloc_bytes_per_op,
  peak_rss_bytes, peak_heap_bytes, gc_*, installed_size_bytes, peak_memory_bytes,
  peak_memory_import_bytes).
  Added later (readers default them, so older files still read): `rounds` (the round
  index of each sample, parallel to samples_ns; empty when the run did not record rounds),
  `lazy_reason` (why the op's result is a view over the bytes; "" for a full op; absent
  or null when the run did not classify its cases) and `flags` ([flag, detail] pairs of
  the runner's self-checks: roundtrip_mismatch, scaling, unstable, remeasured).
- `unmeasured`: a case (or a whole library, with identity fields null) that was not
  timed: lang, outcome ("failed" or "not_applicable"), reason, and the identity fields.
- `interop_cell` (version 2): one cell of the interop matrix: producer and consumer
  (languages), format, dataset, size, status ("ok", "failed", "not_applicable"),
  comparison (what an ok cell means) and message (the failure or the reason).
- `calibration`: one calibration sample of a suite (lang, when, workload, ns, n): the
  same short workload timed at the suite's start and end.
- `library`: a library's home page as its adapter declares it (lang, lib, home): the docs
  link the library's version there.
- `robustness_corpus` (version 2, at most one): the malformed-input corpus the run used
  (name, seed, manifest_sha256, inputs, per_format, not_applicable {format: {kind: why}})
  and the driver's limits (timeout_s, memory_mib).
- `robustness_decoder` (version 2): one decoder (lang, lib, variant, format, version,
  schemaless) and its results aggregated, never the raw rows (a full corpus is ~100k):
  `outcomes` {mutation: {outcome: count}}, `reject_ns` {mutation: median ns of its
  clean errors} and `reject_ns_all` (median over every clean error, or null).
- `robustness_repro` (version 2): the first input that made a decoder crash, hang or
  blow its memory limit: decoder identity, input, mutation, outcome, detail, sha256 and
  path (where the run kept its bytes).

- `fuzz_decoder`: one decoder of the latest fuzz pass in the store (`runner all --fuzz`,
  run `run_id`, maybe not the snapshot's run): lang, lib, variant, format, version,
  engine, instrumented, seconds, cpu_seconds, runs, seeds, coverage_unit, covered.
- `fuzz_finding`: one finding of that pass: decoder identity, kind (crash, hang,
  memory_blowup), detail, frames (the top stack frames that deduplicate it), origin
  (library or harness), dataset, sha256 and size of the reproducing input, and
  `replayed` (the outcomes the snapshot's robustness run gave that decoder's kept fuzz
  reproducers, comma-separated, "" when it did not run them).

Version 1 had `interop` and `robustness` kinds that no suite ever wrote; a version 1
file is still read (those kinds are ignored). Readers ignore unknown keys and unknown
record kinds, so adding a field or a kind is not a new version; changing the meaning of
one is. Writers sort records, so the same run always gives the same bytes.
"""

import dataclasses
import gzip
import io
import json
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from runner.records import Unmeasured

FORMAT = "serbench-snapshot"
FORMAT_VERSION = 2
READABLE_VERSIONS = (1, 2)
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
    rounds: tuple[int | None, ...] = ()
    lazy_reason: str | None = None  # None: not classified by the run (older snapshots)
    flags: tuple[tuple[str, str], ...] = ()

    @property
    def key(self) -> tuple[str, str, str, str, str, int, str]:
        return (self.lang, self.dataset, self.op, self.lib, self.format, self.size, self.variant)


@dataclass(frozen=True)
class Calibration:
    lang: str
    when: str  # start | end
    workload: str  # memcpy_1mib | cpu_loop
    ns: float
    n: int


@dataclass(frozen=True)
class Library:
    lang: str
    lib: str
    home: str


@dataclass(frozen=True)
class InteropCell:
    producer: str
    consumer: str
    format: str
    dataset: str
    size: int
    status: str  # ok | failed | not_applicable
    comparison: str = ""
    message: str = ""


@dataclass(frozen=True)
class RobustnessCorpus:
    name: str
    seed: int
    manifest_sha256: str
    inputs: int
    per_format: dict[str, Any]
    not_applicable: dict[str, dict[str, str]]
    timeout_s: float | None = None
    memory_mib: int | None = None


@dataclass(frozen=True)
class RobustnessDecoder:
    lang: str
    lib: str
    variant: str
    format: str
    version: str
    schemaless: bool
    outcomes: dict[str, dict[str, int]]  # mutation -> outcome -> inputs
    reject_ns: dict[str, float]  # mutation -> median clean-error ns
    reject_ns_all: float | None = None
    not_fed: dict[str, int] = field(default_factory=dict)  # dataset its worker does not model -> inputs

    def total(self, outcome: str) -> int:
        return sum(counts.get(outcome, 0) for counts in self.outcomes.values())

    @property
    def inputs(self) -> int:
        return sum(sum(counts.values()) for counts in self.outcomes.values())


@dataclass(frozen=True)
class RobustnessRepro:
    lang: str
    lib: str
    variant: str
    format: str
    input: str
    mutation: str
    outcome: str
    detail: str
    sha256: str
    path: str


@dataclass(frozen=True)
class FuzzDecoder:
    run_id: str
    lang: str
    lib: str
    variant: str
    format: str
    version: str
    engine: str
    instrumented: str
    seconds: int
    cpu_seconds: float
    runs: int
    seeds: int
    coverage_unit: str
    covered: int


@dataclass(frozen=True)
class FuzzFinding:
    lang: str
    lib: str
    variant: str
    format: str
    kind: str
    detail: str
    frames: tuple[str, ...]
    origin: str
    dataset: str | None
    sha256: str
    size: int
    replayed: str = ""


@dataclass(frozen=True)
class Snapshot:
    run: RunInfo
    machine: MachineInfo
    metadata: dict[str, dict[str, str]]
    suites: tuple[SuiteInfo, ...]
    cases: tuple[Case, ...]
    unmeasured: tuple[Unmeasured, ...] = ()
    interop: tuple[InteropCell, ...] = ()
    robustness_corpus: RobustnessCorpus | None = None
    robustness: tuple[RobustnessDecoder, ...] = ()
    robustness_repro: tuple[RobustnessRepro, ...] = ()
    calibrations: tuple[Calibration, ...] = ()
    libraries: tuple[Library, ...] = ()
    fuzz: tuple[FuzzDecoder, ...] = ()
    fuzz_findings: tuple[FuzzFinding, ...] = ()
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
            self.robustness_corpus,
            tuple(sorted(self.robustness, key=_sort_key)),
            tuple(sorted(self.robustness_repro, key=_sort_key)),
            tuple(sorted(self.calibrations, key=_sort_key)),
            tuple(sorted(self.libraries, key=_sort_key)),
            tuple(sorted(self.fuzz, key=_sort_key)),
            tuple(sorted(self.fuzz_findings, key=_sort_key)),
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
    corpus = (snapshot.robustness_corpus,) if snapshot.robustness_corpus else ()
    for kind, records in (
        ("case", snapshot.cases),
        ("unmeasured", snapshot.unmeasured),
        ("interop_cell", snapshot.interop),
        ("robustness_corpus", corpus),
        ("robustness_decoder", snapshot.robustness),
        ("robustness_repro", snapshot.robustness_repro),
        ("calibration", snapshot.calibrations),
        ("library", snapshot.libraries),
        ("fuzz_decoder", snapshot.fuzz),
        ("fuzz_finding", snapshot.fuzz_findings),
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

GZIP_MAGIC = b"\x1f\x8b"  # a gzip file's first two bytes; a plain JSON-lines file is read too


def _text(path: Path) -> str:
    try:
        raw = path.read_bytes()
        return (gzip.decompress(raw) if raw.startswith(GZIP_MAGIC) else raw).decode()
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
    picked["rounds"] = tuple(None if r is None else int(r) for r in picked.get("rounds") or ())
    picked["flags"] = tuple((str(f), str(d)) for f, d in picked.get("flags") or ())
    return Case(**picked)


def _decoder(fields: dict[str, Any]) -> RobustnessDecoder:
    picked = _pick(RobustnessDecoder, fields)
    picked["outcomes"] = {m: {o: int(n) for o, n in c.items()} for m, c in picked["outcomes"].items()}
    picked["reject_ns"] = {m: float(ns) for m, ns in picked["reject_ns"].items()}
    return RobustnessDecoder(**picked)


_RECORDS: dict[str, Any] = {
    "case": _case,
    "unmeasured": lambda f: Unmeasured(**_pick(Unmeasured, f)),
    "interop_cell": lambda f: InteropCell(**_pick(InteropCell, f)),
    "robustness_corpus": lambda f: RobustnessCorpus(**_pick(RobustnessCorpus, f)),
    "robustness_decoder": _decoder,
    "robustness_repro": lambda f: RobustnessRepro(**_pick(RobustnessRepro, f)),
    "calibration": lambda f: Calibration(**_pick(Calibration, f)),
    "library": lambda f: Library(**_pick(Library, f)),
    "fuzz_decoder": lambda f: FuzzDecoder(**_pick(FuzzDecoder, f)),
    "fuzz_finding": lambda f: FuzzFinding(
        **(_pick(FuzzFinding, f) | {"frames": tuple(f.get("frames") or ())})
    ),
}


def _header(path: Path, line: dict[str, Any]) -> dict[str, Any]:
    if line.get("record") != "snapshot" or line.get("format") != FORMAT:
        raise SnapshotError(f"{path}: not a {FORMAT} file (first line is not its header)")
    if line.get("version") not in READABLE_VERSIONS:
        raise SnapshotError(
            f"{path}: snapshot version {line.get('version')!r}, this generator reads "
            f"{', '.join(map(str, READABLE_VERSIONS))}"
        )
    return line


def _run_info(header: dict[str, Any]) -> RunInfo:
    return RunInfo(**_pick(RunInfo, header["run"]))


def _settings(header: dict[str, Any]) -> dict[str, dict[str, str]]:
    return {str(k): {str(a): str(b) for a, b in v.items()} for k, v in header["metadata"].items()}


def _suites(header: dict[str, Any]) -> tuple[SuiteInfo, ...]:
    return tuple(SuiteInfo(**_pick(SuiteInfo, s)) for s in header["suites"])


def _first_line(path: Path) -> str:
    try:
        with path.open("rb") as raw:
            gzipped = raw.read(2) == GZIP_MAGIC
        with gzip.open(path, "rt", encoding="utf-8") if gzipped else path.open(encoding="utf-8") as lines:
            return next((text for text in lines if text.strip()), "")
    except (OSError, EOFError, UnicodeDecodeError) as error:
        raise SnapshotError(f"{path}: cannot read: {error}") from error


def read_header(path: Path) -> tuple[RunInfo, tuple[SuiteInfo, ...], dict[str, dict[str, str]]]:
    """The snapshot's run, suites and settings from its first line alone, the records left unread."""
    text = _first_line(path)
    if not text:
        raise SnapshotError(f"{path}: empty snapshot")
    try:
        header = _header(path, json.loads(text))
        return _run_info(header), _suites(header), _settings(header)
    except (ValueError, TypeError, AttributeError, KeyError) as error:
        raise SnapshotError(f"{path}:1: {error}") from error


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
        run=_run_info(header),
        machine=MachineInfo(**_pick(MachineInfo, header["machine"])),
        metadata=_settings(header),
        suites=_suites(header),
        cases=tuple(records["case"]),
        unmeasured=tuple(records["unmeasured"]),
        interop=tuple(records["interop_cell"]),
        robustness_corpus=next(iter(records["robustness_corpus"]), None),
        robustness=tuple(records["robustness_decoder"]),
        robustness_repro=tuple(records["robustness_repro"]),
        calibrations=tuple(records["calibration"]),
        libraries=tuple(records["library"]),
        fuzz=tuple(records["fuzz_decoder"]),
        fuzz_findings=tuple(records["fuzz_finding"]),
        source=path.name,
    ).sorted()


def read(path: Path) -> Snapshot:
    return parse(_text(path).splitlines(), path)
