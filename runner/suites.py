"""The benchmark suites the runner drives: one per language.

Each suite is a Bazel binary that takes `--profile quick|full --out DIR` (plus
optional `--library`/`--dataset` filters) and writes its harness's native
JSON into DIR. Adding a language is one line here and one data dependency in
runner/BUILD.bazel.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Suite:
    lang: str
    harness: str
    runfile: str  # path of the suite binary relative to the runfiles root


SUITES: tuple[Suite, ...] = (
    Suite("python", "pyperf", "serbench/python/bench/bench"),
    Suite("dotnet", "BenchmarkDotNet", "serbench/dotnet/bench/bench"),
    Suite("cpp", "Google Benchmark", "serbench/cpp/bench/bench"),
)
