"""The Mono suite's mono.json (dotnet/mono: C# on Mono 6.8) into a NativeFile.

    {"lang": "mono", "harness": "serbench-mono", "runtime": "Mono 6.8.0.105 (...)",
     "profile": "quick", "clock": "thread CPU time: ...",
     "cases": [{"id": "<case id>", "samples": [{"round": 0, "ops": 2048, "ns": 1222.0}]}]}

Each sample is one timed loop: `ns` per call over `ops` calls, in round `round`; the loops
of a round are back to back and the fastest is the round's sample (native.fastest_per_round),
as for the other suites. Versions, capabilities and lazy ops come from mono-cases.json.
"""

from pathlib import Path

from runner.caseid import CaseIdentity, CaseIdError, parse_case_id
from runner.ingest import cases_json
from runner.ingest.native import (
    fastest_per_round,
    load_json,
    require_dict,
    require_list,
    require_number,
    require_str,
)
from runner.records import CaseResult, IngestError, NativeFile, Sample, SampleKind

HARNESS = "serbench-mono"
FILE_NAME = "mono.json"


def parse(path: Path, lang: str) -> NativeFile:
    document = require_dict(path, load_json(path), "top level")
    if document.get("lang") != lang:
        raise IngestError(path, f"results of lang {document.get('lang')!r}, expected {lang!r}")
    native = NativeFile(HARNESS, "1")
    native.metadata = {key: str(document[key]) for key in ("runtime", "profile", "clock") if key in document}
    catalog = cases_json.load(path.parent, lang)
    for index, entry in enumerate(require_list(path, document.get("cases"), "cases")):
        case = require_dict(path, entry, f"cases[{index}]")
        case_id = require_str(path, case.get("id"), f"cases[{index}].id")
        try:
            identity = parse_case_id(case_id, lang)
        except CaseIdError as error:
            raise IngestError(path, str(error)) from error
        samples = [
            _sample(path, case_id, s) for s in require_list(path, case.get("samples"), f"{case_id}: samples")
        ]
        native.results.append(_result(catalog, identity, fastest_per_round(samples)))
    return native


def _result(catalog: cases_json.Catalog | None, identity: CaseIdentity, samples: list[Sample]) -> CaseResult:
    """The case with its library's version and capabilities and its wire bytes, from the catalog."""
    library = catalog.library(identity) if catalog else None
    wire = catalog.wire_bytes.get(identity.case_id) if catalog else None
    return CaseResult(
        identity=identity,
        samples=samples,
        lib_version=library.version if library else "",
        capabilities=library.capabilities if library else None,
        metrics={} if wire is None else {"wire_bytes": wire},
    )


def _sample(path: Path, case_id: str, entry: object) -> Sample:
    sample = require_dict(path, entry, f"{case_id}: samples[]")
    ns = require_number(path, sample.get("ns"), f"{case_id}: ns")
    ops = require_number(path, sample.get("ops"), f"{case_id}: ops")
    round_ = require_number(path, sample.get("round"), f"{case_id}: round")
    return Sample(SampleKind.MEASURE, ns, int(ops), int(round_))
