"""The store's schema, as an ordered list of migrations.

Migration N takes a store at version N-1 to version N. Never edit one that has
shipped: append a new one. results/README.md describes the resulting schema.
"""

# Version 1: runs, what ran in them, and every sample and metric they measured.
_V1 = """
CREATE TABLE machines (
    id           INTEGER PRIMARY KEY,
    fingerprint  TEXT NOT NULL UNIQUE,
    cpu_model    TEXT NOT NULL,
    cores        INTEGER NOT NULL,
    memory_bytes INTEGER NOT NULL,
    os           TEXT NOT NULL,
    arch         TEXT NOT NULL
);
CREATE TABLE runs (
    id          TEXT PRIMARY KEY,
    started_at  TEXT NOT NULL,
    finished_at TEXT,
    status      TEXT NOT NULL CHECK (status IN ('running', 'complete')),
    profile     TEXT NOT NULL,
    filters     TEXT NOT NULL,
    git_commit  TEXT NOT NULL,
    machine_id  INTEGER NOT NULL REFERENCES machines (id)
);
CREATE INDEX runs_by_status ON runs (status, started_at);
CREATE TABLE run_metadata (
    run_id TEXT NOT NULL REFERENCES runs (id),
    scope  TEXT NOT NULL,
    key    TEXT NOT NULL,
    value  TEXT NOT NULL,
    PRIMARY KEY (run_id, scope, key)
) WITHOUT ROWID;
CREATE TABLE run_suites (
    run_id  TEXT NOT NULL REFERENCES runs (id),
    lang    TEXT NOT NULL,
    harness TEXT NOT NULL,
    status  TEXT NOT NULL CHECK (status IN ('running', 'ok', 'failed', 'timeout')),
    reason  TEXT NOT NULL DEFAULT '',
    seconds REAL,
    PRIMARY KEY (run_id, lang)
) WITHOUT ROWID;
CREATE TABLE native_files (
    id              INTEGER PRIMARY KEY,
    run_id          TEXT NOT NULL REFERENCES runs (id),
    lang            TEXT NOT NULL,
    path            TEXT NOT NULL,
    sha256          TEXT NOT NULL,
    bytes           INTEGER NOT NULL,
    harness         TEXT NOT NULL,
    harness_version TEXT NOT NULL,
    ingested_at     TEXT NOT NULL,
    UNIQUE (run_id, sha256)
);
CREATE INDEX native_files_by_run ON native_files (run_id, lang);
CREATE TABLE cases (
    id      INTEGER PRIMARY KEY,
    lang    TEXT NOT NULL,
    lib     TEXT NOT NULL,
    format  TEXT NOT NULL,
    op      TEXT NOT NULL,
    dataset TEXT NOT NULL,
    size    INTEGER NOT NULL,
    variant TEXT NOT NULL,
    UNIQUE (lang, lib, format, op, dataset, size, variant)
);
CREATE TABLE results (
    id           INTEGER PRIMARY KEY,
    run_id       TEXT NOT NULL REFERENCES runs (id),
    case_id      INTEGER NOT NULL REFERENCES cases (id),
    file_id      INTEGER NOT NULL REFERENCES native_files (id),
    lib_version  TEXT NOT NULL,
    codegen      INTEGER,
    reflection   INTEGER,
    schemaless   INTEGER,
    validates    INTEGER,
    zero_copy    INTEGER,
    capabilities TEXT,
    UNIQUE (run_id, case_id)
);
CREATE INDEX results_by_file ON results (file_id);
CREATE TABLE samples (
    result_id  INTEGER NOT NULL REFERENCES results (id),
    seq        INTEGER NOT NULL,
    kind       TEXT NOT NULL,
    value_ns   REAL NOT NULL,
    operations INTEGER,
    PRIMARY KEY (result_id, seq)
) WITHOUT ROWID;
CREATE TABLE metrics (
    result_id INTEGER NOT NULL REFERENCES results (id),
    name      TEXT NOT NULL,
    value     REAL NOT NULL,
    PRIMARY KEY (result_id, name)
) WITHOUT ROWID;
CREATE TABLE unmeasured (
    id      INTEGER PRIMARY KEY,
    run_id  TEXT NOT NULL REFERENCES runs (id),
    file_id INTEGER NOT NULL REFERENCES native_files (id),
    lang    TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('failed', 'refused', 'not_applicable', 'not_measured')),
    reason  TEXT NOT NULL,
    lib     TEXT,
    format  TEXT,
    op      TEXT,
    dataset TEXT,
    size    INTEGER,
    variant TEXT
);
CREATE INDEX unmeasured_by_run ON unmeasured (run_id, lang);
"""

# Version 2: the interop matrix and the robustness run, each ingested from its file like a
# suite's native file (file_id says which; discarding a step deletes by it).
_V2 = """
CREATE TABLE interop_cells (
    run_id     TEXT NOT NULL REFERENCES runs (id),
    file_id    INTEGER NOT NULL REFERENCES native_files (id),
    producer   TEXT NOT NULL,
    consumer   TEXT NOT NULL,
    format     TEXT NOT NULL,
    dataset    TEXT NOT NULL,
    size       INTEGER NOT NULL,
    status     TEXT NOT NULL CHECK (status IN ('ok', 'failed', 'not_applicable')),
    comparison TEXT NOT NULL,
    message    TEXT NOT NULL,
    PRIMARY KEY (run_id, producer, consumer, format, dataset, size)
) WITHOUT ROWID;
CREATE TABLE robustness_runs (
    run_id          TEXT PRIMARY KEY REFERENCES runs (id),
    file_id         INTEGER NOT NULL REFERENCES native_files (id),
    corpus_name     TEXT NOT NULL,
    seed            INTEGER NOT NULL,
    manifest_sha256 TEXT NOT NULL,
    inputs          INTEGER NOT NULL,
    per_format      TEXT NOT NULL,
    not_applicable  TEXT NOT NULL,
    timeout_s       REAL NOT NULL,
    memory_mib      INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE robustness_decoders (
    run_id     TEXT NOT NULL REFERENCES runs (id),
    file_id    INTEGER NOT NULL REFERENCES native_files (id),
    lang       TEXT NOT NULL,
    lib        TEXT NOT NULL,
    variant    TEXT NOT NULL,
    format     TEXT NOT NULL,
    version    TEXT NOT NULL,
    schemaless INTEGER NOT NULL,
    PRIMARY KEY (run_id, lang, lib, variant, format)
) WITHOUT ROWID;
CREATE TABLE robustness_results (
    run_id   TEXT NOT NULL REFERENCES runs (id),
    file_id  INTEGER NOT NULL REFERENCES native_files (id),
    lang     TEXT NOT NULL,
    lib      TEXT NOT NULL,
    variant  TEXT NOT NULL,
    format   TEXT NOT NULL,
    input    TEXT NOT NULL,
    dataset  TEXT,
    size     INTEGER,
    mutation TEXT NOT NULL,
    expect   TEXT NOT NULL,
    outcome  TEXT NOT NULL CHECK (outcome IN ('clean_error', 'accepted_equal', 'accepted_different',
                                              'crash', 'hang', 'memory_blowup')),
    detail   TEXT NOT NULL,
    ns       INTEGER,
    PRIMARY KEY (run_id, lang, lib, variant, format, input)
) WITHOUT ROWID;
CREATE INDEX robustness_results_by_outcome ON robustness_results (run_id, outcome);
CREATE TABLE robustness_repro (
    run_id  TEXT NOT NULL REFERENCES runs (id),
    file_id INTEGER NOT NULL REFERENCES native_files (id),
    lang    TEXT NOT NULL,
    lib     TEXT NOT NULL,
    variant TEXT NOT NULL,
    format  TEXT NOT NULL,
    input   TEXT NOT NULL,
    outcome TEXT NOT NULL,
    sha256  TEXT NOT NULL,
    path    TEXT NOT NULL,
    PRIMARY KEY (run_id, lang, lib, variant, format, outcome)
) WITHOUT ROWID;
"""

# Version 3: the measurement protocol. Each sample's round, so two cases are
# compared round by round; whether a case's op is lazy (a view over the bytes) and why;
# the self-check flags of a case in a run; each suite's calibration workloads. The machine
# row names the CPU as the kernel does (cache sizes and microcode are in the fingerprint).
_V3 = """
ALTER TABLE samples ADD COLUMN round INTEGER;
ALTER TABLE cases ADD COLUMN lazy_reason TEXT;
ALTER TABLE machines ADD COLUMN cpu_mhz REAL;
ALTER TABLE machines ADD COLUMN caches TEXT;
ALTER TABLE machines ADD COLUMN microcode TEXT;
CREATE TABLE case_flags (
    run_id  TEXT NOT NULL REFERENCES runs (id),
    case_id INTEGER NOT NULL REFERENCES cases (id),
    flag    TEXT NOT NULL CHECK (flag IN ('roundtrip_mismatch', 'scaling', 'unstable', 'remeasured')),
    detail  TEXT NOT NULL,
    PRIMARY KEY (run_id, case_id, flag)
) WITHOUT ROWID;
CREATE TABLE calibrations (
    run_id   TEXT NOT NULL REFERENCES runs (id),
    file_id  INTEGER NOT NULL REFERENCES native_files (id),
    lang     TEXT NOT NULL,
    when_    TEXT NOT NULL CHECK (when_ IN ('start', 'end')),
    workload TEXT NOT NULL,
    ns       REAL NOT NULL,
    n        INTEGER NOT NULL,
    PRIMARY KEY (run_id, lang, when_, workload)
) WITHOUT ROWID;
"""

# Version 4: each library's home page as its adapter declares it in the suite's case catalog
# (the docs link versions there instead of keeping a list of their own). Keyed by
# file: a re-measurement's or a resumed suite's catalog names the same libraries again.
_V4 = """
CREATE TABLE library_homes (
    run_id  TEXT NOT NULL REFERENCES runs (id),
    file_id INTEGER NOT NULL REFERENCES native_files (id),
    lang    TEXT NOT NULL,
    lib     TEXT NOT NULL,
    home    TEXT NOT NULL,
    PRIMARY KEY (run_id, file_id, lib)
) WITHOUT ROWID;
"""

# Version 5: machine classes (runner/machine.py): the stable facts a class is the hash of,
# kept readable as JSON; each run's class; and the machine's threads per core (SMT).
_V5 = """
CREATE TABLE machine_classes (
    id      TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    facts   TEXT NOT NULL
);
ALTER TABLE runs ADD COLUMN machine_class TEXT REFERENCES machine_classes (id);
ALTER TABLE machines ADD COLUMN threads_per_core INTEGER;
CREATE INDEX runs_by_class ON runs (machine_class, started_at)
"""

# Version 6: the fuzz pass (`runner all --fuzz`): per decoder its budget, runs and
# coverage, and its findings with their reproducing inputs (runner/ingest/fuzz_json.py).
_V6 = """
CREATE TABLE fuzz_decoders (
    run_id        TEXT NOT NULL REFERENCES runs (id),
    file_id       INTEGER NOT NULL REFERENCES native_files (id),
    lang          TEXT NOT NULL,
    lib           TEXT NOT NULL,
    variant       TEXT NOT NULL,
    format        TEXT NOT NULL,
    version       TEXT NOT NULL,
    engine        TEXT NOT NULL,
    instrumented  TEXT NOT NULL,
    seconds       INTEGER NOT NULL,
    cpu_seconds   REAL NOT NULL,
    runs          INTEGER NOT NULL,
    seeds         INTEGER NOT NULL,
    coverage_unit TEXT NOT NULL,
    covered       INTEGER NOT NULL,
    PRIMARY KEY (run_id, lang, lib, variant, format)
) WITHOUT ROWID;
CREATE TABLE fuzz_findings (
    run_id  TEXT NOT NULL REFERENCES runs (id),
    file_id INTEGER NOT NULL REFERENCES native_files (id),
    lang    TEXT NOT NULL,
    lib     TEXT NOT NULL,
    variant TEXT NOT NULL,
    format  TEXT NOT NULL,
    kind    TEXT NOT NULL CHECK (kind IN ('crash', 'hang', 'memory_blowup')),
    detail  TEXT NOT NULL,
    frames  TEXT NOT NULL,
    origin  TEXT NOT NULL CHECK (origin IN ('library', 'harness')),
    dataset TEXT,
    sha256  TEXT NOT NULL,
    size    INTEGER NOT NULL,
    path    TEXT NOT NULL,
    PRIMARY KEY (run_id, lang, lib, variant, format, sha256)
) WITHOUT ROWID;
"""

# Version 7: `runner history` reads a few cases across every run of a class; results were
# indexed by run first only, so it read every result of every run (runner/benchmarks/history.py).
_V7 = """
CREATE INDEX results_by_case ON results (case_id, run_id)
"""


# Version 8: a run split into jobs that workers take from a team store (runner/store_queue.py):
# one job per language and dataset, the machine class and commit allowed to run it, its
# worker's last heartbeat (Unix seconds) and how many times it was given out.
_V8 = """
CREATE TABLE queue_jobs (
    run_id        TEXT NOT NULL REFERENCES runs (id),
    lang          TEXT NOT NULL,
    dataset       TEXT NOT NULL,
    machine_class TEXT NOT NULL,
    git_commit    TEXT NOT NULL,
    position      INTEGER NOT NULL,
    expected_s    REAL NOT NULL,
    stale_after_s REAL NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('pending', 'running', 'ok', 'failed', 'timeout')),
    attempts      INTEGER NOT NULL DEFAULT 0,
    worker        TEXT,
    heartbeat     REAL,
    seconds       REAL,
    reason        TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (run_id, lang, dataset)
) WITHOUT ROWID;
CREATE INDEX queue_jobs_by_status ON queue_jobs (status, machine_class, position)
"""

# Version 9: per robustness decoder, the inputs of its format it was not sent, per dataset its
# worker does not model (JSON; `{}` for most; tools/robustness/README.md: `not_fed`).
_V9 = """
ALTER TABLE robustness_decoders ADD COLUMN not_fed TEXT NOT NULL DEFAULT '{}'
"""

MIGRATIONS: tuple[str, ...] = (_V1, _V2, _V3, _V4, _V5, _V6, _V7, _V8, _V9)

# Tables whose rows belong to one native file (file_id): discarding a suite or step deletes them.
FILE_TABLES = (
    "calibrations",
    "fuzz_decoders",
    "fuzz_findings",
    "interop_cells",
    "library_homes",
    "robustness_repro",
    "robustness_results",
    "robustness_decoders",
    "robustness_runs",
)
