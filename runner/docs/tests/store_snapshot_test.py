import json
from pathlib import Path

from runner.docs import snapshot
from runner.docs.store_snapshot import read_run
from runner.ingest.load import ingest_file
from runner.store import Store
from runner.suites import suite
from runner.tests.support import TESTDATA, ingest_testdata, new_run
from schemas.catalog import catalog


def _store_with_run(tmp_path: Path) -> Path:
    path = tmp_path / "store.sqlite"
    with Store.open(path) as store:
        run_id = new_run(store)
        ingest_testdata(store, run_id)
        store.finish_run(run_id)
    return path


def test_every_case_and_unmeasured_entry_of_the_run(tmp_path: Path) -> None:
    path = _store_with_run(tmp_path)
    data = read_run(path, "latest")
    with Store.open(path) as store:
        counts = store.counts("R1")
        measured = store.measured("R1")
    assert len(data.cases) == counts["measured"]
    assert len(data.unmeasured) == counts["failed"] + counts["not_applicable"]
    timed = [c for c in data.cases if c.samples_ns]
    assert {(c.lang, c.lib, c.op, c.dataset, c.size) for c in timed} == {
        (i.lang, i.lib, i.op, i.dataset, i.size) for i in measured
    }
    # The rest are metric-only results (the Python suite's installed size, peak memory).
    assert all(c.metrics for c in data.cases if not c.samples_ns)
    for case in timed:
        assert sorted(case.samples_ns) == sorted(
            next(
                v
                for i, v in measured.items()
                if i.lang == case.lang
                and i.lib == case.lib
                and i.op == case.op
                and i.dataset == case.dataset
                and i.size == case.size
                and i.format == case.format
                and i.variant == case.variant
            )
        )
    assert data.run.id == "R1" and data.run.profile == "quick"
    assert data.machine.cpu_model == "Test CPU 3000"
    assert {s.lang for s in data.suites} <= set(catalog.LANGUAGES)


def test_written_snapshot_reads_back_equal(tmp_path: Path) -> None:
    data = read_run(_store_with_run(tmp_path), "R1")
    snapshot.write(data, tmp_path / "s.jsonl.gz")
    assert snapshot.read(tmp_path / "s.jsonl.gz") == data


# (input, mutation, outcome, ns) of one decoder, cpp flatbuffers/noverify.
_RESULTS = (
    ("fb-1", "none", "accepted_equal", 50),
    ("fb-2", "bitflip", "clean_error", 100),
    ("fb-3", "bitflip", "clean_error", 300),
    ("fb-4", "bitflip", "crash", None),
    ("fb-5", "truncate", "clean_error", 40),
)


def _insert(store: Store, table: str, **values: object) -> None:
    names = ", ".join(values)
    store.db.execute(
        f"INSERT INTO {table} ({names}) VALUES ({', '.join('?' * len(values))})", tuple(values.values())
    )


def _store_with_checks(tmp_path: Path) -> Path:
    path = _store_with_run(tmp_path)
    with Store.open(path) as store:
        file_id = store.db.execute("SELECT MIN(id) FROM native_files").fetchone()[0]
        decoder = {
            "run_id": "R1",
            "file_id": file_id,
            "lang": "cpp",
            "lib": "flatbuffers",
            "variant": "noverify",
            "format": "flatbuffers",
        }
        with store.transaction():
            _insert(
                store,
                "interop_cells",
                run_id="R1",
                file_id=file_id,
                producer="python",
                consumer="cpp",
                format="json",
                dataset="user",
                size=100,
                status="failed",
                comparison="every field",
                message="age differs",
            )
            _insert(
                store,
                "robustness_runs",
                run_id="R1",
                file_id=file_id,
                corpus_name="smoke",
                seed=1,
                manifest_sha256="ab",
                inputs=5,
                per_format='{"flatbuffers": 5}',
                not_applicable='{"flatbuffers": {"duplicate_key": "no keys"}}',
                timeout_s=5.0,
                memory_mib=2048,
            )
            _insert(
                store,
                "robustness_decoders",
                **decoder,
                version="25.12.19",
                schemaless=0,
                not_fed='{"game": 7}',
            )
            for input_id, mutation, outcome, ns in _RESULTS:
                _insert(
                    store,
                    "robustness_results",
                    **decoder,
                    input=input_id,
                    dataset="user",
                    size=1,
                    mutation=mutation,
                    expect="fixture",
                    outcome=outcome,
                    detail=f"{outcome} detail",
                    ns=ns,
                )
            _insert(
                store,
                "robustness_repro",
                **decoder,
                input="fb-4",
                outcome="crash",
                sha256="cd",
                path="results/raw/R1/robustness-repro/fb-4.bin",
            )
    return path


def test_interop_and_robustness_are_read_and_aggregated(tmp_path: Path) -> None:
    data = read_run(_store_with_checks(tmp_path), "R1")
    (cell,) = data.interop
    assert (cell.producer, cell.consumer, cell.status) == ("python", "cpp", "failed")
    assert cell.message == "age differs"
    assert data.robustness_corpus is not None
    assert data.robustness_corpus.not_applicable == {"flatbuffers": {"duplicate_key": "no keys"}}
    (decoder,) = data.robustness
    assert decoder.outcomes == {
        "none": {"accepted_equal": 1},
        "bitflip": {"clean_error": 2, "crash": 1},
        "truncate": {"clean_error": 1},
    }
    assert decoder.reject_ns == {"bitflip": 200.0, "truncate": 40.0}
    assert decoder.reject_ns_all == 100.0 and decoder.inputs == 5 and decoder.total("clean_error") == 3
    assert decoder.not_fed == {"game": 7}
    (repro,) = data.robustness_repro
    assert (repro.input, repro.mutation, repro.detail) == ("fb-4", "bitflip", "crash detail")
    snapshot.write(data, tmp_path / "s.jsonl.gz")
    assert snapshot.read(tmp_path / "s.jsonl.gz") == data


def test_each_library_home_its_catalog_declares_reaches_the_snapshot(tmp_path: Path) -> None:
    path = _store_with_run(tmp_path)
    # The testdata's C++ and .NET catalogs declare protobuf's home, the Mono one its three
    # libraries'; the Python one predates homes.
    homes = {(h.lang, h.lib): h.home for h in read_run(path, "R1").libraries}
    assert homes == {
        ("cpp", "protobuf"): "https://protobuf.dev/",
        ("dotnet", "protobuf"): "https://protobuf.dev/",
        ("mono", "messagepack"): "https://github.com/MessagePack-CSharp/MessagePack-CSharp",
        ("mono", "protobuf_net"): "https://github.com/protobuf-net/protobuf-net",
        ("mono", "zeroformatter"): "https://github.com/neuecc/ZeroFormatter",
    }
    # A later catalog of the suite (a resumed run) names the library again: the latest wins.
    document = json.loads((TESTDATA / "cpp" / "cpp-cases.json").read_text())
    for library in document["libraries"]:
        library["home"] = "https://x/"
    later = tmp_path / "cpp-cases.json"
    later.write_text(json.dumps(document))
    with Store.open(path) as store:
        assert ingest_file(store, "R1", "cpp", later, suite("cpp").files[1].parse)
    assert {h.home for h in read_run(path, "R1").libraries if h.lang == "cpp"} == {"https://x/"}


def test_a_run_without_interop_or_robustness_has_none(tmp_path: Path) -> None:
    data = read_run(_store_with_run(tmp_path), "R1")
    assert data.interop == () and data.robustness == () and data.robustness_corpus is None


def _columns(store: Store, table: str) -> set[str]:
    return {str(row[1]) for row in store.db.execute(f"PRAGMA table_info({table})")}


def _with_schema_3_additions(store: Store) -> None:
    """The runner's schema-3 columns and tables, added where this store lacks them."""
    if "round" not in _columns(store, "samples"):
        store.db.execute("ALTER TABLE samples ADD COLUMN round INTEGER")
    if "lazy_reason" not in _columns(store, "cases"):
        store.db.execute("ALTER TABLE cases ADD COLUMN lazy_reason TEXT")
    store.db.execute(
        "CREATE TABLE IF NOT EXISTS case_flags (run_id TEXT, case_id INTEGER, flag TEXT, detail TEXT)"
    )
    store.db.execute(
        "CREATE TABLE IF NOT EXISTS calibrations (run_id TEXT, file_id INTEGER, lang TEXT, "
        "when_ TEXT, workload TEXT, ns REAL, n INTEGER)"
    )


def test_schema_3_additions_are_read_where_the_store_has_them(tmp_path: Path) -> None:
    """Rounds, lazy reasons, flags and calibrations (store schema 3)."""
    path = _store_with_run(tmp_path)
    with Store.open(path) as store, store.transaction():
        _with_schema_3_additions(store)
        store.db.execute("UPDATE samples SET round = seq")
        case_id = store.db.execute("SELECT MIN(id) FROM cases").fetchone()[0]
        store.db.execute("UPDATE cases SET lazy_reason = NULL")
        store.db.execute("UPDATE cases SET lazy_reason = 'a view' WHERE id = ?", (case_id,))
        store.db.execute("DELETE FROM case_flags")
        _insert(store, "case_flags", run_id="R1", case_id=case_id, flag="unstable", detail="1.4x")
        file_id = store.db.execute("SELECT MIN(id) FROM native_files").fetchone()[0]
        store.db.execute("DELETE FROM calibrations")
        _insert(
            store,
            "calibrations",
            run_id="R1",
            file_id=file_id,
            lang="cpp",
            when_="start",
            workload="cpu_loop",
            ns=9.0,
            n=5,
        )
    data = read_run(path, "R1")
    flagged = [c for c in data.cases if c.flags]
    assert [c.flags for c in flagged] == [(("unstable", "1.4x"),)]
    assert {c.lazy_reason for c in data.cases} == {"a view", ""}
    assert all(len(c.rounds) == len(c.samples_ns) for c in data.cases if c.samples_ns)
    assert [(k.lang, k.when, k.ns) for k in data.calibrations] == [("cpp", "start", 9.0)]
    snapshot.write(data, tmp_path / "s.jsonl.gz")
    assert snapshot.read(tmp_path / "s.jsonl.gz") == data


def test_a_store_without_the_additions_gives_no_rounds_or_lazy_classification(tmp_path: Path) -> None:
    path = _store_with_run(tmp_path)
    with Store.open(path) as store, store.transaction():
        _with_schema_3_additions(store)
        store.db.execute("ALTER TABLE samples DROP COLUMN round")
        store.db.execute("ALTER TABLE cases DROP COLUMN lazy_reason")
        store.db.execute("DROP TABLE case_flags")
        store.db.execute("DROP TABLE calibrations")
    data = read_run(path, "R1")
    assert all(c.rounds == () and c.lazy_reason is None and c.flags == () for c in data.cases)
    assert data.calibrations == ()
