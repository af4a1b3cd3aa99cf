"""A fuzz pass's report of one decoder (`//cpp/fuzz:all`, `//python/fuzz:all`; format:
runner/crosslang/robustness/fuzzing.py) into the fuzz_decoders and fuzz_findings tables.

A finding's reproducer (relative to the report's folder, under `runner all` in
results/raw/<run id>/fuzz-<lang>/) must exist and have its sha256; the store records its
absolute path, as for the robustness driver's reproducing inputs. A null variant is
stored as "".
"""

import json
from pathlib import Path

from runner.crosslang.robustness.fuzzing import SCHEMA, validate
from runner.ingest import robustness_json
from runner.ingest.native import IngestError, NativeFile, TableRows, load_json, require_dict

HARNESS = "serbench fuzz"
PATTERN = "*.json"

DECODER_COLUMNS = (
    "lang", "lib", "variant", "format", "version", "engine", "instrumented",
    "seconds", "cpu_seconds", "runs", "seeds", "coverage_unit", "covered",
)  # fmt: skip
FINDING_COLUMNS = (
    "lang", "lib", "variant", "format", "kind", "detail", "frames", "origin", "dataset", "sha256", "size",
    "path",
)  # fmt: skip


def _decoder_row(doc: dict[str, object]) -> tuple[object, ...]:
    coverage = doc["coverage"]
    assert isinstance(coverage, dict)
    names = DECODER_COLUMNS[:-2]
    values = [doc[n] if n != "variant" else (doc[n] or "") for n in names]
    return (*values, coverage["unit"], coverage["covered"])


def _finding_row(path: Path, doc: dict[str, object], finding: dict[str, object]) -> tuple[object, ...]:
    decoder = (doc["lang"], doc["lib"], doc["variant"] or "", doc["format"])
    reproducer = robustness_json.checked_copy(path, str(finding["file"]), str(finding["sha256"]))
    return (
        *decoder, finding["kind"], finding["detail"], json.dumps(finding["frames"]), finding["origin"],
        finding["dataset"], finding["sha256"], finding["size"], reproducer,
    )  # fmt: skip


def parse(path: Path, _lang: str) -> NativeFile:
    doc = require_dict(path, load_json(path), "top level")
    errors = validate(doc)
    if errors:
        raise IngestError(path, f"not a {SCHEMA} report: {'; '.join(errors[:3])}")
    findings = doc["findings"]
    assert isinstance(findings, list)
    return NativeFile(
        HARNESS,
        SCHEMA,
        tables=[
            TableRows("fuzz_decoders", DECODER_COLUMNS, [_decoder_row(doc)]),
            TableRows("fuzz_findings", FINDING_COLUMNS, [_finding_row(path, doc, f) for f in findings]),
        ],
    )
