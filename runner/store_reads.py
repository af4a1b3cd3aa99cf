"""The store's read queries for the docs snapshot, `runner export` and `runner history`: with store.py,
store_copy.py and store_engine.py, the only place the runner writes SQL.

Rows come back as the engine gives them (tuples, or dicts for export); the callers build
their own types from them.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from runner.caseid import CaseIdentity
from runner.store import Store

Row = dict[str, object]

# One run's rows for runner/docs/store_snapshot.py, by name; the run id is the parameter.
# {round} and {lazy} are schema-3 columns, read as NULL from an older store.
_SNAPSHOT = {
    "cases": """
SELECT r.id, c.lang, c.lib, c.format, c.op, c.dataset, c.size, c.variant, r.lib_version, r.capabilities,
       {lazy}, c.id
FROM results r JOIN cases c ON c.id = r.case_id WHERE r.run_id = ? ORDER BY r.id
""",
    "samples": """
SELECT s.result_id, s.value_ns, {round} FROM samples s JOIN results r ON r.id = s.result_id
WHERE r.run_id = ? AND s.kind = 'measure' ORDER BY s.result_id, s.seq
""",
    "flags": "SELECT case_id, flag, COALESCE(detail, '') FROM case_flags WHERE run_id = ?"
    " ORDER BY flag, detail",
    "calibrations": "SELECT lang, when_, workload, ns, n FROM calibrations WHERE run_id = ?",
    # The latest catalog of a suite wins where two name a library differently.
    "libraries": """
SELECT lang, lib, home FROM library_homes WHERE run_id = ?
AND file_id = (SELECT MAX(file_id) FROM library_homes h WHERE h.run_id = library_homes.run_id
               AND h.lang = library_homes.lang AND h.lib = library_homes.lib)
""",
    "metrics": """
SELECT m.result_id, m.name, m.value FROM metrics m JOIN results r ON r.id = m.result_id
WHERE r.run_id = ?
""",
    "unmeasured": """
SELECT lang, outcome, reason, lib, format, op, dataset, size, variant FROM unmeasured WHERE run_id = ?
""",
    "interop": """
SELECT producer, consumer, format, dataset, size, status, comparison, message
FROM interop_cells WHERE run_id = ?
""",
    "corpus": """
SELECT corpus_name, seed, manifest_sha256, inputs, per_format, not_applicable, timeout_s, memory_mib
FROM robustness_runs WHERE run_id = ?
""",
    "decoders": """
SELECT lang, lib, variant, format, version, schemaless, {not_fed} FROM robustness_decoders WHERE run_id = ?
""",
    "outcomes": """
SELECT lang, lib, variant, format, mutation, outcome, ns FROM robustness_results WHERE run_id = ?
""",
    "repro": """
SELECT p.lang, p.lib, p.variant, p.format, p.input, COALESCE(r.mutation, ''), p.outcome,
       COALESCE(r.detail, ''), p.sha256, p.path
FROM robustness_repro p LEFT JOIN robustness_results r
  ON r.run_id = p.run_id AND r.lang = p.lang AND r.lib = p.lib AND r.variant = p.variant
 AND r.format = p.format AND r.input = p.input
WHERE p.run_id = ?
""",
    "run": """
SELECT r.id, r.started_at, COALESCE(r.finished_at, ''), r.status, r.profile, r.filters, r.git_commit,
       m.fingerprint, m.cpu_model, m.cores, m.memory_bytes, m.os, m.arch
FROM runs r JOIN machines m ON m.id = r.machine_id WHERE r.id = ?
""",
    "metadata": "SELECT scope, key, value FROM run_metadata WHERE run_id = ?",
    "harnesses": "SELECT lang, harness FROM run_suites WHERE run_id = ?",
    "fuzz_decoders": """
SELECT run_id, lang, lib, variant, format, version, engine, instrumented, seconds, cpu_seconds, runs, seeds,
       coverage_unit, covered
FROM fuzz_decoders WHERE run_id = ?
""",
}
# The latest run that has a fuzz pass (schema 6: fuzz_decoders, fuzz_findings).
_FUZZ_RUN = """
SELECT f.run_id FROM fuzz_decoders f JOIN runs r ON r.id = f.run_id
ORDER BY r.started_at DESC, r.id DESC LIMIT 1
"""
# A fuzz pass's findings, with whether the snapshot's robustness run gave the decoder's kept
# fuzz inputs the same outcome.
# {concat}: the engine's aggregate joining text with commas.
_FUZZ_FINDINGS = """
SELECT f.lang, f.lib, f.variant, f.format, f.kind, f.detail, f.frames, f.origin, f.dataset, f.sha256, f.size,
       COALESCE((SELECT {concat} FROM robustness_results r
                 WHERE r.run_id = ? AND r.lang = f.lang AND r.lib = f.lib AND r.variant = f.variant
                   AND r.format = f.format AND r.mutation = 'fuzz_reproducer'), '')
FROM fuzz_findings f WHERE f.run_id = ?
"""
# (table, column, read as, read without it)
_OPTIONAL = {
    "round": ("samples", "round", "s.round", "NULL"),
    # NULL lazy_reason is a full op; a store without the column has not classified any.
    "lazy": ("cases", "lazy_reason", "COALESCE(c.lazy_reason, '')", "NULL"),
    # Before schema 9 no decoder was left inputs unsent.
    "not_fed": ("robustness_decoders", "not_fed", "not_fed", "'{}'"),
}


def has_table(store: Store, table: str, column: str | None = None) -> bool:
    """Whether the store has this table (and column): schema-3 additions are optional."""
    columns = store.db.columns(table)
    return bool(columns) and (column is None or column in columns)


def run_rows(store: Store, name: str, run_id: str) -> list[tuple[Any, ...]]:
    """The rows of one of the snapshot's queries for a run (typed by the caller)."""
    parts = {
        key: present if has_table(store, table, column) else absent
        for key, (table, column, present, absent) in _OPTIONAL.items()
    }
    return [tuple(row) for row in store.db.execute(_SNAPSHOT[name].format(**parts), (run_id,))]


def latest_fuzz_run(store: Store) -> str | None:
    """The id of the latest run with a fuzz pass; None without one (or before schema 6)."""
    if not has_table(store, "fuzz_decoders"):
        return None
    row = store.db.execute(_FUZZ_RUN).fetchone()
    return None if row is None else str(row[0])


def fuzz_finding_rows(store: Store, run_id: str, fuzz_run: str) -> list[tuple[Any, ...]]:
    """fuzz_run's findings, each with the outcomes run_id's corpus gave its decoder's kept inputs
    (sorted, comma-separated; "" when it ran none)."""
    sql = _FUZZ_FINDINGS.format(concat=store.db.dialect.concat.format("r.outcome"))
    return [
        (*row[:-1], ",".join(sorted(set(filter(None, str(row[-1]).split(","))))))
        for row in store.db.execute(sql, (run_id, fuzz_run))
    ]


# runner export ----------------------------------------------------------------

_IDENTITY = "c.lang, c.lib, c.format, c.op, c.dataset, c.size, c.variant"
_RUN = "r.run_id, runs.started_at, runs.profile, runs.git_commit, m.fingerprint AS machine"
_FROM = (
    "FROM results r JOIN cases c ON c.id = r.case_id JOIN runs ON runs.id = r.run_id"
    " JOIN machines m ON m.id = runs.machine_id"
)


def _dicts(store: Store, sql: str, params: Sequence[object]) -> list[Row]:
    cursor = store.db.execute(sql, params)
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, values, strict=True)) for values in cursor]


def _run_filter(column: str, run_ids: Sequence[str]) -> str:
    """A WHERE clause keeping these runs (every run when there are none)."""
    return f" WHERE {column} IN ({', '.join('?' * len(run_ids))})" if run_ids else " WHERE 1 = 1"


def result_rows(store: Store, run_ids: Sequence[str]) -> list[Row]:
    """One row per result: its run, identity, capabilities and flags, with its result_id."""
    flags = store.db.dialect.concat.format("f.flag")
    return _dicts(
        store,
        f"SELECT r.id AS result_id, {_RUN}, {_IDENTITY}, c.lazy_reason, r.lib_version, r.zero_copy,"
        f" r.validates, r.codegen, r.capabilities, (SELECT {flags} FROM case_flags f"
        f" WHERE f.run_id = r.run_id AND f.case_id = r.case_id) AS flags {_FROM}"
        f"{_run_filter('r.run_id', run_ids)} ORDER BY r.id",
        run_ids,
    )


def measured_by_result(store: Store, run_ids: Sequence[str]) -> dict[int, list[float]]:
    """result_id -> its MEASURE samples."""
    found: dict[int, list[float]] = {}
    for result_id, value in store.db.execute(
        f"SELECT s.result_id, s.value_ns FROM samples s JOIN results r ON r.id = s.result_id"
        f"{_run_filter('r.run_id', run_ids)} AND s.kind = 'measure' ORDER BY s.result_id, s.seq",
        run_ids,
    ):
        found.setdefault(int(result_id), []).append(float(value))
    return found


def metrics_by_result(store: Store, run_ids: Sequence[str]) -> dict[int, dict[str, float]]:
    """result_id -> metric name -> value."""
    found: dict[int, dict[str, float]] = {}
    for result_id, name, value in store.db.execute(
        f"SELECT x.result_id, x.name, x.value FROM metrics x JOIN results r ON r.id = x.result_id"
        f"{_run_filter('r.run_id', run_ids)}",
        run_ids,
    ):
        found.setdefault(int(result_id), {})[str(name)] = float(value)
    return found


def sample_rows(store: Store, run_ids: Sequence[str]) -> list[Row]:
    """One row per raw sample, every kind, with its run and case."""
    return _dicts(
        store,
        f"SELECT {_RUN}, {_IDENTITY}, s.kind, s.seq, s.round, s.value_ns, s.operations {_FROM}"
        f" JOIN samples s ON s.result_id = r.id{_run_filter('r.run_id', run_ids)} ORDER BY r.id, s.seq",
        run_ids,
    )


def unmeasured_rows(store: Store, run_ids: Sequence[str]) -> list[Row]:
    """The failed, refused, not applicable and not measured cases with their reason."""
    return _dicts(
        store,
        "SELECT run_id, lang, lib, format, op, dataset, size, variant, outcome, reason"
        f" FROM unmeasured{_run_filter('run_id', run_ids)} ORDER BY id",
        run_ids,
    )


# runner history -----------------------------------------------------------------


@dataclass(frozen=True)
class HistoryPoint:
    run_id: str
    started_at: str
    git_commit: str
    identity: CaseIdentity
    samples: list[float]


def history_points(
    store: Store, machine_class: str, filters: Mapping[str, str | int | None], profile: str | None
) -> list[HistoryPoint]:
    """Every selected case's MEASURE samples in each complete run of one machine class,
    runs oldest first. filters: case column (lang, lib, format, op, dataset, size, variant)
    -> value, or None for any."""
    chosen = {column: value for column, value in filters.items() if value is not None}
    where = "".join(f" AND c.{column} = ?" for column in chosen)
    if profile is not None:
        where += " AND runs.profile = ?"
    # CROSS JOIN fixes SQLite's join order (PostgreSQL plans its own): from the few selected
    # cases through their results (results_by_case), not from every result of every run.
    # One row per point, its samples joined as text (a row per sample made PostgreSQL's
    # driver convert every column of every sample: seconds over 1,000 runs); their order
    # does not matter to a median, and SQLite writes 15 significant digits.
    samples = store.db.dialect.concat.format("CAST(s.value_ns AS TEXT)")
    rows = store.db.execute(
        f"SELECT runs.id, runs.started_at, runs.git_commit, {_IDENTITY}, {samples}"
        " FROM cases c CROSS JOIN results r CROSS JOIN runs CROSS JOIN samples s"
        " WHERE r.case_id = c.id AND runs.id = r.run_id AND s.result_id = r.id AND s.kind = 'measure'"
        f" AND runs.machine_class = ? AND runs.status = 'complete'{where}"
        f" GROUP BY r.id, runs.id, runs.started_at, runs.git_commit, {_IDENTITY}"
        " ORDER BY runs.started_at, runs.id, r.id",
        (machine_class, *chosen.values(), *([profile] if profile is not None else [])),
    )
    return [
        HistoryPoint(str(run_id), str(started_at), str(commit), CaseIdentity(*identity), _floats(joined))
        for run_id, started_at, commit, *identity, joined in rows
    ]


def _floats(joined: str) -> list[float]:
    return [float(value) for value in joined.split(",")]


def class_calibrations(store: Store, machine_class: str) -> dict[str, dict[tuple[str, str], list[float]]]:
    """run id -> (lang, workload) -> its calibration figures in ns (start and end), for every
    complete run of one machine class, runs oldest first."""
    found: dict[str, dict[tuple[str, str], list[float]]] = {}
    for run_id, lang, workload, ns in store.db.execute(
        "SELECT c.run_id, c.lang, c.workload, c.ns FROM runs JOIN calibrations c ON c.run_id = runs.id"
        " WHERE runs.machine_class = ? AND runs.status = 'complete'"
        " ORDER BY runs.started_at, runs.id, c.lang, c.workload, c.when_",
        (machine_class,),
    ):
        found.setdefault(str(run_id), {}).setdefault((str(lang), str(workload)), []).append(float(ns))
    return found


# The store's own benchmark ------------------------------------------------------


def count_rows(store: Store, table: str) -> int:
    (count,) = store.db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()
    return int(count)


def integrity_check(store: Store) -> str:
    """SQLite's own check of a store file: "ok", or what is wrong with it."""
    (verdict,) = store.db.execute("PRAGMA integrity_check").fetchone()
    return str(verdict)
