"""The store: migrations, duplicate ingest, discarding an interrupted suite, finding runs."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from runner.caseid import parse_case_id
from runner.ingest.load import ingest_file, ingest_suite
from runner.migrations import MIGRATIONS
from runner.records import CaseResult, NativeFile, Sample, SampleKind
from runner.store import Store, StoredFile, StoreError, filters_key
from runner.suites import suite
from runner.tests.engines import ENGINES, location, postgres_server_fixture  # noqa: F401  (a fixture)
from runner.tests.support import MACHINE, TESTDATA, expected_counts, ingest_testdata, new_run, row_counts
from schemas.catalog import catalog


@pytest.fixture(params=ENGINES)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    with Store.open(location(request.param, request, tmp_path)) as opened:
        yield opened


def test_a_new_store_is_at_the_latest_schema(store: Store) -> None:
    assert store.schema_version == len(MIGRATIONS)
    if store.path is not None:
        assert store.db.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_migrations_apply_in_order_and_only_once(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    Store.open(path).close()
    later = (*MIGRATIONS, "CREATE TABLE extra (x INTEGER)", "INSERT INTO extra VALUES (7)")
    with Store.open(path, later) as store:
        assert store.schema_version == len(MIGRATIONS) + 2
        assert store.db.execute("SELECT x FROM extra").fetchall() == [(7,)]
    with Store.open(path, later) as store:  # nothing left to apply: the row is not inserted twice
        assert store.db.execute("SELECT x FROM extra").fetchall() == [(7,)]


def test_a_failing_migration_leaves_the_store_at_the_previous_version(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    Store.open(path).close()
    with pytest.raises(StoreError):
        Store.open(path, (*MIGRATIONS, "CREATE TABLE extra (x INTEGER); NOT SQL"))
    with Store.open(path) as store:
        assert store.schema_version == len(MIGRATIONS)
        assert not store.db.execute("SELECT name FROM sqlite_master WHERE name = 'extra'").fetchall()


def test_ingesting_the_same_file_twice_is_a_no_op(store: Store) -> None:
    new_run(store)
    python = suite("python")
    path = TESTDATA / "python" / "python.json"
    assert ingest_file(store, "R1", "python", path, python.files[0].parse)
    counts = row_counts(store)
    assert not ingest_file(store, "R1", "python", path, python.files[0].parse)
    assert row_counts(store) == counts
    # Through a whole suite folder: only the extras and the catalog are new.
    outcome = ingest_suite(store, "R1", python, TESTDATA / "python")
    new = [TESTDATA / "python" / name for name in ("python-extra.json", "python-cases.json")]
    assert outcome.duplicates == [path] and outcome.ingested == new
    counts = row_counts(store)
    again = ingest_suite(store, "R1", python, TESTDATA / "python")
    assert len(again.duplicates) == 3 and not again.ingested and not again.errors
    assert row_counts(store) == counts


def test_the_same_bytes_in_another_run_belong_to_that_run_too(store: Store) -> None:
    # Case catalogs are often byte-identical from run to run; each run needs its own.
    for run_id in ("R1", "R2"):
        new_run(store, run_id)
        assert not ingest_suite(store, run_id, suite("cpp"), TESTDATA / "cpp").errors
        assert store.counts(run_id) == expected_counts("cpp")


def test_discarding_a_suite_removes_only_that_suite(store: Store) -> None:
    new_run(store)
    ingest_testdata(store, "R1")
    store.discard_suite("R1", "dotnet")
    assert store.counts("R1") == expected_counts("python", "cpp", "mono")
    langs = {lang for (lang,) in store.db.execute("SELECT DISTINCT lang FROM native_files")}
    assert langs == {"python", "cpp", "mono"}
    scopes = {scope for (scope,) in store.db.execute("SELECT DISTINCT scope FROM run_metadata")}
    assert "dotnet" not in scopes
    # Its files can come back (their hashes are forgotten with them).
    ingest_suite(store, "R1", suite("dotnet"), TESTDATA / "dotnet")
    assert store.counts("R1") == expected_counts(*catalog.LANGUAGES)


def test_runs_are_found_by_id_prefix_latest_and_previous(store: Store) -> None:
    for run_id in ("20260101T000000Z", "20260102T000000Z", "20260102T120000Z"):
        new_run(store, run_id)
    assert store.resolve_run("latest").id == "20260102T120000Z"
    assert store.resolve_run("previous").id == "20260102T000000Z"
    assert store.resolve_run("20260101").id == "20260101T000000Z"
    with pytest.raises(StoreError, match="2 runs matching '20260102'"):
        store.resolve_run("20260102")
    with pytest.raises(StoreError, match="no run matching 'x'"):
        store.resolve_run("x")


def test_an_incomplete_run_is_found_only_with_the_same_arguments(store: Store) -> None:
    new_run(store, "A")
    selection = {"langs": sorted(catalog.LANGUAGES)}
    found = store.incomplete_run("quick", selection, MACHINE.fingerprint, "abc123")
    assert found is not None and found.id == "A"
    assert store.incomplete_run("full", selection, MACHINE.fingerprint, "abc123") is None
    assert store.incomplete_run("quick", {"langs": ["cpp"]}, MACHINE.fingerprint, "abc123") is None
    # Another version of the code starts a run of its own.
    assert store.incomplete_run("quick", selection, MACHINE.fingerprint, "def456") is None
    store.finish_run("A")
    assert store.incomplete_run("quick", selection, MACHINE.fingerprint, "abc123") is None


def test_machine_fingerprint_ignores_small_memory_differences() -> None:
    from dataclasses import replace

    assert replace(MACHINE, memory_bytes=MACHINE.memory_bytes - 2**20).fingerprint == MACHINE.fingerprint
    assert replace(MACHINE, cores=4).fingerprint != MACHINE.fingerprint


def test_last_duration_prefers_a_run_with_the_same_filters(store: Store) -> None:
    everything = {"langs": ["cpp"], "library": None, "dataset": None}
    one_library = {"langs": ["cpp"], "library": "protobuf", "dataset": None}
    for run_id, chosen, seconds in (("R1", everything, 600.0), ("R2", one_library, 20.0)):
        store.create_run(run_id, "standard", chosen, "abc", MACHINE, {})
        store.set_suite(run_id, "cpp", "Google Benchmark", "ok", seconds=seconds)
    store.create_run("R3", "standard", everything, "abc", MACHINE, {})
    store.set_suite("R3", "cpp", "Google Benchmark", "failed", seconds=1.0)
    assert store.last_duration("cpp", "standard", filters_key(everything)) == 600.0
    assert store.last_duration("cpp", "standard", filters_key(one_library)) == 20.0
    assert store.last_duration("cpp", "standard") == 20.0  # the latest, whatever its filters
    assert store.last_duration("cpp", "quick") is None
    one_dataset = filters_key({"langs": ["cpp"], "library": None, "dataset": "user"})
    assert store.last_duration("cpp", "standard", one_dataset) == 20.0
    assert store.last_suite_time("cpp", "standard", one_dataset) is None  # these filters only
    assert store.last_suite_time("cpp", "standard", filters_key(everything)) == (600.0, None)


def test_bulk_rows_keep_text_nulls_and_doubles_exactly(store: Store) -> None:
    new_run(store)
    text = "a\tb\\c\nd\re \\N"
    with store.transaction() as db:
        db.insert_rows("run_metadata", ("run_id", "scope", "key", "value"), [("R1", "x", "k", text)])
        db.insert_rows(
            "run_suites",
            ("run_id", "lang", "harness", "status", "reason", "seconds"),
            [("R1", "cpp", "h", "ok", "", 0.1 + 0.2), ("R1", "python", "h", "ok", "", None)],
        )
    assert store.db.execute("SELECT value FROM run_metadata WHERE scope = 'x'").fetchone() == (text,)
    assert store.suites("R1") == {"cpp": ("ok", "", 0.1 + 0.2), "python": ("ok", "", None)}


def test_single_call_cases_timed_one_call_in_every_sample(store: Store) -> None:
    new_run(store)
    ops: dict[str, list[int | None]] = {
        "encode": [1, 1], "decode": [1, 8], "roundtrip": [1, None], "access_full": [64, 64]
    }  # fmt: skip
    cases = {
        op: parse_case_id(f"dataset=user/size=1/op={op}/format=json/lib=msgspec", "python") for op in ops
    }
    results = [
        CaseResult(cases[op], [Sample(SampleKind.MEASURE, 10.0, n, r) for r, n in enumerate(counts)])
        for op, counts in ops.items()
    ]
    store.add_file(StoredFile("R1", "python", Path("/R1.json"), "f" * 64, 0), NativeFile("t", "1", results))
    # The second round's loop of 8 calls, or a count the harness did not say, is not one call.
    assert store.single_call_cases("R1") == {cases["encode"]}


def test_a_metric_of_every_case_that_recorded_it(store: Store) -> None:
    new_run(store)
    ids = [f"dataset=user/size={n}/op=encode/format=json/lib=msgspec" for n in (1, 2)]
    cases = [parse_case_id(i, "python") for i in ids]
    results = [CaseResult(c, [Sample(SampleKind.MEASURE, 10.0, 1, 0)]) for c in cases]
    store.add_file(StoredFile("R1", "python", Path("/R1.json"), "f" * 64, 0), NativeFile("t", "1", results))
    store.add_metrics("R1", {cases[0]: {"wire_bytes": 120.0, "wire_zstd3_bytes": 80.0}})
    assert store.metric("R1", "wire_bytes") == {cases[0]: 120.0}
    assert store.metric("R1", "peak_heap_bytes") == {}
