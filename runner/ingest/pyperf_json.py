"""pyperf JSON (the Python suite's python.json) into a NativeFile.

pyperf stores every value already divided by its loops, in seconds per
operation. The first run of each benchmark is its loop calibration (warmups
only, no values); every later run's warmups are warmups.

Rounds: `runs[i]` is round i (the measurement protocol: one run per round), unless
the run's metadata names its round (`"round": r`), which wins.
"""

from pathlib import Path
from typing import cast

from runner.caseid import CaseIdError, parse_case_id
from runner.ingest.native import (
    capability_text,
    fastest_per_round,
    load_json,
    metric_name,
    require_dict,
    require_list,
    require_number,
    require_numbers,
    require_str,
)
from runner.records import CaseResult, IngestError, NativeFile, Sample, SampleKind

HARNESS = "pyperf"
# The file format pyperf writes (its "version" key); the pyperf release is in metadata.
FORMAT_VERSIONS = ("1.0",)
# Identity fields the suite also writes as metadata; they must agree with the name.
_IDENTITY_KEYS = ("lib", "format", "op", "dataset", "size", "variant", "lang")
# Run-level metadata pyperf records about the interpreter and machine.
_RUN_KEYS = (
    "python_version",
    "python_implementation",
    "python_compiler",
    "perf_version",
    "platform",
    "cpu_model_name",
    "timer",
    "clock",  # the suite's clock (a case's own "timer" may differ: Python's import cases)
    "sample",  # how the suite takes a round's sample
)


def parse(path: Path, lang: str) -> NativeFile:
    document = require_dict(path, load_json(path), "top level")
    version = document.get("version")
    if version not in FORMAT_VERSIONS:
        raise IngestError(
            path, f"unknown pyperf file version {version!r} (known: {', '.join(FORMAT_VERSIONS)})"
        )
    common = require_dict(path, document.get("metadata", {}), "metadata")
    native = NativeFile(HARNESS, str(common.get("perf_version", f"format {version}")))
    native.metadata = {key: str(common[key]) for key in _RUN_KEYS if key in common}
    benchmarks = require_list(path, document.get("benchmarks"), "benchmarks")
    for index, entry in enumerate(benchmarks):
        where = f"benchmarks[{index}]"
        native.results.append(_benchmark(path, lang, common, require_dict(path, entry, where), where))
    return native


def _benchmark(
    path: Path, lang: str, common: dict[str, object], entry: dict[str, object], where: str
) -> CaseResult:
    # pyperf moves metadata shared by every benchmark to the top level.
    metadata = {**common, **require_dict(path, entry.get("metadata", {}), f"{where}.metadata")}
    name = require_str(path, metadata.get("name"), f"{where}.metadata.name")
    if metadata.get("unit", "second") != "second":
        raise IngestError(path, f"{name}: unit {metadata['unit']!r} is not seconds")
    try:
        identity = parse_case_id(name, lang)
    except CaseIdError as error:
        raise IngestError(path, str(error)) from error
    _check_identity(path, name, identity.__dict__, metadata)
    runs = require_list(path, entry.get("runs"), f"{name}: runs")
    samples = [s for i, run in enumerate(runs) for s in _run_samples(path, name, metadata, i, run)]
    if not any(s.kind is SampleKind.MEASURE for s in samples):
        raise IngestError(path, f"{name}: no measured values")
    return CaseResult(
        identity=identity,
        samples=samples,
        lib_version=str(metadata.get("lib_version", "")),
        capabilities=capability_text(str(metadata.get("capabilities", ""))),
        metrics=_metrics(path, name, metadata),
    )


def _check_identity(path: Path, name: str, identity: dict[str, object], metadata: dict[str, object]) -> None:
    for key in _IDENTITY_KEYS:
        if key in metadata and str(metadata[key]) != str(identity.get(key, "")):
            raise IngestError(path, f"{name}: metadata {key}={metadata[key]!r} disagrees with the name")


def _run_samples(path: Path, name: str, metadata: dict[str, object], index: int, run: object) -> list[Sample]:
    where = f"{name}: runs[{index}]"
    body = require_dict(path, run, where)
    own = require_dict(path, body.get("metadata", {}), f"{where}.metadata")
    values = require_numbers(path, require_list(path, body.get("values", []), f"{where}.values"), where)
    # A run without values that calibrated loops only exists to choose the loop count.
    calibration = not values and ("calibrate_loops" in own or "recalibrate_loops" in own)
    warmup_kind = SampleKind.CALIBRATION if calibration else SampleKind.WARMUP
    samples = _warmups(
        path, where, warmup_kind, require_list(path, body.get("warmups", []), f"{where}.warmups")
    )
    loops = own.get("loops", metadata.get("loops"))
    inner_loops = own.get("inner_loops", metadata.get("inner_loops", 1))
    operations = loops * inner_loops if isinstance(loops, int) and isinstance(inner_loops, int) else None
    round_ = int(require_number(path, own.get("round", index), f"{where}.metadata.round"))
    samples += [Sample(SampleKind.MEASURE, v * 1e9, operations, round_) for v in values]
    samples = [s._replace(round=round_) for s in samples]
    # The Python suite's run names its round and holds that round's loops; pyperf's own runs are samples.
    return fastest_per_round(samples) if "round" in own else samples


def _warmups(path: Path, where: str, kind: SampleKind, pairs: list[object]) -> list[Sample]:
    """pyperf's warmups are [loops, value] pairs."""
    if set(map(type, pairs)) - {list}:
        raise IngestError(path, f"{where}.warmups: expected [loops, value] pairs")
    checked = cast(list[list[object]], pairs)
    if set(map(len, checked)) - {2}:
        raise IngestError(path, f"{where}.warmups: expected [loops, value] pairs")
    loops = [pair[0] for pair in checked]
    if set(map(type, loops)) - {int}:
        raise IngestError(path, f"{where}.warmups: loop counts must be integers")
    values = require_numbers(path, [pair[1] for pair in checked], f"{where}.warmups")
    return [Sample(kind, v * 1e9, n) for v, n in zip(values, cast(list[int], loops), strict=True)]


def _metrics(path: Path, name: str, metadata: dict[str, object]) -> dict[str, float]:
    metrics: dict[str, float] = {}
    for key, value in metadata.items():
        stored = metric_name(key)
        if stored is not None:
            metrics[stored] = require_number(path, value, f"{name}: metadata {key}")
    return metrics
