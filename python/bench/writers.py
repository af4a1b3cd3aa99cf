"""The run's files: pyperf's JSON of the measured cases, the case catalog, the
calibration samples and the extra measurements (bytes, not times)."""

import argparse
import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import pyperf

from bench.cli import rounds
from bench.rounds import Job
from serbench_py.cases import LANG
from serbench_py.extras import installed_sizes, peak_memory
from serbench_py.suite import Planned, Status

RESULT_FILE = "python.json"
CASES_FILE = "python-cases.json"
EXTRA_FILE = "python-extra.json"  # measurements that are not times (bytes)
CALIBRATION_FILE = "python-calibration.json"


def interpreter_metadata() -> dict[str, Any]:
    """pyperf's own description of the interpreter and machine, collected once."""
    probe = pyperf.Run([1.0], metadata={"name": "probe"}, collect_metadata=True)
    keys = ["python_version", "python_implementation", "python_compiler", "perf_version"]
    keys += ["platform", "cpu_model_name", "cpu_count"]
    found = probe.get_metadata()
    return {key: found[key] for key in keys if key in found}


def benchmark(job: Job, common: dict[str, Any]) -> pyperf.Benchmark:
    """runs[i] is round i: its loops' values (seconds per call; the runner keeps the
    fastest) and its warmup, if any."""
    metadata = {**common, **job.metadata, "name": job.case_id, "loops": job.loops}
    metadata["cyclic_gc"] = "off" if job.metadata.get("variant", "").endswith("_gcoff") else "on"
    runs = [
        pyperf.Run(
            list(taken.seconds),
            warmups=None if taken.warmup is None else [(1, taken.warmup)],
            metadata={**metadata, "round": index},
            collect_metadata=False,
        )
        for index, taken in enumerate(job.samples)
    ]
    return pyperf.Benchmark(runs)


def entry(case_id: str, status: Status, reason: str) -> dict[str, str]:
    """A case in the catalog: its id, status and, unless empty, the reason."""
    found = {"id": case_id, "status": status.value}
    if reason:
        found["reason"] = reason
    return found


def untimed(planned: Iterable[Planned]) -> list[dict[str, str]]:
    """The catalog entries of the cases known before any worker runs not to be timed."""
    entries = []
    for item in planned:
        if item.not_applicable:
            entries.append(entry(item.case.id, Status.NOT_APPLICABLE, item.not_applicable))
        elif item.not_measured:
            entries.append(entry(item.case.id, Status.NOT_MEASURED, item.not_measured))
    return entries


def libraries(planned: Sequence[Planned]) -> list[dict[str, Any]]:
    """Each library of the planned cases once, as the catalog describes it."""
    found = {id(p.library): p.library for p in planned}.values()
    return [
        {
            "lib": a.lib,
            "format": a.format,
            "variant": a.variant,
            "version": a.version,
            "home": a.home,
            "capabilities": sorted(c.value for c in a.capabilities),
            "lazy_ops": dict(a.lazy),
        }
        for a in found
    ]


def write_json(path: Path, document: object) -> None:
    path.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")


def write(
    opts: argparse.Namespace,
    planned: Sequence[Planned],
    jobs: Sequence[Job],
    common: dict[str, Any],
    calibrations: list[dict[str, object]],
    isolation: str,
) -> None:
    """Writes python.json (if a case was measured), the case catalog (with the processes that
    took the samples: `isolation`) and the calibration."""
    opts.out.mkdir(parents=True, exist_ok=True)
    out_file = opts.out / RESULT_FILE
    out_file.unlink(missing_ok=True)  # a new run replaces the previous result
    measured = [job for job in jobs if job.status is Status.MEASURED and job.samples]
    if measured:
        suite = pyperf.BenchmarkSuite([benchmark(job, common) for job in measured])
        suite.dump(str(out_file))
    cases = untimed(planned) + [entry(j.case_id, j.status, j.reason) for j in jobs]
    catalog = {
        "lang": LANG,
        "profile": opts.profile,
        "rounds": rounds(opts),
        "shuffle_seed": common["shuffle_seed"],
        "isolation": isolation,
        "libraries": libraries(planned),
        "cases": cases,
    }
    write_json(opts.out / CASES_FILE, catalog)
    write_json(opts.out / CALIBRATION_FILE, {"lang": LANG, "samples": calibrations})


def write_extra(out: Path) -> None:
    """python-extra.json: each distribution's installed size and the decoders' peak memory."""
    write_json(out / EXTRA_FILE, {"lang": LANG, "metrics": installed_sizes() + peak_memory()})
