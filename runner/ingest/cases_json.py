"""The case catalog every suite writes beside its harness's file: DIR/<lang>-cases.json.

    {"lang": "cpp", "profile": "quick", "clock": "<what timed the samples>" (optional),
     "isolation": "<which processes took them>" (optional),
     "steady_state": "<what ended a warm-up as steady>" (optional),
     "setup": "<what a case's setup does before its timed iteration>" (optional),
     "libraries": [{"lib", "format", "variant", "version", "home": "<URL>",
                    "capabilities": ["codegen", ...],
                    "lazy_ops": {"decode": "<why decode is lazy>", ...}}],
     "cases": [{"id": "<case id>", "status": "measured|refused|not_applicable|failed|not_measured",
                "reason": "...", "wire_bytes": 280,
                "jit_warmup": {"processes": 2, "quiet_processes": 2, ...} (.NET's standard
                profile: its warm-ups to the JIT's steady state)}]}

As a native file it contributes the cases that were not measured, with the
reason, and the ones it says were measured: a measured case the harness's file
lacks becomes a `failed` case (runner/ingest/load.py), never silently dropped. A
library's `lazy_ops` (the ops whose result is a view over the bytes, with the reason;
`{}` when every op is full) classifies each of its cases: the store keeps the reason
in `cases.lazy_reason` (NULL: full). A catalog without `lazy_ops` classifies nothing.
A case's `jit_warmup` becomes two metrics of its result, JIT_PROCESSES and JIT_QUIET:
in how many child processes it was warmed up, and in how many of them its warm-up ended
on an iteration in which the JIT compiled nothing (the others were timed after the cap).
A library's `home` (its home page, declared by its adapter) goes to `library_homes`, one
row per library name, which the docs link its version to.
Harness parsers whose files lack them read it for library versions,
capabilities and wire bytes (see `load`).
"""

from dataclasses import dataclass
from pathlib import Path

from runner.caseid import CaseIdentity, CaseIdError, parse_case_id
from runner.ingest.native import (
    capability_flags,
    load_json,
    require_dict,
    require_list,
    require_number,
    require_str,
)
from runner.records import IngestError, NativeFile, Outcome, TableRows, Unmeasured

HARNESS = "serbench catalog"
MEASURED = "measured"
# What a catalog may say about how its run was timed: the run's metadata, which the
# methodology page shows.
RUN_FACTS = ("clock", "isolation", "steady_state", "setup")
JIT_PROCESSES = "jit_warmup_processes"
JIT_QUIET = "jit_warmup_quiet_processes"


def file_name(lang: str) -> str:
    return f"{lang}-cases.json"


@dataclass(frozen=True)
class Library:
    version: str
    capabilities: dict[str, bool]
    lazy_ops: dict[str, str] | None = None  # op -> why it is lazy; None: the catalog does not say
    home: str = ""  # the library's home page; "": the catalog does not say


@dataclass(frozen=True)
class Catalog:
    libraries: dict[tuple[str, str, str], Library]  # (lib, format, variant or "") -> its entry
    wire_bytes: dict[str, float]  # case id -> bytes of its payload
    warmups: dict[str, dict[str, float]]  # case id -> {JIT_PROCESSES: n, JIT_QUIET: n}

    def library(self, identity: CaseIdentity) -> Library | None:
        key = (identity.lib, identity.format)
        return self.libraries.get((*key, identity.variant)) or self.libraries.get((*key, ""))


def _document(path: Path, lang: str) -> dict[str, object]:
    document = require_dict(path, load_json(path), "top level")
    if document.get("lang", lang) != lang:
        raise IngestError(path, f"catalog of lang {document.get('lang')!r}, expected {lang!r}")
    return document


def _library(path: Path, entry: object) -> tuple[tuple[str, str, str], Library]:
    fields = require_dict(path, entry, "libraries[]")
    lib = require_str(path, fields.get("lib"), "libraries[].lib")
    listed = require_list(path, fields.get("capabilities", []), f"library {lib}: capabilities")
    names = [require_str(path, name, f"library {lib}: capabilities") for name in listed]
    key = (
        lib,
        require_str(path, fields.get("format"), f"library {lib}: format"),
        str(fields.get("variant") or ""),
    )
    lazy = None
    if "lazy_ops" in fields:
        ops = require_dict(path, fields["lazy_ops"], f"library {lib}: lazy_ops")
        lazy = {op: require_str(path, why, f"library {lib}: lazy_ops.{op}") for op, why in ops.items()}
    home = require_str(path, fields.get("home", ""), f"library {lib}: home")
    return key, Library(str(fields.get("version", "")), capability_flags(names), lazy, home)


def _cases(path: Path, document: dict[str, object]) -> list[dict[str, object]]:
    return [require_dict(path, c, "cases[]") for c in require_list(path, document.get("cases", []), "cases")]


def load(suite_dir: Path, lang: str) -> Catalog | None:
    """The suite's catalog, or None if it wrote none (it is optional)."""
    path = suite_dir / file_name(lang)
    return _catalog(path, _document(path, lang)) if path.exists() else None


def _catalog(path: Path, document: dict[str, object]) -> Catalog:
    entries = require_list(path, document.get("libraries", []), "libraries")
    libraries = dict(_library(path, entry) for entry in entries)
    wire_bytes = {
        require_str(path, c.get("id"), "cases[].id"): require_number(path, c["wire_bytes"], "wire_bytes")
        for c in _cases(path, document)
        if c.get("wire_bytes") is not None
    }
    warmups = {
        require_str(path, c.get("id"), "cases[].id"): _warmup(path, c["jit_warmup"])
        for c in _cases(path, document)
        if c.get("jit_warmup") is not None
    }
    return Catalog(libraries, wire_bytes, warmups)


def _warmup(path: Path, entry: object) -> dict[str, float]:
    fields = require_dict(path, entry, "cases[].jit_warmup")
    processes = require_number(path, fields.get("processes"), "jit_warmup.processes")
    quiet = require_number(path, fields.get("quiet_processes"), "jit_warmup.quiet_processes")
    if not 0 <= quiet <= processes:
        raise IngestError(path, f"jit_warmup: {quiet:g} quiet of {processes:g} processes")
    return {JIT_PROCESSES: processes, JIT_QUIET: quiet}


def _homes(lang: str, catalog: Catalog) -> TableRows:
    """One row per library name: its variants and formats share one home page."""
    homes = {lib: entry.home for (lib, _, _), entry in catalog.libraries.items() if entry.home}
    return TableRows(
        "library_homes", ("lang", "lib", "home"), [(lang, *row) for row in sorted(homes.items())]
    )


def parse(path: Path, lang: str) -> NativeFile:
    """The catalog as a native file: its cases that were not measured, and which are lazy."""
    native = NativeFile(HARNESS, "1")
    outcomes = {o.value: o for o in Outcome}
    document = _document(path, lang)
    for key in RUN_FACTS:
        if key in document:
            native.metadata[key] = require_str(path, document[key], key)
    catalog = _catalog(path, document)
    native.tables.append(_homes(lang, catalog))
    for case in _cases(path, document):
        case_id = require_str(path, case.get("id"), "cases[].id")
        status = require_str(path, case.get("status"), f"{case_id}: status")
        if status != MEASURED and status not in outcomes:
            raise IngestError(path, f"{case_id}: unknown status {status!r}")
        try:
            identity = parse_case_id(case_id, lang)
        except CaseIdError as error:
            raise IngestError(path, str(error)) from error
        library = catalog.library(identity)
        if library is not None and library.lazy_ops is not None:
            native.lazy[identity] = library.lazy_ops.get(identity.op)
        if status == MEASURED:
            # The harness's file holds these; ingesting checks that it really does.
            native.claimed.append(identity)
        else:
            reason = str(case.get("reason") or "")
            native.unmeasured.append(Unmeasured.case(identity, outcomes[status], reason))
    return native
