from pathlib import Path

from runner.docs import snapshot
from runner.docs.store_snapshot import read_run
from runner.store import Store
from runner.tests.support import ingest_testdata, new_run


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
    assert {(c.lang, c.lib, c.op, c.dataset, c.size) for c in data.cases} == {
        (i.lang, i.lib, i.op, i.dataset, i.size) for i in measured
    }
    for case in data.cases:
        assert sorted(case.samples_ns) == sorted(next(v for i, v in measured.items() if i.lang == case.lang
            and i.lib == case.lib and i.op == case.op and i.dataset == case.dataset and i.size == case.size
            and i.format == case.format and i.variant == case.variant))
    assert data.run.id == "R1" and data.run.profile == "quick"
    assert data.machine.cpu_model == "Test CPU 3000"
    assert {s.lang for s in data.suites} <= {"python", "dotnet", "cpp"}


def test_written_snapshot_reads_back_equal(tmp_path: Path) -> None:
    data = read_run(_store_with_run(tmp_path), "R1")
    snapshot.write(data, tmp_path / "s.jsonl.gz")
    assert snapshot.read(tmp_path / "s.jsonl.gz") == data
