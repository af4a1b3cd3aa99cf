"""One run of the results store as a Snapshot.

The only module of the docs generator that knows the store's tables: a schema
change (runner/migrations.py) touches this file and nothing else here.
"""

import json
from collections.abc import Sequence
from pathlib import Path

from runner.docs.snapshot import Case, MachineInfo, RunInfo, Snapshot, SuiteInfo, Unmeasured
from runner.store import Store

# The store schema this module's queries are written against.
SCHEMA_VERSION = 1

_CASES = """
SELECT r.id, c.lang, c.lib, c.format, c.op, c.dataset, c.size, c.variant, r.lib_version, r.capabilities
FROM results r JOIN cases c ON c.id = r.case_id WHERE r.run_id = ? ORDER BY r.id
"""
_SAMPLES = """
SELECT s.result_id, s.value_ns FROM samples s JOIN results r ON r.id = s.result_id
WHERE r.run_id = ? AND s.kind = 'measure' ORDER BY s.result_id, s.seq
"""
_METRICS = """
SELECT m.result_id, m.name, m.value FROM metrics m JOIN results r ON r.id = m.result_id
WHERE r.run_id = ?
"""
_UNMEASURED = """
SELECT lang, outcome, reason, lib, format, op, dataset, size, variant FROM unmeasured WHERE run_id = ?
"""
_RUN = """
SELECT r.id, r.started_at, COALESCE(r.finished_at, ''), r.status, r.profile, r.filters, r.git_commit,
       m.fingerprint, m.cpu_model, m.cores, m.memory_bytes, m.os, m.arch
FROM runs r JOIN machines m ON m.id = r.machine_id WHERE r.id = ?
"""


def _grouped(rows: Sequence[tuple[object, ...]]) -> dict[int, list[tuple[object, ...]]]:
    found: dict[int, list[tuple[object, ...]]] = {}
    for result_id, *rest in rows:
        found.setdefault(int(str(result_id)), []).append(tuple(rest))
    return found


def _cases(store: Store, run_id: str) -> list[Case]:
    samples = _grouped(store.db.execute(_SAMPLES, (run_id,)).fetchall())
    metrics = _grouped(store.db.execute(_METRICS, (run_id,)).fetchall())
    cases = []
    for result_id, lang, lib, fmt, op, dataset, size, variant, version, caps in store.db.execute(
        _CASES, (run_id,)
    ):
        cases.append(
            Case(
                lang=lang,
                lib=lib,
                format=fmt,
                op=op,
                dataset=dataset,
                size=int(size),
                variant=variant,
                lib_version=version,
                capabilities=json.loads(caps) if caps else None,
                samples_ns=tuple(float(str(v)) for (v,) in samples.get(result_id, [])),
                metrics={str(n): float(str(v)) for n, v in metrics.get(result_id, [])},
            )
        )
    return cases


def _metadata(store: Store, run_id: str) -> dict[str, dict[str, str]]:
    found: dict[str, dict[str, str]] = {}
    for scope, key, value in store.db.execute(
        "SELECT scope, key, value FROM run_metadata WHERE run_id = ?", (run_id,)
    ):
        found.setdefault(str(scope), {})[str(key)] = str(value)
    return found


def read_run(store_file: Path, run_ref: str) -> Snapshot:
    """The run named by run_ref (id, unique prefix, `latest`) as a snapshot."""
    with Store.open(store_file) as store:
        if store.schema_version != SCHEMA_VERSION:
            raise ValueError(
                f"{store_file}: store schema {store.schema_version}; runner/docs/store_snapshot.py "
                f"reads {SCHEMA_VERSION}: update its queries"
            )
        run_id = store.resolve_run(run_ref).id
        row = store.db.execute(_RUN, (run_id,)).fetchone()
        suites = store.suites(run_id)
        harnesses = dict(store.db.execute("SELECT lang, harness FROM run_suites WHERE run_id = ?", (run_id,)))
        return Snapshot(
            run=RunInfo(*row[:7]),
            machine=MachineInfo(*row[7:]),
            metadata=_metadata(store, run_id),
            suites=tuple(
                SuiteInfo(lang, str(harnesses[lang]), status, reason, seconds)
                for lang, (status, reason, seconds) in suites.items()
            ),
            cases=tuple(_cases(store, run_id)),
            unmeasured=tuple(Unmeasured(*row) for row in store.db.execute(_UNMEASURED, (run_id,)).fetchall()),
        ).sorted()
