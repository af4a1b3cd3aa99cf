"""Ingesting: a suite's native files -> the results store.

The interface is one parser per native kind: `Parser(path, lang) -> NativeFile`
reads a whole file and returns what it says in the common shape of native.py,
or raises IngestError naming the file and the problem; it never touches the
store. A suite lists the kinds it writes as NativeKinds (runner/suites.py), and
load.py writes each parsed file into the store in one transaction.

| module | file it reads |
|---|---|
| pyperf_json.py | pyperf JSON (the Python suite's python.json) |
| bdn_json.py | BenchmarkDotNet's *-report-full.json (the .NET suite) |
| gbench_json.py | Google Benchmark JSON (the C++ suite's cpp.json) |
| mono_json.py | the Mono suite's mono.json (dotnet/mono) |
| cases_json.py | every suite's case catalog, <lang>-cases.json |
| calibration_json.py | every suite's calibration workloads, <lang>-calibration.json |
| extras_json.py | the Python suite's python-extra.json |
| interop_json.py, robustness_json.py | the cross-language steps' files |

payloads.py is not a parser: it measures the compressed sizes of the encode payloads a
suite writes with `--payloads DIR`, which load.py stores on those cases' results.
"""

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from runner.records import NativeFile

Parser = Callable[[Path, str], NativeFile]


@dataclass(frozen=True)
class NativeKind:
    """Files a suite writes that the runner ingests: a glob under its output folder."""

    pattern: str
    parse: Parser
    required: bool = True  # a suite that ran but wrote none of these has failed
