"""Shared by the runner's tests: a store, a run in it, and the real native files under testdata/."""

from pathlib import Path

from runner.caseid import CaseIdentity
from runner.ingest.load import SuiteIngest, ingest_suite
from runner.machine import Machine
from runner.migrations import FILE_TABLES
from runner.store import Store
from runner.suites import SUITES
from schemas.catalog import catalog

# Real outputs of the three suites (quick profile), kept small: see runner/README.md.
TESTDATA = Path(__file__).parent.parent / "testdata"
# What ingesting all of testdata/ stores, per language: (cases measured, cases not applicable).
TESTDATA_CASES = {"python": (34, 8), "dotnet": (3, 0), "cpp": (8, 2), "mono": (6, 0)}
MACHINE = Machine("Test CPU 3000", 2, 8 * 2**30, "Debian GNU/Linux 12 (bookworm)", "x86_64")
OTHER_MACHINE = Machine("Other CPU", 64, 256 * 2**30, "Debian GNU/Linux 12 (bookworm)", "x86_64")


def expected_counts(*langs: str) -> dict[str, int]:
    """store.counts() of a run holding the testdata of these languages."""
    return {
        "measured": sum(TESTDATA_CASES[lang][0] for lang in langs),
        "failed": 0,
        "refused": 0,
        "not_applicable": sum(TESTDATA_CASES[lang][1] for lang in langs),
        "not_measured": 0,
    }


def new_run(store: Store, run_id: str = "R1", machine: Machine = MACHINE) -> str:
    store.create_run(run_id, "quick", {"langs": sorted(catalog.LANGUAGES)}, "abc123", machine, {})
    return run_id


def ingest_testdata(store: Store, run_id: str) -> dict[str, SuiteIngest]:
    return {s.lang: ingest_suite(store, run_id, s, TESTDATA / s.lang) for s in SUITES}


def samples_by_kind(store: Store, run_id: str, identity: CaseIdentity) -> dict[str, list[float]]:
    rows = store.db.execute(
        "SELECT s.kind, s.value_ns FROM samples s JOIN results r ON r.id = s.result_id"
        " WHERE r.run_id = ? AND r.case_id = ? ORDER BY s.kind, s.seq",
        (run_id, store.case_key(identity)),
    )
    found: dict[str, list[float]] = {}
    for kind, value in rows:
        found.setdefault(kind, []).append(value)
    return found


def metrics_of(store: Store, run_id: str, identity: CaseIdentity) -> dict[str, float]:
    rows = store.db.execute(
        "SELECT m.name, m.value FROM metrics m JOIN results r ON r.id = m.result_id"
        " WHERE r.run_id = ? AND r.case_id = ?",
        (run_id, store.case_key(identity)),
    )
    return {str(name): float(value) for name, value in rows}


def row_counts(store: Store) -> dict[str, int]:
    tables = ("native_files", "results", "samples", "metrics", "unmeasured", "run_metadata", *FILE_TABLES)
    return {t: int(store.db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]) for t in tables}
