"""The benchmark suites the runner drives: one per language.

Each suite is a Bazel binary that takes `--profile quick|full --out DIR` (plus
optional `--library`/`--dataset` filters) and writes its harness's native
JSON into DIR. Adding a language is one entry here (its binary and the parser
of each file it writes) and one data dependency in runner/BUILD.bazel.
"""

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from runner import ingest_bdn, ingest_catalog, ingest_gbench, ingest_pyperf
from runner.native import NativeFile

Parser = Callable[[Path, str], NativeFile]


@dataclass(frozen=True)
class NativeKind:
    """Files a suite writes that the runner ingests: a glob under its output folder."""

    pattern: str
    parse: Parser
    required: bool = True  # a suite that ran but wrote none of these has failed


@dataclass(frozen=True)
class Suite:
    lang: str
    harness: str
    runfile: str  # path of the suite binary relative to the runfiles root
    files: tuple[NativeKind, ...]


def _catalog(lang: str) -> NativeKind:
    # Optional: a suite that crashed before writing it still has its harness's results.
    return NativeKind(ingest_catalog.file_name(lang), ingest_catalog.parse, required=False)


SUITES: tuple[Suite, ...] = (
    Suite(
        "python",
        "pyperf",
        "serbench/python/bench/bench",
        (NativeKind("python.json", ingest_pyperf.parse), _catalog("python")),
    ),
    Suite(
        "dotnet",
        "BenchmarkDotNet",
        "serbench/dotnet/bench/bench",
        (NativeKind("results/*-report-full.json", ingest_bdn.parse), _catalog("dotnet")),
    ),
    Suite(
        "cpp",
        "Google Benchmark",
        "serbench/cpp/bench/bench",
        (NativeKind("cpp.json", ingest_gbench.parse), _catalog("cpp")),
    ),
)


def suite(lang: str) -> Suite:
    for candidate in SUITES:
        if candidate.lang == lang:
            return candidate
    raise KeyError(f"no suite for language {lang!r} (known: {', '.join(s.lang for s in SUITES)})")
