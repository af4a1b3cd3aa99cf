"""`runner history`: one machine class's series across commits, filtered."""

from pathlib import Path

import pytest

from runner import cli
from runner.caseid import CaseIdentity
from runner.history import calibration_moves
from runner.ingest.calibration_json import COLUMNS
from runner.machine import machine_class
from runner.records import CaseResult, NativeFile, Sample, SampleKind, TableRows
from runner.store import Store, StoredFile
from runner.tests.support import MACHINE, OTHER_MACHINE, new_run

FAST = CaseIdentity("cpp", "protobuf", "protobuf", "decode", "user", 100)
SLOW = CaseIdentity("cpp", "json", "json", "decode", "user", 100)


def _run(
    store: Store,
    run_id: str,
    commit: str,
    scale: float,
    machine: object = MACHINE,
    slow_scale: float | None = None,
) -> None:
    """A run of FAST (1 us x scale) and SLOW (5 us x slow_scale, default scale), 10 samples each
    spread by 0.1%."""
    new_run(store, run_id, machine)  # type: ignore[arg-type]
    store.db.execute("UPDATE runs SET git_commit = ? WHERE id = ?", (commit, run_id))
    scales = {FAST: scale, SLOW: scale if slow_scale is None else slow_scale}
    results = [
        CaseResult(
            identity,
            [Sample(SampleKind.MEASURE, base * scales[identity] * (1 + i / 1e4), 1) for i in range(10)],
            "1",
            None,
            {},
        )
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
    assert "1 us [1 us, 1.001 us] n=10" in lines[0] and "1.501 us [1.5 us, 1.501 us] n=10" in lines[1]
    assert out.rstrip().endswith("1 case(s), 2 run(s), 0 step(s) above the noise")


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


# A slowdown of FAST by 30% from the 6th of 10 runs, with a run-to-run noise of about 1%.
NOISE = (1.0, 1.012, 0.991, 1.004, 0.995, 1.008, 0.989, 1.01, 0.997, 1.006)


def _calibrate(store: Store, run_id: str, memcpy_ns: float) -> None:
    rows: list[tuple[object, ...]] = [
        ("cpp", when, "memcpy_1mib", memcpy_ns, 21) for when in ("start", "end")
    ]
    native = NativeFile("test", "1", tables=[TableRows("calibrations", COLUMNS, rows)])
    store.add_file(
        StoredFile(run_id, "cpp", Path(f"/{run_id}-cal.json"), run_id.ljust(63, "0") + "c", 0), native
    )


@pytest.fixture
def stepped(tmp_path: Path) -> str:
    path = str(tmp_path / "s.sqlite")
    with Store.open(path) as store:
        for index, noise in enumerate(NOISE):
            run_id = f"R{index:02}"
            _run(store, run_id, f"c{index}", noise * (1.3 if index >= 5 else 1.0), slow_scale=noise)
            _calibrate(store, run_id, 40_000.0 * (1.2 if index == 7 else noise))
    return path


def test_a_step_above_the_noise_is_marked_at_its_first_run(
    stepped: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["history", "--store", stepped, "--dataset", "user"]) == 0
    out = capsys.readouterr().out
    slow, fast = out.split(str(FAST))  # cases in the order of their ids: json before protobuf
    marked = [line.split()[3] for line in fast.splitlines() if "<< step" in line]
    assert marked == ["R05"]
    assert "<< step +30" in fast and "<< step" not in slow
    assert out.rstrip().endswith("2 case(s), 10 run(s), 1 step(s) above the noise")


def test_a_run_whose_calibration_moved_is_flagged(stepped: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["history", "--store", stepped, "--case", SLOW.case_id]) == 0
    out = capsys.readouterr().out
    assert "calibration moved beyond the class's noise in run R07: cpp memcpy_1mib +19" in out
    flagged = [
        line.split()[3] for line in out.splitlines() if "[calibration moved: cpp memcpy_1mib +19" in line
    ]
    assert flagged == ["R07"]


def test_calibration_needs_three_runs_and_a_move_beyond_the_noise() -> None:
    two = {"A": {("cpp", "cpu_loop"): [100.0, 100.0]}, "B": {("cpp", "cpu_loop"): [200.0, 200.0]}}
    assert calibration_moves(two) == {}
    steady = {f"R{i}": {("cpp", "cpu_loop"): [100.0 * (1 + i / 100)]} for i in range(4)}
    assert calibration_moves(steady) == {}  # within 5%, the tolerance runner compare flags
    moved = steady | {"R9": {("cpp", "cpu_loop"): [80.0, 82.0]}}
    (found,) = calibration_moves(moved)["R9"]
    assert found.change == pytest.approx(81 / 101 - 1) and found.noise == pytest.approx(0.05)


def test_a_malformed_case_id_is_a_usage_error(store_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["history", "--store", store_file, "--case", "dataset=user/op=decode"]) == 2
    assert "missing" in capsys.readouterr().err
