"""BenchmarkDotNet full JSON (the .NET suite's *-report-full.json) into a NativeFile.

Each benchmark's MethodTitle is the canonical case id without dataset and size,
which are its Parameters. Every measurement is kept, divided by its operation
count; only Workload/Result ones (overhead removed, outliers removed, the values
BenchmarkDotNet's own statistics use) are MEASURE samples. Library versions,
capabilities, wire bytes and the warm-ups to the JIT's steady state (cases_json.JIT_PROCESSES,
JIT_QUIET) come from the suite's case catalog (dotnet-cases.json).

Rounds: the suite runs one BenchmarkDotNet invocation per round and keeps each
round's reports in `results/round-<r>/` (r from 0): every measurement of such a
file is round r, and its fastest Result iteration is the round's sample (the others are
kept as SLOWER: native.fastest_per_round). A report directly in `results/` (one invocation, the older
layout) takes each measurement's round from its `LaunchIndex` (0-based here).
"""

import re
from collections.abc import Mapping
from pathlib import Path
from typing import cast

from runner.caseid import CaseIdError, parse_case_id
from runner.ingest import cases_json
from runner.ingest.native import (
    fastest_per_round,
    load_json,
    require_dict,
    require_list,
    require_number,
    require_numbers,
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
)

HARNESS = "BenchmarkDotNet"
KNOWN_VERSIONS = ("0.13.", "0.14.", "0.15.")
_KINDS: Mapping[tuple[object, object], SampleKind] = {
    ("Workload", "Result"): SampleKind.MEASURE,
    ("Workload", "Actual"): SampleKind.UNADJUSTED,
    ("Workload", "Warmup"): SampleKind.WARMUP,
    ("Workload", "Pilot"): SampleKind.CALIBRATION,
    ("Workload", "Jitting"): SampleKind.CALIBRATION,
    ("Overhead", "Jitting"): SampleKind.CALIBRATION,
    ("Overhead", "Pilot"): SampleKind.CALIBRATION,
    ("Overhead", "Warmup"): SampleKind.OVERHEAD,
    ("Overhead", "Actual"): SampleKind.OVERHEAD,
}
_ROUND_FOLDER = re.compile(r"round-(\d+)")
_CALL = re.compile(r"\(([^()]*)\)$")  # the argument list closing FullName
_ARGUMENT = re.compile(r'(\w+): ("[^"]*"|[^,]+)')
_HOST_KEYS = (
    "BenchmarkDotNetVersion",
    "RuntimeVersion",
    "DotNetCliVersion",
    "OsVersion",
    "ProcessorName",
    "Architecture",
    "Configuration",
    "HardwareTimerKind",
)


def parse(path: Path, lang: str) -> NativeFile:
    document = require_dict(path, load_json(path), "top level")
    host = require_dict(path, document.get("HostEnvironmentInfo"), "HostEnvironmentInfo")
    version = str(host.get("BenchmarkDotNetVersion"))
    if not version.startswith(KNOWN_VERSIONS):
        raise IngestError(
            path,
            f"unknown BenchmarkDotNet version {version!r} "
            f"(known: {', '.join(v + 'x' for v in KNOWN_VERSIONS)})",
        )
    native = NativeFile(HARNESS, version)
    native.metadata = {key: str(host[key]) for key in _HOST_KEYS if key in host}
    folder = _ROUND_FOLDER.fullmatch(path.parent.name)
    # BenchmarkDotNet writes its reports into <out>/results/[round-<r>/]; the catalog is in <out>.
    suite_dir = path.parent.parent.parent if folder else path.parent.parent
    catalog = cases_json.load(suite_dir, lang)
    round_ = int(folder[1]) if folder else None
    for index, entry in enumerate(require_list(path, document.get("Benchmarks"), "Benchmarks")):
        benchmark = require_dict(path, entry, f"Benchmarks[{index}]")
        _add_benchmark(path, lang, catalog, native, benchmark, round_)
    return native


def _parameters(path: Path, title: str, benchmark: dict[str, object]) -> list[tuple[str, str]]:
    """The benchmark's parameters, full length.

    `Parameters` abbreviates long values ("googl(...)roto2 [22]"); FullName ends with the
    call as made, `Encode(Dataset: "google_message1_proto2", Size: 1)`, so it is read first.
    """
    call = _CALL.search(str(benchmark.get("FullName") or ""))
    if call:
        return [(name, value.strip('"')) for name, value in _ARGUMENT.findall(call[1])]
    pairs = []
    for pair in filter(None, str(benchmark.get("Parameters") or "").split("&")):
        name, sep, value = pair.partition("=")
        if not sep:
            raise IngestError(path, f"{title}: parameter {pair!r} is not Name=value")
        pairs.append((name, value))
    return pairs


def _case_id(path: Path, benchmark: dict[str, object]) -> str:
    title = require_str(path, benchmark.get("MethodTitle"), "MethodTitle")
    fields = [f"{name.lower()}={value}" for name, value in _parameters(path, title, benchmark)]
    return "/".join([*fields, title])


def _add_benchmark(
    path: Path,
    lang: str,
    catalog: cases_json.Catalog | None,
    native: NativeFile,
    benchmark: dict[str, object],
    round_: int | None,
) -> None:
    name = _case_id(path, benchmark)
    try:
        identity = parse_case_id(name, lang)
    except CaseIdError as error:
        raise IngestError(path, str(error)) from error
    samples = _samples(
        path, name, require_list(path, benchmark.get("Measurements", []), f"{name}: Measurements"), round_
    )
    if not any(s.kind is SampleKind.MEASURE for s in samples):
        reason = "BenchmarkDotNet recorded no result (see its log in the suite's output folder)"
        native.unmeasured.append(Unmeasured.case(identity, Outcome.FAILED, reason))
        return
    metrics = _memory(path, name, benchmark.get("Memory"))
    library = catalog.library(identity) if catalog else None
    if catalog and identity.case_id in catalog.wire_bytes:
        metrics["wire_bytes"] = catalog.wire_bytes[identity.case_id]
    if catalog:
        metrics |= catalog.warmups.get(identity.case_id, {})
    native.results.append(
        CaseResult(
            identity=identity,
            samples=samples,
            lib_version=library.version if library else "",
            capabilities=library.capabilities if library else None,
            metrics=metrics,
        )
    )


def _samples(path: Path, name: str, measurements: list[object], round_: int | None) -> list[Sample]:
    """Every measurement per operation, checked column by column (a full run has ~200k);
    in round round_, or the measurement's LaunchIndex when that is None."""
    if set(map(type, measurements)) - {dict}:
        raise IngestError(path, f"{name}: Measurements must be objects")
    rows = cast(list[dict[str, object]], measurements)
    operations = require_numbers(path, [m.get("Operations") for m in rows], f"{name}: Operations")
    nanoseconds = require_numbers(path, [m.get("Nanoseconds") for m in rows], f"{name}: Nanoseconds")
    if operations and min(operations) <= 0:
        raise IngestError(path, f"{name}: a measurement of {min(operations):.0f} operations")
    kinds = [_KINDS.get((m.get("IterationMode"), m.get("IterationStage")), SampleKind.OTHER) for m in rows]
    rounds: list[int | None] = [round_] * len(rows)
    launches = [m.get("LaunchIndex") for m in rows]
    if round_ is None and None not in launches:
        rounds = [int(i) for i in require_numbers(path, launches, f"{name}: LaunchIndex")]
    samples = [
        Sample(kind, ns / ops, int(ops), r)
        for kind, ns, ops, r in zip(kinds, nanoseconds, operations, rounds, strict=True)
    ]
    # A round folder's report is one of our rounds: its Result iterations are that round's loops.
    return samples if round_ is None else fastest_per_round(samples)


def _memory(path: Path, name: str, memory: object) -> dict[str, float]:
    """Allocated bytes and GC collections per operation (MemoryDiagnoser), when present."""
    if memory is None:
        return {}
    fields = require_dict(path, memory, f"{name}: Memory")
    metrics = {
        "alloc_bytes_per_op": require_number(
            path, fields.get("BytesAllocatedPerOperation"), f"{name}: BytesAllocatedPerOperation"
        )
    }
    operations = require_number(path, fields.get("TotalOperations"), f"{name}: TotalOperations")
    if operations > 0:
        for generation in (0, 1, 2):
            count = require_number(
                path, fields.get(f"Gen{generation}Collections"), f"{name}: Gen{generation}"
            )
            metrics[f"gc_gen{generation}_per_op"] = count / operations
    return metrics
