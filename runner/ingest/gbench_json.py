"""Google Benchmark JSON (the C++ suite's cpp.json) into a NativeFile.

Each repetition is one row of run_type "iteration" whose cpu_time is already
per iteration (the sample: the benchmark thread's CPU time, which another tenant's
load on this shared machine does not stretch, as it does real_time; every suite
times the same clock); the mean/median/stddev rows (run_type "aggregate") are derived
from those and never stored as samples. A row's `repetition_index` is its round
(from 0; the suite keeps it when it merges the JSON of several processes); the rows of one
round are its loops, of which the fastest is the round's sample (native.fastest_per_round).
"""

from collections.abc import Mapping
from pathlib import Path

from runner.caseid import CaseIdentity, CaseIdError, parse_case_id
from runner.ingest.native import (
    capability_text,
    fastest_per_round,
    load_json,
    metric_name,
    require_dict,
    require_list,
    require_number,
    require_str,
)
from runner.records import (
    CaseResult,
    IngestError,
    NativeFile,
    Outcome,
    Sample,
    SampleKind,
    Unmeasured,
    median_of,
)

HARNESS = "Google Benchmark"
# Releases before 1.8 write no library_version; the JSON layout is the same since 1.5.
KNOWN_MAJOR = "v1."
NS_PER_UNIT: Mapping[str, float] = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
_LIB_PREFIX = "lib."
# Google Benchmark's memory-manager fields are not metrics here: 1.7.1 fills them from freed
# memory (google/benchmark#1939), so the suite counts allocations itself, in user counters.


def parse(path: Path, lang: str) -> NativeFile:
    document = require_dict(path, load_json(path), "top level")
    context = require_dict(path, document.get("context"), "context")
    native = NativeFile(HARNESS, _version(path, context))
    suite_lang = context.get("serbench.lang", lang)
    if suite_lang != lang:
        raise IngestError(path, f"context says serbench.lang={suite_lang!r}, expected {lang!r}")
    native.metadata = {
        k: str(v)
        for k, v in context.items()
        if isinstance(v, str | int | float) and not k.startswith(_LIB_PREFIX)
    }
    rows: dict[str, list[dict[str, object]]] = {}
    for index, entry in enumerate(require_list(path, document.get("benchmarks"), "benchmarks")):
        row = require_dict(path, entry, f"benchmarks[{index}]")
        if row.get("run_type", "iteration") == "iteration":
            name = require_str(path, row.get("run_name", row.get("name")), f"benchmarks[{index}].name")
            rows.setdefault(name, []).append(row)
    for name, repetitions in rows.items():
        _add_case(path, lang, context, native, name, repetitions)
    return native


def _version(path: Path, context: dict[str, object]) -> str:
    version = context.get("library_version")
    if version is None:
        return "<1.8"
    if not str(version).startswith(KNOWN_MAJOR):
        raise IngestError(path, f"unknown Google Benchmark version {version!r} (known: {KNOWN_MAJOR}x)")
    return str(version)


def _identity(path: Path, name: str, lang: str) -> CaseIdentity:
    try:
        return parse_case_id(name, lang)
    except CaseIdError as error:
        raise IngestError(path, str(error)) from error


def _add_case(
    path: Path,
    lang: str,
    context: dict[str, object],
    native: NativeFile,
    name: str,
    repetitions: list[dict[str, object]],
) -> None:
    identity = _identity(path, name, lang)
    errors = [str(r.get("error_message", "error")) for r in repetitions if r.get("error_occurred")]
    if errors:
        # The benchmark called SkipWithError: its timings mean nothing.
        native.unmeasured.append(Unmeasured.case(identity, Outcome.FAILED, errors[0]))
        return
    library = _library(context, identity)
    native.results.append(
        CaseResult(
            identity=identity,
            samples=fastest_per_round([_sample(path, name, row) for row in repetitions]),
            lib_version=str(library.get("version", "")),
            capabilities=capability_text(library["capabilities"]) if "capabilities" in library else None,
            metrics=_metrics(path, name, repetitions),
        )
    )


def _library(context: dict[str, object], identity: CaseIdentity) -> dict[str, str]:
    """The suite's `lib.<lib>[.<variant>].<field>` context entries for this case's library."""
    keys = [identity.lib] + ([f"{identity.lib}.{identity.variant}"] if identity.variant else [])
    found: dict[str, str] = {}
    for key in keys:  # the library's own entries, then its variant's over them
        prefix = f"{_LIB_PREFIX}{key}."
        entries = {k.removeprefix(prefix): str(v) for k, v in context.items() if k.startswith(prefix)}
        found |= {field: value for field, value in entries.items() if "." not in field}
    return found


def _sample(path: Path, name: str, row: dict[str, object]) -> Sample:
    unit = row.get("time_unit", "ns")
    if unit not in NS_PER_UNIT:
        raise IngestError(path, f"{name}: unknown time_unit {unit!r}")
    cpu_time = require_number(path, row.get("cpu_time"), f"{name}: cpu_time")
    iterations = require_number(path, row.get("iterations"), f"{name}: iterations")
    index = row.get("repetition_index")
    round_ = None if index is None else int(require_number(path, index, f"{name}: repetition_index"))
    return Sample(SampleKind.MEASURE, cpu_time * NS_PER_UNIT[str(unit)], int(iterations), round_)


def _metrics(path: Path, name: str, repetitions: list[dict[str, object]]) -> dict[str, float]:
    # User counters sit beside the standard fields; a suite may add more at any time.
    values: dict[str, list[float]] = {}
    for row in repetitions:
        for key, value in row.items():
            stored = metric_name(key)
            if stored is not None:
                values.setdefault(stored, []).append(require_number(path, value, f"{name}: {key}"))
    return {key: median_of(found) for key, found in values.items()}
