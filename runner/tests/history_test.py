"""`runner history`: one machine class's series across commits, filtered."""

from pathlib import Path

import pytest

from runner import cli
from runner.caseid import CaseIdentity
from runner.ingest.native import CaseResult, NativeFile, Sample, SampleKind
from runner.machine import machine_class
from runner.store import Store, StoredFile
from runner.tests.support import MACHINE, OTHER_MACHINE, new_run

FAST = CaseIdentity("cpp", "protobuf", "protobuf", "decode", "user", 100)
SLOW = CaseIdentity("cpp", "json", "json", "decode", "user", 100)


def _run(store: Store, run_id: str, commit: str, scale: float, machine: object = MACHINE) -> None:
    new_run(store, run_id, machine)  # type: ignore[arg-type]
    store.db.execute("UPDATE runs SET git_commit = ? WHERE id = ?", (commit, run_id))
    results = [
        CaseResult(identity, [Sample(SampleKind.MEASURE, base * scale, 1) for _ in range(10)], "1", None, {})
        for identity, base in ((FAST, 1000.0), (SLOW, 5000.0))
    ]
    where = StoredFile(run_id, "cpp", Path(f"/raw/{run_id}.json"), run_id.ljust(64, "0"), 1)
    store.add_file(where, NativeFile("synthetic", "1", results))
    store.finish_run(run_id)


@pytest.fixture
def store_file(tmp_path: Path) -> str:
    path = str(tmp_path / "s.sqlite")
    with Store.open(path) as store:
        _run(store, "R1", "aaaa", 1.0)
        _run(store, "R2", "bbbb", 1.5)
        _run(store, "R3", "cccc", 9.0, OTHER_MACHINE)
    return path


def test_history_shows_one_class_across_commits(store_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    kind = machine_class(MACHINE, {}).id
    assert cli.main(["history", "--store", store_file, "--class", kind, "--library", "protobuf"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"machine class {kind}: cpu_model Test CPU 3000")
    assert str(FAST) in out and str(SLOW) not in out
    lines = [line for line in out.splitlines() if line.startswith("  ")]
    assert [line.split()[2:4] for line in lines] == [["aaaa", "R1"], ["bbbb", "R2"]]
    assert "1 us [1 us, 1 us] n=10" in lines[0] and "1.5 us [1.5 us, 1.5 us] n=10" in lines[1]
    assert out.rstrip().endswith("1 case(s), 2 run(s)")


def test_history_defaults_to_the_latest_runs_class(
    store_file: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["history", "--store", store_file, "--case", SLOW.case_id]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"machine class {machine_class(OTHER_MACHINE, {}).id}")
    assert " R3 " in out and " R1 " not in out and str(FAST) not in out


def test_no_match_is_an_error(store_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["history", "--store", store_file, "--dataset", "order"]) == 2
    assert "no measured case of machine class" in capsys.readouterr().err
