"""The normalized results store: a SQLite file (the default) or a PostgreSQL database (a
team store), versioned by runner/migrations.py; runner/store_engine.py holds what differs.

Every write happens inside `transaction()`, so a native file is either wholly
in the store or not at all. Readers (compare, export) work while a run is ingesting.
"""

import datetime
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import astuple, dataclass
from pathlib import Path

from runner.caseid import CaseIdentity
from runner.checks import Flag
from runner.machine import CLASS_VERSION, MACHINE_COLUMNS, Machine, as_row, machine_class
from runner.migrations import FILE_TABLES, MIGRATIONS
from runner.records import (
    KNOWN_CAPABILITIES,
    CaseResult,
    IngestError,
    NativeFile,
    Outcome,
    TableRows,
    median_of,
)
from runner.store_engine import Database, IntegrityError, connect, is_postgres, sqlite_file
from runner.store_engine import StoreError as StoreError  # part of the store's interface

DEFAULT_NAME = "serbench.sqlite"
# A suite left "running" was interrupted: a resumed run discards it and runs it again.
FINAL_SUITE_STATUSES = ("ok", "failed", "timeout")
# The setting of a suite whose rounds the runner cut to keep the run within its hour
# (runner/schedule.py): "<rounds> of <the profile's>: why".
ROUNDS_SETTING = "rounds"


@dataclass(frozen=True)
class Run:
    id: str
    started_at: str
    status: str
    profile: str
    filters: str
    git_commit: str
    fingerprint: str
    machine_class: str | None = None  # None: stored before machine classes existed


@dataclass(frozen=True)
class StoredFile:
    """Where and how a native file was read, for its row in native_files."""

    run_id: str
    lang: str
    path: Path
    sha256: str
    bytes: int


# One column per known capability (runner/migrations.py), then the full set as JSON.
_INSERT_RESULT = (
    f"INSERT INTO results (run_id, case_id, file_id, lib_version, {', '.join(KNOWN_CAPABILITIES)},"
    f" capabilities) VALUES (?, ?, ?, ?, {', '.join('?' * len(KNOWN_CAPABILITIES))}, ?) RETURNING id"
)


def now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


def _flag(capabilities: dict[str, bool] | None, name: str) -> int | None:
    if capabilities is None or name not in capabilities:
        return None
    return int(capabilities[name])


class Store:
    def __init__(self, db: Database, location: str, path: Path | None) -> None:
        self.db = db
        self.path = path  # the SQLite file; None for a server
        self.location = location  # what opens it again
        self.where = db.where  # the location as messages name it (password hidden)

    @classmethod
    def open(cls, location: Path | str, migrations: Sequence[str | None] = MIGRATIONS) -> "Store":
        """Opens (creating if needed) the store at location (a file path, `sqlite:///path` or
        `postgresql://...`) and brings its schema up to date."""
        text = str(location)
        store = cls(connect(text), text, None if is_postgres(text) else sqlite_file(text))
        try:
            store._migrate(migrations)
        except StoreError as error:
            store.close()
            where = store.where
            raise StoreError(str(error) if str(error).startswith(where) else f"{where}: {error}") from error
        return store

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        row = self.db.execute("SELECT MAX(version) FROM schema_version").fetchone()
        return int(row[0] or 0)

    def _applied(self) -> set[int]:
        return {int(v) for (v,) in self.db.execute("SELECT version FROM schema_version")}

    def _migrate(self, migrations: Sequence[str | None]) -> None:
        """Applies every migration the store lacks, in order. A None is a number another
        change reserved: skipped, and applied later by a runner that has it."""
        # The version table is not itself a migration: it is how migrations are counted.
        with self.transaction() as db:
            db.execute(db.dialect.lock_schema)
            db.execute(
                "CREATE TABLE IF NOT EXISTS schema_version"
                " (version BIGINT PRIMARY KEY, applied_at TEXT NOT NULL)"
            )
        version = self.schema_version
        if version > len(migrations):
            raise StoreError(
                f"store schema version {version} is newer than this runner "
                f"(which knows up to {len(migrations)}); use a newer runner or another --store"
            )
        for number, script in enumerate(migrations, start=1):
            if script is None or number in self._applied():
                continue
            with self.transaction() as db:
                db.execute(db.dialect.lock_schema)
                if number in self._applied():
                    continue  # another process opening the store applied it first
                for statement in filter(str.strip, db.dialect.schema(script).split(";")):
                    db.execute(statement)
                self.db.execute(
                    "INSERT INTO schema_version (version, applied_at) VALUES (?, ?)", (number, now())
                )

    @contextmanager
    def transaction(self) -> Iterator[Database]:
        self.db.execute(self.db.dialect.begin)
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # Runs ------------------------------------------------------------------

    def create_run(
        self,
        run_id: str,
        profile: str,
        filters: Mapping[str, object],
        git_commit: str,
        machine: Machine,
        metadata: dict[str, str],
        started_at: str | None = None,
        if_absent: bool = False,
    ) -> None:
        """A new run, `running` until finish_run; started now unless started_at says when.
        metadata: the runtimes (runtime_metadata()), which with the machine make its class.

        if_absent: a run with this id already there (another process re-ingesting the same
        raw folder created it) is left as it is instead of being an error.
        """
        kind = machine_class(machine, metadata)
        # The clock is a volatile reading: kept with the run, never part of its class.
        readings = {"cpu_mhz": f"{machine.cpu_mhz:.0f}"} if machine.cpu_mhz else {}
        with self.transaction() as db:
            db.execute(
                "INSERT INTO machine_classes (id, version, facts) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                (kind.id, CLASS_VERSION, json.dumps(kind.facts)),
            )
            db.execute(
                f"INSERT INTO machines ({', '.join(MACHINE_COLUMNS)})"
                f" VALUES ({', '.join('?' * len(MACHINE_COLUMNS))}) ON CONFLICT DO NOTHING",
                as_row(machine),
            )
            (machine_id,) = db.execute(
                "SELECT id FROM machines WHERE fingerprint = ?", (machine.fingerprint,)
            ).fetchone()
            inserted = db.execute(
                "INSERT INTO runs (id, started_at, status, profile, filters, git_commit, machine_id,"
                " machine_class) VALUES (?, ?, 'running', ?, ?, ?, ?, ?)"
                f"{' ON CONFLICT DO NOTHING' if if_absent else ''}",
                (run_id, started_at or now(), profile, filters_key(filters), git_commit, machine_id, kind.id),
            )
            if not inserted.rowcount:
                return
            self._set_metadata(run_id, "run", metadata | readings)

    def set_metadata(self, run_id: str, scope: str, metadata: dict[str, str]) -> None:
        """Adds (or replaces) settings of a run's scope: "run", or a suite's language."""
        with self.transaction():
            self._set_metadata(run_id, scope, metadata)

    def setting(self, run_id: str, scope: str, key: str) -> str | None:
        """One setting of a run's scope; None when it has none."""
        row = self.db.execute(
            "SELECT value FROM run_metadata WHERE run_id = ? AND scope = ? AND key = ?", (run_id, scope, key)
        ).fetchone()
        return None if row is None else str(row[0])

    def _set_metadata(self, run_id: str, scope: str, metadata: dict[str, str]) -> None:
        self.db.executemany(
            "INSERT INTO run_metadata (run_id, scope, key, value) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (run_id, scope, key) DO UPDATE SET value = excluded.value",
            [(run_id, scope, k, v) for k, v in sorted(metadata.items())],
        )

    def finish_run(self, run_id: str) -> None:
        with self.transaction() as db:
            db.execute("UPDATE runs SET status = 'complete', finished_at = ? WHERE id = ?", (now(), run_id))

    def runs(self) -> list[Run]:
        """Every run, oldest first."""
        rows = self.db.execute(
            "SELECT r.id, r.started_at, r.status, r.profile, r.filters, r.git_commit, m.fingerprint,"
            " r.machine_class"
            " FROM runs r JOIN machines m ON m.id = r.machine_id ORDER BY r.started_at, r.id"
        )
        return [Run(*row) for row in rows]

    def class_facts(self, class_id: str) -> dict[str, object]:
        """The stable facts a machine class is the hash of ({} for an unknown class)."""
        row = self.db.execute("SELECT facts FROM machine_classes WHERE id = ?", (class_id,)).fetchone()
        return dict(json.loads(row[0])) if row else {}

    def run(self, run_id: str) -> Run | None:
        return next((r for r in self.runs() if r.id == run_id), None)

    def resolve_run(self, ref: str) -> Run:
        """A run by id, unique id prefix, `latest` or `previous`; StoreError if none or several."""
        runs = self.runs()
        if ref in ("latest", "previous"):
            index = -1 if ref == "latest" else -2
            if len(runs) < -index:
                raise StoreError(f"{self.where}: no {ref} run ({len(runs)} run(s) stored)")
            return runs[index]
        found = [r for r in runs if r.id == ref] or [r for r in runs if r.id.startswith(ref)]
        if len(found) != 1:
            problem = "no run" if not found else f"{len(found)} runs"
            raise StoreError(f"{self.where}: {problem} matching {ref!r}")
        return found[0]

    def incomplete_run(
        self, profile: str, filters: Mapping[str, object], fingerprint: str, git_commit: str
    ) -> Run | None:
        """The latest interrupted run started with the same arguments on this machine, from
        the same commit (a run holds results of one version of the code only)."""
        key = filters_key(filters)
        matching = [
            r
            for r in self.runs()
            if r.status == "running"
            and r.profile == profile
            and r.filters == key
            and r.fingerprint == fingerprint
            and r.git_commit == git_commit
        ]
        return matching[-1] if matching else None

    # Suites ----------------------------------------------------------------

    def set_suite(
        self,
        run_id: str,
        lang: str,
        harness: str,
        status: str,
        reason: str = "",
        seconds: float | None = None,
    ) -> None:
        with self.transaction() as db:
            db.execute(
                "INSERT INTO run_suites (run_id, lang, harness, status, reason, seconds)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (run_id, lang) DO UPDATE SET"
                " harness = excluded.harness, status = excluded.status, reason = excluded.reason,"
                " seconds = excluded.seconds",
                (run_id, lang, harness, status, reason, seconds),
            )

    def suites(self, run_id: str) -> dict[str, tuple[str, str, float | None]]:
        """lang -> (status, reason, seconds) of every suite of a run that started."""
        rows = self.db.execute(
            "SELECT lang, status, reason, seconds FROM run_suites WHERE run_id = ?", (run_id,)
        )
        return {str(lang): (str(status), str(reason), seconds) for lang, status, reason, seconds in rows}

    def last_duration(self, lang: str, profile: str, filters: str | None = None) -> float | None:
        """How long the suite took the last time it finished ok with this profile, in a run
        with these filters (the run's `filters` key) if there is one, else in any."""
        rows = self._finished(lang, profile)
        same = [seconds for seconds, chosen, _ in rows if chosen == filters]
        found = same or [seconds for seconds, _, _ in rows]
        return float(found[0]) if found else None

    def last_suite_time(self, lang: str, profile: str, filters: str) -> tuple[float, str | None] | None:
        """The seconds the suite took the last time it finished ok in a run of this profile and
        these filters, and its `rounds` setting (set when the runner cut its rounds: None when
        it took the profile's)."""
        found = [
            (float(seconds), setting)
            for seconds, chosen, setting in self._finished(lang, profile)
            if chosen == filters
        ]
        return found[0] if found else None

    def _finished(self, lang: str, profile: str) -> list[tuple[float, str, str | None]]:
        """(seconds, the run's filters, the suite's `rounds` setting) of every time the suite
        finished ok in a run of this profile, the latest first."""
        rows = self.db.execute(
            "SELECT s.seconds, r.filters, m.value FROM run_suites s JOIN runs r ON r.id = s.run_id"
            " LEFT JOIN run_metadata m ON m.run_id = s.run_id AND m.scope = s.lang AND m.key = ?"
            " WHERE s.lang = ? AND s.status = 'ok' AND s.seconds IS NOT NULL AND r.profile = ?"
            " ORDER BY r.started_at DESC, r.id DESC",
            (ROUNDS_SETTING, lang, profile),
        ).fetchall()
        return [(float(seconds), str(chosen), setting) for seconds, chosen, setting in rows]

    def discard_suite(self, run_id: str, lang: str) -> None:
        """Forgets what an unfinished attempt at a suite ingested, before it runs again."""
        with self.transaction() as db:
            files = "SELECT id FROM native_files WHERE run_id = ? AND lang = ?"
            results = f"SELECT id FROM results WHERE file_id IN ({files})"
            for table in ("samples", "metrics"):
                db.execute(f"DELETE FROM {table} WHERE result_id IN ({results})", (run_id, lang))
            for table in ("results", "unmeasured", *FILE_TABLES):
                db.execute(f"DELETE FROM {table} WHERE file_id IN ({files})", (run_id, lang))
            db.execute("DELETE FROM native_files WHERE run_id = ? AND lang = ?", (run_id, lang))
            db.execute("DELETE FROM run_metadata WHERE run_id = ? AND scope = ?", (run_id, lang))
            db.execute(
                "DELETE FROM case_flags WHERE run_id = ?"
                " AND case_id IN (SELECT id FROM cases WHERE lang = ?)",
                (run_id, lang),
            )

    # Native files ----------------------------------------------------------

    def ingested_as(self, run_id: str, sha256: str) -> str | None:
        """The path under which a file with these bytes was ingested into the run, if it was."""
        row = self.db.execute(
            "SELECT path FROM native_files WHERE run_id = ? AND sha256 = ?", (run_id, sha256)
        ).fetchone()
        return str(row[0]) if row else None

    def add_file(self, where: StoredFile, native: NativeFile) -> bool:
        """Stores one parsed native file, all of it or (on IngestError) nothing; False if
        a file with these bytes is already in the run (another process may have just added it)."""
        with self.transaction():
            if self.ingested_as(where.run_id, where.sha256) is not None:
                return False
            self._insert_file(where, native)
        return True

    def add_remeasurement(
        self, files: Sequence[tuple[StoredFile, NativeFile]]
    ) -> dict[CaseIdentity, list[float]]:
        """Stores the files of a re-measurement in one transaction: each case they hold keeps
        its samples and metrics and gains theirs (the caller numbers their rounds apart from
        the first pass's). Returns the cases' earlier MEASURE samples; {} when the files are
        already in the run."""
        with self.transaction():
            if not files or all(self.ingested_as(w.run_id, w.sha256) for w, _ in files):
                return {}
            run_id = files[0][0].run_id
            cases = {result.identity for _, native in files for result in native.results}
            before = {i: v for i, v in self.measured(run_id).items() if i in cases}
            for where, native in files:
                self._insert_file(where, native, append=True)
        return before

    def _insert_file(self, where: StoredFile, native: NativeFile, append: bool = False) -> None:
        """The rows of one parsed file, inside the caller's transaction; append: its results
        add samples to the cases' results already in the run."""
        db = self.db
        cursor = db.execute(
            "INSERT INTO native_files (run_id, lang, path, sha256, bytes, harness, harness_version,"
            " ingested_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (
                where.run_id,
                where.lang,
                str(where.path),
                where.sha256,
                where.bytes,
                native.harness,
                native.harness_version,
                now(),
            ),
        )
        (file_id,) = cursor.fetchone()
        self._set_metadata(where.run_id, where.lang, native.metadata)
        for result in native.results:
            self._add_result(where, file_id, result, append)
        db.executemany(
            "INSERT INTO unmeasured (run_id, file_id, lang, outcome, reason, lib, format, op, dataset,"
            " size, variant) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    where.run_id,
                    file_id,
                    u.lang,
                    u.outcome.value,
                    u.reason,
                    u.lib,
                    u.format,
                    u.op,
                    u.dataset,
                    u.size,
                    u.variant,
                )
                for u in native.unmeasured
            ],
        )
        for rows in native.tables:
            self._add_rows(where, file_id, rows)
        for identity, reason in native.lazy.items():
            db.execute("UPDATE cases SET lazy_reason = ? WHERE id = ?", (reason, self.case_key(identity)))

    def _add_rows(self, where: StoredFile, file_id: int, rows: TableRows) -> None:
        columns = ("run_id", "file_id", *rows.columns)
        try:
            self.db.executemany(
                f"INSERT INTO {rows.table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
                [(where.run_id, file_id, *row) for row in rows.rows],
            )
        except IntegrityError as error:
            raise IngestError(
                where.path, f"{rows.table}: rows already in run {where.run_id} or invalid ({error})"
            ) from error

    def case_key(self, identity: CaseIdentity) -> int:
        row = _case_columns(identity)
        self.db.execute(
            "INSERT INTO cases (lang, lib, format, op, dataset, size, variant)"
            " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            row,
        )
        (key,) = self.db.execute(
            "SELECT id FROM cases WHERE lang = ? AND lib = ? AND format = ? AND op = ?"
            " AND dataset = ? AND size = ? AND variant = ?",
            row,
        ).fetchone()
        return int(key)

    def _add_result(self, where: StoredFile, file_id: int, result: CaseResult, append: bool) -> None:
        case_id = self.case_key(result.identity)
        result_id = self._existing(where, case_id) if append else self._round_partner(where, case_id, result)
        if result_id is None:
            caps = result.capabilities
            try:
                cursor = self.db.execute(
                    _INSERT_RESULT,
                    (
                        where.run_id,
                        case_id,
                        file_id,
                        result.lib_version,
                        *(_flag(caps, name) for name in KNOWN_CAPABILITIES),
                        json.dumps(caps, sort_keys=True) if caps is not None else None,
                    ),
                )
            except IntegrityError as error:
                raise IngestError(
                    where.path, f"case {result.identity} is already in run {where.run_id}"
                ) from error
            (result_id,) = cursor.fetchone()
        (first,) = self.db.execute(
            "SELECT COALESCE(MAX(seq) + 1, 0) FROM samples WHERE result_id = ?", (result_id,)
        ).fetchone()
        # seq is the sample's place in the harness's own order, across kinds (and files, for a
        # case measured one round per file).
        self.db.executemany(
            "INSERT INTO samples (result_id, seq, kind, value_ns, operations, round)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [(result_id, seq, *sample) for seq, sample in enumerate(result.samples, start=int(first))],
        )
        # A later round's file repeats the metrics of the first: the first one stays.
        self.db.executemany(
            "INSERT INTO metrics (result_id, name, value) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            [(result_id, k, v) for k, v in sorted(result.metrics.items())],
        )

    def add_metrics(self, run_id: str, metrics: Mapping[CaseIdentity, Mapping[str, float]]) -> int:
        """Sets metrics measured after ingest (the payloads' compressed sizes) on the run's
        results, in one transaction; a case without a result in the run is left out.
        Returns how many cases had one."""
        found = 0
        with self.transaction() as db:
            for identity, values in metrics.items():
                row = db.execute(
                    "SELECT r.id FROM results r JOIN cases c ON c.id = r.case_id WHERE r.run_id = ?"
                    " AND c.lang = ? AND c.lib = ? AND c.format = ? AND c.op = ? AND c.dataset = ?"
                    " AND c.size = ? AND c.variant = ?",
                    (run_id, *_case_columns(identity)),
                ).fetchone()
                if row is None:
                    continue
                found += 1
                db.executemany(
                    "INSERT INTO metrics (result_id, name, value) VALUES (?, ?, ?)"
                    " ON CONFLICT (result_id, name) DO UPDATE SET value = excluded.value",
                    [(row[0], name, value) for name, value in sorted(values.items())],
                )
        return found

    def _existing(self, where: StoredFile, case_id: int) -> int | None:
        """The case's result in the run, from a file of the same language."""
        row = self.db.execute(
            "SELECT r.id FROM results r JOIN native_files f ON f.id = r.file_id"
            " WHERE r.run_id = ? AND r.case_id = ? AND f.lang = ?",
            (where.run_id, case_id, where.lang),
        ).fetchone()
        return None if row is None else int(row[0])

    def _round_partner(self, where: StoredFile, case_id: int, result: CaseResult) -> int | None:
        """The result this one adds rounds to: the case's result in the run from another file of
        the same language, when every sample of both has a round and no round is in both
        (BenchmarkDotNet writes one file per round). None: this is the case's first result."""
        found = self._existing(where, case_id)
        new_rounds = {s.round for s in result.samples}
        if found is None or None in new_rounds:
            return None
        old_rounds = {
            r for (r,) in self.db.execute("SELECT DISTINCT round FROM samples WHERE result_id = ?", (found,))
        }
        return None if None in old_rounds or old_rounds & new_rounds else found

    # Reading ---------------------------------------------------------------

    def _measure_rows(
        self, run_id: str, lang: str | None
    ) -> Iterator[tuple[CaseIdentity, float, int | None]]:
        rows = self.db.execute(
            "SELECT c.lang, c.lib, c.format, c.op, c.dataset, c.size, c.variant, s.value_ns, s.round"
            " FROM results r JOIN cases c ON c.id = r.case_id"
            " JOIN samples s ON s.result_id = r.id AND s.kind = 'measure'"
            " WHERE r.run_id = ? AND (CAST(? AS TEXT) IS NULL OR c.lang = ?) ORDER BY r.id, s.seq",
            (run_id, lang, lang),
        )
        for *identity, value, round_ in rows:
            yield CaseIdentity(*identity), float(value), round_

    def measured(self, run_id: str, lang: str | None = None) -> dict[CaseIdentity, list[float]]:
        """Every case of a run (of one language) with its MEASURE samples, in the harness's order."""
        cases: dict[CaseIdentity, list[float]] = {}
        for identity, value, _ in self._measure_rows(run_id, lang):
            cases.setdefault(identity, []).append(value)
        return cases

    def single_call_cases(self, run_id: str) -> set[CaseIdentity]:
        """The cases of a run whose every MEASURE sample timed one call: a call slow enough that
        the harness times it once a sample, so a phase of the host's load can cover it whole,
        where a sample of many calls averages over the phases."""
        rows = self.db.execute(
            "SELECT c.lang, c.lib, c.format, c.op, c.dataset, c.size, c.variant"
            " FROM results r JOIN cases c ON c.id = r.case_id"
            " JOIN samples s ON s.result_id = r.id AND s.kind = 'measure'"
            " WHERE r.run_id = ?"
            " GROUP BY c.lang, c.lib, c.format, c.op, c.dataset, c.size, c.variant"
            " HAVING MAX(s.operations) = 1 AND COUNT(s.operations) = COUNT(*)",
            (run_id,),
        )
        return {CaseIdentity(*row) for row in rows}

    def metric(self, run_id: str, name: str) -> dict[CaseIdentity, float]:
        """One metric (e.g. wire_bytes) of every case of a run that recorded it."""
        rows = self.db.execute(
            "SELECT c.lang, c.lib, c.format, c.op, c.dataset, c.size, c.variant, m.value"
            " FROM results r JOIN cases c ON c.id = r.case_id"
            " JOIN metrics m ON m.result_id = r.id AND m.name = ?"
            " WHERE r.run_id = ?",
            (name, run_id),
        )
        return {CaseIdentity(*row[:7]): float(row[7]) for row in rows}

    def lazy_cases(self, run_id: str, lang: str | None = None) -> set[CaseIdentity]:
        """The cases of a run whose op returns a view over the bytes (cases.lazy_reason set)."""
        rows = self.db.execute(
            "SELECT DISTINCT c.lang, c.lib, c.format, c.op, c.dataset, c.size, c.variant"
            " FROM results r JOIN cases c ON c.id = r.case_id"
            " WHERE r.run_id = ? AND (CAST(? AS TEXT) IS NULL OR c.lang = ?)"
            " AND COALESCE(c.lazy_reason, '') != ''",
            (run_id, lang, lang),
        )
        return {CaseIdentity(*row) for row in rows}

    def rounds(self, run_id: str, lang: str | None = None) -> dict[CaseIdentity, dict[int, float]]:
        """Every case's samples by round (round -> the median of that round's samples), for
        stats.paired_ratio; samples without a round are left out."""
        found: dict[CaseIdentity, dict[int, list[float]]] = {}
        for identity, value, round_ in self._measure_rows(run_id, lang):
            if round_ is not None:
                found.setdefault(identity, {}).setdefault(int(round_), []).append(value)
        return {i: {r: median_of(v) for r, v in by_round.items()} for i, by_round in found.items()}

    # Self-check flags and calibrations -------------------------------------

    def set_flags(
        self, run_id: str, lang: str, flags: Iterable[Flag], keep: Sequence[str] = ("remeasured",)
    ) -> None:
        """Replaces the flags of a language's cases in a run with these (flags named in keep stay)."""
        with self.transaction() as db:
            db.execute(
                f"DELETE FROM case_flags WHERE run_id = ? AND flag NOT IN ({', '.join('?' * len(keep))})"
                " AND case_id IN (SELECT id FROM cases WHERE lang = ?)",
                (run_id, *keep, lang),
            )
            self._insert_flags(run_id, flags)

    def add_flags(self, run_id: str, flags: Iterable[Flag]) -> None:
        with self.transaction():
            self._insert_flags(run_id, flags)

    def _insert_flags(self, run_id: str, flags: Iterable[Flag]) -> None:
        self.db.executemany(
            "INSERT INTO case_flags (run_id, case_id, flag, detail) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (run_id, case_id, flag) DO UPDATE SET detail = excluded.detail",
            [(run_id, self.case_key(f.identity), f.flag, f.detail) for f in flags],
        )

    def flags(self, run_id: str) -> dict[CaseIdentity, dict[str, str]]:
        """case -> flag -> detail, for every flagged case of a run."""
        rows = self.db.execute(
            "SELECT c.lang, c.lib, c.format, c.op, c.dataset, c.size, c.variant, f.flag, f.detail"
            " FROM case_flags f JOIN cases c ON c.id = f.case_id WHERE f.run_id = ?",
            (run_id,),
        )
        found: dict[CaseIdentity, dict[str, str]] = {}
        for *identity, flag, detail in rows:
            found.setdefault(CaseIdentity(*identity), {})[str(flag)] = str(detail)
        return found

    def calibrations(self, run_id: str) -> dict[tuple[str, str], list[float]]:
        """(lang, workload) -> its calibration figures in ns (start and end) for a run."""
        found: dict[tuple[str, str], list[float]] = {}
        for lang, workload, ns in self.db.execute(
            "SELECT lang, workload, ns FROM calibrations WHERE run_id = ? ORDER BY lang, workload, when_",
            (run_id,),
        ):
            found.setdefault((str(lang), str(workload)), []).append(float(ns))
        return found

    def accounted(self, run_id: str, lang: str) -> set[CaseIdentity]:
        """Every case of a language in a run that has a result or an unmeasured row."""
        rows = self.db.execute(
            "SELECT c.lang, c.lib, c.format, c.op, c.dataset, c.size, c.variant"
            " FROM results r JOIN cases c ON c.id = r.case_id WHERE r.run_id = ? AND c.lang = ?"
            " UNION SELECT lang, lib, format, op, dataset, size, COALESCE(variant, '')"
            " FROM unmeasured WHERE run_id = ? AND lang = ? AND size IS NOT NULL",
            (run_id, lang, run_id, lang),
        )
        return {CaseIdentity(*row) for row in rows}

    def counts(self, run_id: str) -> dict[str, int]:
        """How many cases of a run were measured, and how many ended in each Outcome."""
        counts = {"measured": 0} | {outcome.value: 0 for outcome in Outcome}
        (counts["measured"],) = self.db.execute(
            "SELECT COUNT(*) FROM results WHERE run_id = ?", (run_id,)
        ).fetchone()
        for outcome, count in self.db.execute(
            "SELECT outcome, COUNT(*) FROM unmeasured WHERE run_id = ? GROUP BY outcome", (run_id,)
        ):
            counts[str(outcome)] = int(count)
        return counts


def _case_columns(identity: CaseIdentity) -> tuple[object, ...]:
    """A case's columns of the cases table, in its order (CaseIdentity's field order)."""
    return astuple(identity)


def format_counts(counts: Mapping[str, int]) -> str:
    """e.g. "15 measured, 1 failed, 0 refused, 2 not applicable, 0 not measured"."""
    return ", ".join(f"{count} {name.replace('_', ' ')}" for name, count in counts.items())


def filters_key(filters: Mapping[str, object]) -> str:
    """The run's selection as canonical JSON, so equal arguments compare equal."""
    return json.dumps(filters, sort_keys=True)
