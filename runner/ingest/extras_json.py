"""The Python suite's python-extra.json: measurements that are bytes, not times.

    {"lang": "python",
     "metrics": [{"id": "<case id>", "unit": "byte", "version": "3.13.0", "value": 335724},
                 {"id": "<case id>", "unit": "byte", "version": "...", "error": ["<last line>"]}]}

Each entry becomes a result with one metric and no samples (op installed_size ->
installed_size_bytes, op peak_memory -> peak_memory_bytes, op peak_memory_import ->
peak_memory_import_bytes); an entry with an error instead of a value is a failed case
with that error as its reason.
"""

from collections.abc import Mapping
from pathlib import Path

from runner.caseid import CaseIdError, parse_case_id
from runner.ingest.native import load_json, require_dict, require_list, require_number, require_str
from runner.records import CaseResult, IngestError, NativeFile, Outcome, Unmeasured

HARNESS = "serbench extras"
FILE_NAME = "python-extra.json"
# The op of each entry -> the metric it fills (names the docs read).
METRICS: Mapping[str, str] = {
    "installed_size": "installed_size_bytes",
    "peak_memory": "peak_memory_bytes",
    # The peak of msgspec's large-JSON benchmark: the decoder's import and 5 decodes.
    "peak_memory_import": "peak_memory_import_bytes",
}
UNIT = "byte"


def parse(path: Path, lang: str) -> NativeFile:
    document = require_dict(path, load_json(path), "top level")
    if document.get("lang") != lang:
        raise IngestError(path, f"extras of lang {document.get('lang')!r}, expected {lang!r}")
    native = NativeFile(HARNESS, "1")
    for index, entry in enumerate(require_list(path, document.get("metrics"), "metrics")):
        _entry(path, lang, native, require_dict(path, entry, f"metrics[{index}]"))
    return native


def _entry(path: Path, lang: str, native: NativeFile, entry: dict[str, object]) -> None:
    case_id = require_str(path, entry.get("id"), "metrics[].id")
    try:
        identity = parse_case_id(case_id, lang)
    except CaseIdError as error:
        raise IngestError(path, str(error)) from error
    metric = METRICS.get(identity.op)
    if metric is None:
        raise IngestError(path, f"{case_id}: unknown op {identity.op!r} (known: {', '.join(METRICS)})")
    if entry.get("unit") != UNIT:
        raise IngestError(path, f"{case_id}: unit {entry.get('unit')!r}, expected {UNIT!r}")
    if "error" in entry:
        lines = require_list(path, entry["error"], f"{case_id}: error")
        reason = "; ".join(map(str, lines)) or "failed with no message"
        native.unmeasured.append(Unmeasured.case(identity, Outcome.FAILED, reason))
        return
    value = require_number(path, entry.get("value"), f"{case_id}: value")
    version = str(entry.get("version", ""))
    native.results.append(CaseResult(identity, [], version, None, {metric: value}))
