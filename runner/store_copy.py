"""A whole run's rows, read out of one store and written into another (`runner push`).

Row ids (files, cases, results) are each store's own, so a run travels with natural
keys instead: a file by its sha256, a case by its identity, a result by its case (one
per case in a run). The same form gives a run's digest: two stores hold the same run
when their digests match.
"""

import hashlib
import json
from dataclasses import dataclass

from runner.machine import MACHINE_COLUMNS
from runner.migrations import FILE_TABLES
from runner.store import Store, StoreError

_CASE = ("lang", "lib", "format", "op", "dataset", "size", "variant")
_C = ", ".join(f"c.{column}" for column in _CASE)
_CAPABILITIES = ("codegen", "reflection", "schemaless", "validates", "zero_copy", "capabilities")
_RUN = ("id", "started_at", "finished_at", "status", "profile", "filters", "git_commit", "machine_class")

# Each table's rows of a run in natural-key form, read with the run id as the parameter;
# results in the order they were stored, so a pushed run keeps it.
_READS = {
    "run_metadata": "SELECT scope, key, value FROM run_metadata WHERE run_id = ?",
    "run_suites": "SELECT lang, harness, status, reason, seconds FROM run_suites WHERE run_id = ?",
    "native_files": "SELECT lang, path, sha256, bytes, harness, harness_version, ingested_at"
    " FROM native_files WHERE run_id = ? ORDER BY id",
    # Every case the run names; the lazy reason is the case's, shared by the runs of a store.
    "cases": f"SELECT {_C}, c.lazy_reason FROM cases c WHERE c.id IN (SELECT case_id FROM results"
    " WHERE run_id = ? UNION SELECT case_id FROM case_flags WHERE run_id = ?)",
    "results": f"SELECT {_C}, f.sha256, r.lib_version, {', '.join(f'r.{n}' for n in _CAPABILITIES)}"
    f" FROM results r JOIN cases c ON c.id = r.case_id JOIN native_files f ON f.id = r.file_id"
    f" WHERE r.run_id = ? ORDER BY r.id",
    "samples": f"SELECT {_C}, s.seq, s.kind, s.value_ns, s.operations, s.round"
    f" FROM samples s JOIN results r ON r.id = s.result_id JOIN cases c ON c.id = r.case_id"
    f" WHERE r.run_id = ? ORDER BY r.id, s.seq",
    "metrics": f"SELECT {_C}, m.name, m.value FROM metrics m JOIN results r ON r.id = m.result_id"
    f" JOIN cases c ON c.id = r.case_id WHERE r.run_id = ? ORDER BY r.id, m.name",
    "unmeasured": "SELECT f.sha256, u.lang, u.outcome, u.reason, u.lib, u.format, u.op, u.dataset,"
    " u.size, u.variant FROM unmeasured u JOIN native_files f ON f.id = u.file_id"
    " WHERE u.run_id = ? ORDER BY u.id",
    "case_flags": f"SELECT {_C}, x.flag, x.detail FROM case_flags x JOIN cases c ON c.id = x.case_id"
    f" WHERE x.run_id = ?",
}

Row = tuple[object, ...]


@dataclass(frozen=True)
class RunRows:
    run: Row  # the runs row's columns named in _RUN
    machine: Row  # the machines row, MACHINE_COLUMNS
    machine_class: Row | None  # its machine_classes row (id, version, facts)
    tables: dict[str, list[Row]]  # table -> rows in natural-key form

    def digest(self) -> str:
        """What the run holds, as a hash independent of row ids and row order."""
        canonical = {
            name: sorted(map(repr, rows)) for name, rows in sorted(self.tables.items()) if name != "cases"
        }
        key = json.dumps([repr(self.run), self.machine[0], canonical])
        return hashlib.sha256(key.encode()).hexdigest()

    @property
    def run_id(self) -> str:
        return str(self.run[0])


def _file_columns(store: Store, table: str) -> tuple[str, ...]:
    """A per-file table's own columns, without run_id and file_id."""
    return tuple(c for c in store.db.columns(table) if c not in ("run_id", "file_id"))


def read_run(store: Store, run_id: str) -> RunRows:
    """Every row of a run; StoreError if the store has no such run."""
    db = store.db
    run = db.execute(
        f"SELECT {', '.join(f'r.{c}' for c in _RUN)}, {', '.join(f'm.{c}' for c in MACHINE_COLUMNS)}"
        " FROM runs r JOIN machines m ON m.id = r.machine_id WHERE r.id = ?",
        (run_id,),
    ).fetchone()
    if run is None:
        raise StoreError(f"{store.where}: no run {run_id}")
    tables = {
        name: [tuple(row) for row in db.execute(sql, (run_id,) * sql.count("?"))]
        for name, sql in _READS.items()
    }
    for table in FILE_TABLES:
        own = ", ".join(f"t.{c}" for c in _file_columns(store, table))
        tables[table] = [
            tuple(row)
            for row in db.execute(
                f"SELECT f.sha256, {own} FROM {table} t JOIN native_files f ON f.id = t.file_id"
                " WHERE t.run_id = ?",
                (run_id,),
            )
        ]
    kind = db.execute(
        "SELECT c.id, c.version, c.facts FROM machine_classes c JOIN runs r ON r.machine_class = c.id"
        " WHERE r.id = ?",
        (run_id,),
    ).fetchone()
    return RunRows(
        tuple(run[: len(_RUN)]), tuple(run[len(_RUN) :]), None if kind is None else tuple(kind), tables
    )


def write_run(store: Store, rows: RunRows) -> bool:
    """Adds the run in one transaction: all of it or nothing. False when the store already
    holds it with the same contents; StoreError when it holds a run of that id with others."""
    with store.transaction() as db:
        db.execute(
            f"INSERT INTO machines ({', '.join(MACHINE_COLUMNS)})"
            f" VALUES ({', '.join('?' * len(MACHINE_COLUMNS))}) ON CONFLICT DO NOTHING",
            rows.machine,
        )
        (machine_id,) = db.execute(
            "SELECT id FROM machines WHERE fingerprint = ?", (rows.machine[0],)
        ).fetchone()
        if rows.machine_class is not None:
            db.execute(
                "INSERT INTO machine_classes (id, version, facts) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                rows.machine_class,
            )
        inserted = db.execute(
            f"INSERT INTO runs ({', '.join(_RUN)}, machine_id) VALUES ({', '.join('?' * len(_RUN))}, ?)"
            " ON CONFLICT DO NOTHING RETURNING id",
            (*rows.run, machine_id),
        ).fetchone()
        if inserted is None:
            _check_same(store, rows)
            return False
        write_rows(store, rows)
    return True


def _check_same(store: Store, rows: RunRows) -> None:
    if read_run(store, rows.run_id).digest() != rows.digest():
        raise StoreError(
            f"{store.where}: run {rows.run_id} is already there with other contents; refused"
            " (a run id names one run: push it to another store, or delete it there first)"
        )


def write_rows(store: Store, rows: RunRows) -> None:
    """The run's tables (not its runs row) into the store, inside the caller's transaction:
    a pushed run's, or a queued job's into its run (runner/store_queue.py)."""
    db, run_id, tables = store.db, rows.run_id, rows.tables
    db.insert_rows(
        "run_metadata", ("run_id", "scope", "key", "value"), [(run_id, *r) for r in tables["run_metadata"]]
    )
    db.insert_rows(
        "run_suites",
        ("run_id", "lang", "harness", "status", "reason", "seconds"),
        [(run_id, *r) for r in tables["run_suites"]],
    )
    db.insert_rows(
        "native_files",
        ("run_id", "lang", "path", "sha256", "bytes", "harness", "harness_version", "ingested_at"),
        [(run_id, *r) for r in tables["native_files"]],
    )
    files = {
        sha: file_id
        for file_id, sha in db.execute("SELECT id, sha256 FROM native_files WHERE run_id = ?", (run_id,))
    }
    cases = _case_ids(store, tables["cases"])
    db.insert_rows(
        "results",
        ("run_id", "case_id", "file_id", "lib_version", *_CAPABILITIES),
        [(run_id, cases[r[:7]], files[r[7]], *r[8:]) for r in tables["results"]],
    )
    by_case = dict(db.execute("SELECT case_id, id FROM results WHERE run_id = ?", (run_id,)).fetchall())
    results = {identity: by_case[case_id] for identity, case_id in cases.items() if case_id in by_case}
    db.insert_rows(
        "samples",
        ("result_id", "seq", "kind", "value_ns", "operations", "round"),
        [(results[r[:7]], *r[7:]) for r in tables["samples"]],
    )
    db.insert_rows(
        "metrics", ("result_id", "name", "value"), [(results[r[:7]], *r[7:]) for r in tables["metrics"]]
    )
    db.insert_rows(
        "unmeasured",
        (
            "run_id",
            "file_id",
            "lang",
            "outcome",
            "reason",
            "lib",
            "format",
            "op",
            "dataset",
            "size",
            "variant",
        ),
        [(run_id, files[r[0]], *r[1:]) for r in tables["unmeasured"]],
    )
    db.insert_rows(
        "case_flags",
        ("run_id", "case_id", "flag", "detail"),
        [(run_id, cases[r[:7]], *r[7:]) for r in tables["case_flags"]],
    )
    for table in FILE_TABLES:
        db.insert_rows(
            table,
            ("run_id", "file_id", *_file_columns(store, table)),
            [(run_id, files[r[0]], *r[1:]) for r in tables[table]],
        )


def _case_ids(store: Store, cases: list[Row]) -> dict[Row, int]:
    """The store's id of each case (identity -> id), adding those it lacks. Added in one
    order by every writer, so two concurrent pushes wait for each other, never deadlock."""
    db = store.db
    ordered = sorted(cases, key=repr)
    marks = ", ".join("?" * len(_CASE))
    db.executemany(
        f"INSERT INTO cases ({', '.join(_CASE)}) VALUES ({marks}) ON CONFLICT DO NOTHING",
        [r[:7] for r in ordered],
    )
    db.executemany(
        f"UPDATE cases SET lazy_reason = ? WHERE {' AND '.join(f'{c} = ?' for c in _CASE)}",
        [(r[7], *r[:7]) for r in ordered if r[7] is not None],
    )
    wanted = {r[:7] for r in cases}
    found = {tuple(row[1:]): int(row[0]) for row in db.execute(f"SELECT id, {', '.join(_CASE)} FROM cases")}
    return {identity: found[identity] for identity in wanted}
