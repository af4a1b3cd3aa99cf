"""One run of the results store as a Snapshot.

The only module of the docs generator that knows the store's tables: a schema
change (runner/migrations.py) touches this file and nothing else here. Robustness
results are aggregated here (counts and medians per decoder), so a snapshot stays
small however large the corpus.
"""

import dataclasses
import json
import statistics
from collections.abc import Iterable, Sequence
from pathlib import Path

from runner.docs.snapshot import (
    Calibration,
    Case,
    FuzzDecoder,
    FuzzFinding,
    InteropCell,
    Library,
    MachineInfo,
    RobustnessCorpus,
    RobustnessDecoder,
    RobustnessRepro,
    RunInfo,
    Snapshot,
    SuiteInfo,
    Unmeasured,
)
from runner.store import Store

# The store schemas this module's queries are written for (2: interop and robustness; 3:
# samples.round, cases.lazy_reason, case_flags, calibrations). The schema-3 additions are
# read only where the store has them (_has), so a schema-2 store gives a snapshot
# without rounds, lazy classification, flags or calibrations.
SCHEMA_VERSIONS = (2, 3, 4, 5)

_CASES = """
SELECT r.id, c.lang, c.lib, c.format, c.op, c.dataset, c.size, c.variant, r.lib_version, r.capabilities,
       {lazy}, c.id
FROM results r JOIN cases c ON c.id = r.case_id WHERE r.run_id = ? ORDER BY r.id
"""
_SAMPLES = """
SELECT s.result_id, s.value_ns, {round} FROM samples s JOIN results r ON r.id = s.result_id
WHERE r.run_id = ? AND s.kind = 'measure' ORDER BY s.result_id, s.seq
"""
_FLAGS = "SELECT case_id, flag, COALESCE(detail, '') FROM case_flags WHERE run_id = ? ORDER BY flag, detail"
_CALIBRATIONS = "SELECT lang, when_, workload, ns, n FROM calibrations WHERE run_id = ?"
# The latest catalog of a suite wins where two name a library differently.
_LIBRARIES = """
SELECT lang, lib, home FROM library_homes WHERE run_id = ?
AND file_id = (SELECT MAX(file_id) FROM library_homes h WHERE h.run_id = library_homes.run_id
               AND h.lang = library_homes.lang AND h.lib = library_homes.lib)
"""
_METRICS = """
SELECT m.result_id, m.name, m.value FROM metrics m JOIN results r ON r.id = m.result_id
WHERE r.run_id = ?
"""
_UNMEASURED = """
SELECT lang, outcome, reason, lib, format, op, dataset, size, variant FROM unmeasured WHERE run_id = ?
"""
_INTEROP = """
SELECT producer, consumer, format, dataset, size, status, comparison, message
FROM interop_cells WHERE run_id = ?
"""
_CORPUS = """
SELECT corpus_name, seed, manifest_sha256, inputs, per_format, not_applicable, timeout_s, memory_mib
FROM robustness_runs WHERE run_id = ?
"""
_DECODERS = """
SELECT lang, lib, variant, format, version, schemaless FROM robustness_decoders WHERE run_id = ?
"""
_OUTCOMES = """
SELECT lang, lib, variant, format, mutation, outcome, ns FROM robustness_results WHERE run_id = ?
"""
_REPRO = """
SELECT p.lang, p.lib, p.variant, p.format, p.input, COALESCE(r.mutation, ''), p.outcome,
       COALESCE(r.detail, ''), p.sha256, p.path
FROM robustness_repro p LEFT JOIN robustness_results r
  ON r.run_id = p.run_id AND r.lang = p.lang AND r.lib = p.lib AND r.variant = p.variant
 AND r.format = p.format AND r.input = p.input
WHERE p.run_id = ?
"""
# The latest run that has a fuzz pass (5: fuzz_decoders, fuzz_findings).
_FUZZ_RUN = """
SELECT f.run_id FROM fuzz_decoders f JOIN runs r ON r.id = f.run_id
ORDER BY r.started_at DESC, r.id DESC LIMIT 1
"""
_FUZZ_DECODERS = """
SELECT run_id, lang, lib, variant, format, version, engine, instrumented, seconds, cpu_seconds, runs, seeds,
       coverage_unit, covered
FROM fuzz_decoders WHERE run_id = ?
"""
# Whether the snapshot's robustness run gave the decoder's kept fuzz inputs this outcome.
_FUZZ_FINDINGS = """
SELECT f.lang, f.lib, f.variant, f.format, f.kind, f.detail, f.frames, f.origin, f.dataset, f.sha256, f.size,
       COALESCE((SELECT r.outcome FROM robustness_results r
                 WHERE r.run_id = ? AND r.lang = f.lang AND r.lib = f.lib AND r.variant = f.variant
                   AND r.format = f.format AND r.mutation = 'fuzz_reproducer' AND r.outcome = f.kind
                 LIMIT 1), '')
FROM fuzz_findings f WHERE f.run_id = ?
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


def _has(store: Store, table: str, column: str | None = None) -> bool:
    """Whether the store has this table (and column): schema-3 additions are optional."""
    columns = {str(row[1]) for row in store.db.execute(f"PRAGMA table_info({table})")}
    return bool(columns) and (column is None or column in columns)


def _flags(store: Store, run_id: str) -> dict[int, list[tuple[str, str]]]:
    if not _has(store, "case_flags"):
        return {}
    found: dict[int, list[tuple[str, str]]] = {}
    for case_id, flag, detail in store.db.execute(_FLAGS, (run_id,)):
        found.setdefault(int(case_id), []).append((str(flag), str(detail)))
    return found


def _cases(store: Store, run_id: str) -> list[Case]:
    rounds = "s.round" if _has(store, "samples", "round") else "NULL"
    # NULL lazy_reason is a full op; a store without the column has not classified any.
    lazy = "COALESCE(c.lazy_reason, '')" if _has(store, "cases", "lazy_reason") else "NULL"
    samples = _grouped(store.db.execute(_SAMPLES.format(round=rounds), (run_id,)).fetchall())
    metrics = _grouped(store.db.execute(_METRICS, (run_id,)).fetchall())
    flags = _flags(store, run_id)
    cases = []
    for (
        result_id,
        lang,
        lib,
        fmt,
        op,
        dataset,
        size,
        variant,
        version,
        caps,
        lazy_reason,
        case_id,
    ) in store.db.execute(_CASES.format(lazy=lazy), (run_id,)):
        taken = samples.get(result_id, [])
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
                samples_ns=tuple(float(str(v)) for v, _ in taken),
                metrics={str(n): float(str(v)) for n, v in metrics.get(result_id, [])},
                rounds=tuple(None if r is None else int(str(r)) for _, r in taken)
                if any(r is not None for _, r in taken)
                else (),
                lazy_reason=lazy_reason,
                flags=tuple(flags.get(int(case_id), ())),
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


def _calibrations(store: Store, run_id: str) -> tuple[Calibration, ...]:
    if not _has(store, "calibrations"):
        return ()
    return tuple(
        Calibration(str(lang), str(when), str(workload), float(ns), int(n))
        for lang, when, workload, ns, n in store.db.execute(_CALIBRATIONS, (run_id,))
    )


def _libraries(store: Store, run_id: str) -> tuple[Library, ...]:
    if not _has(store, "library_homes"):
        return ()
    return tuple(Library(*row) for row in store.db.execute(_LIBRARIES, (run_id,)).fetchall())


def _interop(store: Store, run_id: str) -> tuple[InteropCell, ...]:
    return tuple(InteropCell(*row) for row in store.db.execute(_INTEROP, (run_id,)).fetchall())


def _corpus(store: Store, run_id: str) -> RobustnessCorpus | None:
    row = store.db.execute(_CORPUS, (run_id,)).fetchone()
    if row is None:
        return None
    name, seed, sha, inputs, per_format, not_applicable, timeout_s, memory_mib = row
    return RobustnessCorpus(
        name, seed, sha, inputs, json.loads(per_format), json.loads(not_applicable), timeout_s, memory_mib
    )


DecoderKey = tuple[str, str, str, str]


def aggregate(
    decoders: Iterable[tuple[str, str, str, str, str, bool]],
    results: Iterable[tuple[str, str, str, str, str, str, float | None]],
) -> list[RobustnessDecoder]:
    """Per decoder: inputs per mutation and outcome, and the median ns of its clean errors
    (per mutation and overall). decoders: (lang, lib, variant, format, version, schemaless);
    results: (lang, lib, variant, format, mutation, outcome, ns)."""
    counts: dict[DecoderKey, dict[str, dict[str, int]]] = {}
    rejects: dict[DecoderKey, dict[str, list[float]]] = {}
    for lang, lib, variant, fmt, mutation, outcome, ns in results:
        key = (lang, lib, variant, fmt)
        per_outcome = counts.setdefault(key, {}).setdefault(mutation, {})
        per_outcome[outcome] = per_outcome.get(outcome, 0) + 1
        if outcome == "clean_error" and ns is not None:
            rejects.setdefault(key, {}).setdefault(mutation, []).append(float(ns))
    found = []
    for lang, lib, variant, fmt, version, schemaless in decoders:
        key = (lang, lib, variant, fmt)
        times = rejects.get(key, {})
        every = [ns for values in times.values() for ns in values]
        found.append(
            RobustnessDecoder(
                lang,
                lib,
                variant,
                fmt,
                version,
                bool(schemaless),
                counts.get(key, {}),
                {m: statistics.median(v) for m, v in times.items()},
                statistics.median(every) if every else None,
            )
        )
    return found


def _robustness(store: Store, run_id: str) -> tuple[list[RobustnessDecoder], list[RobustnessRepro]]:
    decoders = store.db.execute(_DECODERS, (run_id,)).fetchall()
    aggregated = aggregate(decoders, store.db.execute(_OUTCOMES, (run_id,)))
    repro = [RobustnessRepro(*row) for row in store.db.execute(_REPRO, (run_id,)).fetchall()]
    return aggregated, repro


def _fuzz(store: Store, run_id: str) -> tuple[tuple[FuzzDecoder, ...], tuple[FuzzFinding, ...]]:
    """The latest fuzz pass in the store, its findings replayed by `run_id`'s corpus."""
    if not _has(store, "fuzz_decoders"):
        return (), ()
    latest = store.db.execute(_FUZZ_RUN).fetchone()
    if latest is None:
        return (), ()
    decoders = tuple(FuzzDecoder(*row) for row in store.db.execute(_FUZZ_DECODERS, latest))
    names = [f.name for f in dataclasses.fields(FuzzFinding)]
    findings = tuple(
        FuzzFinding(**dict(zip(names, row, strict=True)) | {"frames": tuple(json.loads(row[6]))})
        for row in store.db.execute(_FUZZ_FINDINGS, (run_id, latest[0]))
    )
    return decoders, findings


def read_run(store_file: Path, run_ref: str) -> Snapshot:
    """The run named by run_ref (id, unique prefix, `latest`) as a snapshot."""
    with Store.open(store_file) as store:
        if store.schema_version not in SCHEMA_VERSIONS:
            raise ValueError(
                f"{store_file}: store schema {store.schema_version}; runner/docs/store_snapshot.py "
                f"reads {', '.join(map(str, SCHEMA_VERSIONS))}: update its queries"
            )
        run_id = store.resolve_run(run_ref).id
        row = store.db.execute(_RUN, (run_id,)).fetchone()
        suites = store.suites(run_id)
        harnesses = dict(store.db.execute("SELECT lang, harness FROM run_suites WHERE run_id = ?", (run_id,)))
        decoders, repro = _robustness(store, run_id)
        fuzz, fuzz_findings = _fuzz(store, run_id)
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
            interop=_interop(store, run_id),
            robustness_corpus=_corpus(store, run_id),
            robustness=tuple(decoders),
            robustness_repro=tuple(repro),
            calibrations=_calibrations(store, run_id),
            libraries=_libraries(store, run_id),
            fuzz=fuzz,
            fuzz_findings=fuzz_findings,
        ).sorted()
