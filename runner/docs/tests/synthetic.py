"""A small made-up snapshot for the tests: every page kind, a few libraries per language.

Its numbers are invented (deterministic, from a seeded generator); it is never
published. Real results come from `bazel run //runner/docs:publish`.
"""

import json
import random

from runner.docs.snapshot import (
    Calibration,
    Case,
    InteropCell,
    MachineInfo,
    RobustnessCorpus,
    RobustnessDecoder,
    RobustnessRepro,
    RunInfo,
    Snapshot,
    SuiteInfo,
)
from runner.records import Outcome, Unmeasured
from schemas.catalog import catalog

# (lang, lib, format, variant, ns per record, capabilities)
LIBRARIES = (
    ("python", "msgspec", "json", "struct", 900.0, {"validates": True, "codegen": False}),
    ("python", "pydantic", "json", "v2", 9000.0, {"validates": True, "codegen": False}),
    ("python", "json", "json", "schemaless", 4000.0, {"validates": False, "codegen": False}),
    ("python", "orjson", "json", "schemaless", 1100.0, {"validates": False, "codegen": False}),
    ("python", "msgspec", "msgpack", "struct", 500.0, {"validates": True, "codegen": False}),
    ("python", "ormsgpack", "msgpack", "schemaless", 1000.0, {"validates": False, "codegen": False}),
    ("python", "protobuf", "protobuf", "upb", 1500.0, {"validates": True, "codegen": True}),
    ("dotnet", "protobuf", "protobuf", "", 300.0, {"codegen": True, "zero_copy": False}),
    ("dotnet", "memorypack", "memorypack", "", 60.0, {"codegen": True, "zero_copy": False}),
    ("cpp", "protobuf", "protobuf", "", 120.0, {"codegen": True, "zero_copy": False}),
    ("cpp", "flatbuffers", "flatbuffers", "", 200.0, {"codegen": True, "zero_copy": True}),
)
DATASETS = ("user", "order")
SIZES = catalog.SIZES
OPS = ("encode", "decode")
WIRE_PER_RECORD = {
    "json": 200.0,
    "msgpack": 150.0,
    "protobuf": 90.0,
    "flatbuffers": 220.0,
    "memorypack": 110.0,
}


def _samples(rng: random.Random, median: float, count: int) -> tuple[float, ...]:
    return tuple(round(median * rng.lognormvariate(0.0, 0.05), 3) for _ in range(count))


# Samples are taken in rounds (one per round), as the suites of the standard profile do.
ROUNDS = tuple(range(8))


def _memory(lang: str, size: int) -> dict[str, float]:
    """The memory metrics each suite reports per case: only C++ has the peak heap (and,
    here, compressed payload sizes)."""
    if lang == "cpp":
        return {
            "alloc_bytes_per_op": 64.0 * size + 1024,
            "peak_heap_bytes": 48.0 * size + 1024,
            "wire_zlib6_bytes": 30.0 * size + 20,
            "wire_zstd3_bytes": 28.0 * size + 20,
        }
    return {"alloc_bytes_per_op": 40.0 * size} if lang == "dotnet" else {}


def _flags(lang: str, lib: str, dataset: str, size: int, op: str) -> tuple[tuple[str, str], ...]:
    """One case carries a runner self-check flag, as a run's case_flags would."""
    if (lang, lib, dataset, size, op) == ("cpp", "protobuf", "user", 100, "decode"):
        return (("unstable", "max/min 1.42 after one re-measurement"),)
    return ()


def _cases(rng: random.Random) -> list[Case]:
    cases = []
    for lang, lib, fmt, variant, per_record, caps in LIBRARIES:
        for dataset in DATASETS:
            for size in SIZES:
                for op in OPS:
                    extra = _memory(lang, size)
                    cases.append(
                        Case(
                            lang,
                            lib,
                            fmt,
                            op,
                            dataset,
                            size,
                            variant,
                            "1.0",
                            caps,
                            _samples(rng, per_record * size + 50, 8),
                            {"wire_bytes": WIRE_PER_RECORD[fmt] * size, **extra},
                            ROUNDS,
                            flags=_flags(lang, lib, dataset, size, op),
                        )
                    )
    for dataset in DATASETS:
        for size in SIZES:
            cases.append(
                Case(
                    "cpp",
                    "memcpy",
                    "raw",
                    "memcpy",
                    dataset,
                    size,
                    "",
                    "",
                    None,
                    _samples(rng, 2.0 * size + 5, 8),
                    {"wire_bytes": 90.0 * size},
                )
            )
    cases.append(
        Case(
            "python",
            "orjson",
            "json",
            "decode",
            "twitter",
            1,
            "schemaless",
            "3.10",
            None,
            _samples(rng, 2e6, 3),
            {},
        )
    )
    # Metric-only cases (no samples), as the runner stores the Python suite's extras.
    cases += [
        Case(
            "python",
            lib,
            "python",
            "installed_size",
            "none",
            1,
            "",
            "1.0",
            None,
            (),
            {"installed_size_bytes": size},
        )
        for lib, size in (
            ("msgspec", 400e3),
            ("pydantic", 2e6),
            ("pydantic_core", 4e6),
            ("typing_extensions", 150e3),
            ("annotated_types", 30e3),
        )
    ]
    return cases


COMPARISON = "consumer decoded the producer's bytes and compared every field with the canonical fixture"


# The languages with an interop program: a language without one is in no cell.
_WIRED = [lang.name for lang in catalog.load().languages if lang.interop]


def _interop() -> tuple[InteropCell, ...]:
    cells = []
    for producer in _WIRED:
        for consumer in _WIRED:
            for size in (1, 100):
                cells.append(InteropCell(producer, consumer, "protobuf", "user", size, "ok", COMPARISON))
                status, message = (
                    ("not_applicable", "dotnet: no FlatBuffers | runtime")
                    if "dotnet" in (producer, consumer)
                    else ("ok", "")
                )
                if (producer, consumer, size) == ("python", "cpp", 100):
                    status, message = "failed", "records[3].age: 7 != 8"
                cells.append(
                    InteropCell(producer, consumer, "flatbuffers", "order", size, status, COMPARISON, message)
                )
    return tuple(cells)


def _decoder(lang: str, lib: str, variant: str, fmt: str, **outcomes: dict[str, int]) -> RobustnessDecoder:
    reject = {m: 900.0 + 10 * len(m) for m, c in outcomes.items() if c.get("clean_error")}
    return RobustnessDecoder(
        lang, lib, variant, fmt, "1.0", fmt == "json", outcomes, reject, 900.0 if reject else None
    )


def _robustness() -> tuple[RobustnessCorpus, tuple[RobustnessDecoder, ...], tuple[RobustnessRepro, ...]]:
    corpus = RobustnessCorpus(
        "smoke",
        1,
        "ab" * 32,
        60,
        {"json": 30, "flatbuffers": 30},
        {"json": {"length_lie": "JSON has no length prefixes"}},
        5.0,
        2048,
    )
    decoders = (
        _decoder(
            "python",
            "orjson",
            "schemaless",
            "json",
            none={"accepted_equal": 2},
            truncate={"clean_error": 20},
            jsonchecker={"accepted_equal": 3, "accepted_different": 5},
        ),
        _decoder(
            "cpp",
            "flatbuffers",
            "verify",
            "flatbuffers",
            none={"accepted_equal": 2},
            bitflip={"clean_error": 25, "accepted_different": 3},
        ),
        _decoder(
            "cpp",
            "flatbuffers",
            "noverify",
            "flatbuffers",
            none={"accepted_equal": 2},
            bitflip={"clean_error": 10, "accepted_different": 14, "crash": 3, "hang": 1},
        ),
    )
    repro = tuple(
        RobustnessRepro(
            "cpp",
            "flatbuffers",
            "noverify",
            "flatbuffers",
            input_id,
            "bitflip",
            outcome,
            detail,
            "cd" * 32,
            f"results/raw/R/robustness-repro/{input_id}.bin",
        )
        for input_id, outcome, detail in (
            ("flatbuffers-000007", "crash", "SIGSEGV"),
            ("flatbuffers-000011", "hang", "no reply in 5 s"),
        )
    )
    return corpus, decoders, repro


def snapshot() -> Snapshot:
    rng = random.Random("serbench-docs-synthetic")
    corpus, decoders, repro = _robustness()
    return Snapshot(
        run=RunInfo(
            "20260101T000000Z",
            "2026-01-01T00:00:00+00:00",
            "2026-01-01T00:30:00+00:00",
            "complete",
            "quick",
            json.dumps({"langs": sorted(catalog.LANGUAGES)}),
            "0123456789abcdef",
        ),
        machine=MachineInfo("f00d", "Test CPU", 2, 8 * 2**30, "Debian GNU/Linux 12 (bookworm)", "x86_64"),
        metadata={
            "run": {"python": "3.11.7", "dotnet": "10.0.401"},
            "python": {"perf_version": "2.8.0"},
        }
        | {lang: {"clock": "thread CPU time: clock_gettime"} for lang in sorted(catalog.LANGUAGES)},
        suites=(
            SuiteInfo("python", "pyperf", "ok", "", 600.0),
            SuiteInfo("dotnet", "BenchmarkDotNet", "ok", "", 900.0),
            SuiteInfo("cpp", "Google Benchmark", "ok", "", 120.0),
        ),
        cases=tuple(_cases(rng)),
        unmeasured=(
            Unmeasured(
                "dotnet",
                Outcome.NOT_APPLICABLE,
                "NU1101: package | not found",
                lib="flatbuffers",
                format="flatbuffers",
            ),
            Unmeasured(
                "python", Outcome.FAILED, "decode raised", "pydantic", "json", "decode", "twitter", 1, "v1"
            ),
        ),
        interop=_interop(),
        robustness_corpus=corpus,
        robustness=decoders,
        robustness_repro=repro,
        calibrations=tuple(
            Calibration(lang, when, workload, ns, 5)
            for lang in ("python", "cpp")
            for when in ("start", "end")
            for workload, ns in (("memcpy_1mib", 41_000.0), ("cpu_loop", 2_900_000.0))
        ),
        source="synthetic.jsonl.gz",
    ).sorted()
