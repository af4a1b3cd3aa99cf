"""A suite's calibration workloads, DIR/<lang>-calibration.json, into `calibrations` rows.

    {"lang": "cpp",
     "samples": [{"when": "start"|"end", "workload": "memcpy_1mib"|"cpu_loop",
                  "ns": <median ns per call>, "n": <samples>}]}

`memcpy_1mib` copies 1 MiB once; `cpu_loop` is a fixed integer loop (each suite's
README says how many iterations). Measured at the suite's start and end, they say how
fast the machine was during the run: `runner compare` flags two runs whose
calibrations differ by more than 5%. The file is optional (older suites wrote none).
"""

from pathlib import Path

from runner.ingest.native import load_json, require_dict, require_list, require_number, require_str
from runner.records import IngestError, NativeFile, TableRows

HARNESS = "serbench calibration"
WHEN = ("start", "end")
# The two fixed workloads every suite times at the start and end of a run.
MEMCPY = "memcpy_1mib"
CPU_LOOP = "cpu_loop"
WORKLOADS = (MEMCPY, CPU_LOOP)
COLUMNS = ("lang", "when_", "workload", "ns", "n")


def file_name(lang: str) -> str:
    return f"{lang}-calibration.json"


def parse(path: Path, lang: str) -> NativeFile:
    document = require_dict(path, load_json(path), "top level")
    if document.get("lang") != lang:
        raise IngestError(path, f"calibration of lang {document.get('lang')!r}, expected {lang!r}")
    rows = []
    for index, entry in enumerate(require_list(path, document.get("samples"), "samples")):
        rows.append(_row(path, lang, require_dict(path, entry, f"samples[{index}]"), f"samples[{index}]"))
    keys = [row[1:3] for row in rows]
    if len(set(keys)) != len(keys):
        raise IngestError(path, "a (when, workload) pair appears twice")
    return NativeFile(HARNESS, "1", tables=[TableRows("calibrations", COLUMNS, rows)])


def _row(path: Path, lang: str, entry: dict[str, object], where: str) -> tuple[object, ...]:
    when = require_str(path, entry.get("when"), f"{where}.when")
    workload = require_str(path, entry.get("workload"), f"{where}.workload")
    if when not in WHEN:
        raise IngestError(path, f"{where}.when: {when!r} is not one of {', '.join(WHEN)}")
    if workload not in WORKLOADS:
        raise IngestError(path, f"{where}.workload: {workload!r} is not one of {', '.join(WORKLOADS)}")
    ns = require_number(path, entry.get("ns"), f"{where}.ns")
    n = require_number(path, entry.get("n"), f"{where}.n")
    if ns <= 0 or n < 1 or not n.is_integer():
        raise IngestError(path, f"{where}: ns {ns} and n {n} must be positive (n an integer)")
    return (lang, when, workload, ns, int(n))
