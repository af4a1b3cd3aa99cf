"""The history pages: written from a store with more than one run of a class, or carried over
from the report published before; never without either."""

import dataclasses
import functools
import json
from pathlib import Path

import pytest

from runner.caseid import CaseIdentity
from runner.docs import generate, history, snapshot
from runner.docs.results import Results
from runner.docs.tests.site import build_strict
from runner.docs.tests.synthetic import snapshot as synthetic
from runner.ingest.calibration_json import COLUMNS
from runner.machine import Machine, machine_class
from runner.records import CaseResult, NativeFile, Sample, SampleKind, TableRows
from runner.store import Store, StoredFile

MACHINE = Machine("Test CPU 3000", 2, 8 * 2**30, "Debian GNU/Linux 12 (bookworm)", "x86_64")
LONE = Machine("Lone CPU", 64, 256 * 2**30, "Debian GNU/Linux 12 (bookworm)", "x86_64")
# Run-to-run noise of about 1%; the first selected case slows down by 30% from run 5 on,
# and run 7's calibration by 20%.
NOISE = (1.0, 1.012, 0.991, 1.004, 0.995, 1.008, 0.989, 1.01, 0.997, 1.006)
STEP_RUN, FLAGGED_RUN = 5, 7
KIND = machine_class(MACHINE, {}).id


@functools.cache
def _selected() -> list[CaseIdentity]:
    return history.selected_cases(Results(synthetic()), {})


def _samples(case: CaseIdentity, index: int) -> list[Sample]:
    step = 1.3 if case == _selected()[0] and index >= STEP_RUN else 1.0
    return [Sample(SampleKind.MEASURE, 1000.0 * NOISE[index] * step * (1 + i / 1e4), 1) for i in range(10)]


def _run(store: Store, index: int, machine: Machine = MACHINE, calibration: float = 1.0) -> None:
    run_id = f"R{index:02}" if machine == MACHINE else "LONE"
    started = f"2026-01-{index + 1:02}T00:00:00Z"
    store.create_run(run_id, synthetic().run.profile, {}, f"{index:040x}", machine, {}, started_at=started)
    results = [CaseResult(case, _samples(case, index), "1", None, {}) for case in _selected()]
    memcpy = 40_000.0 * calibration * (1.2 if index == FLAGGED_RUN else NOISE[index])
    rows: list[tuple[object, ...]] = [("cpp", when, "memcpy_1mib", memcpy, 21) for when in ("start", "end")]
    native = NativeFile("test", "1", results, tables=[TableRows("calibrations", COLUMNS, rows)])
    store.add_file(StoredFile(run_id, "cpp", Path(f"/{run_id}.json"), run_id.ljust(64, "0"), 1), native)
    store.finish_run(run_id)


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A published folder: the synthetic snapshot, and the history of a store holding ten
    runs of one class and one run of another."""
    folder = tmp_path_factory.mktemp("published")
    location = str(folder / "store.sqlite")
    with Store.open(location) as store:
        for index in range(len(NOISE)):
            _run(store, index)
        _run(store, 0, LONE)
    snapshot.write(synthetic(), folder / snapshot.DEFAULT_NAME)
    assert history.publish(location, synthetic(), folder) == 1
    return folder


@pytest.fixture(scope="module")
def docs(published: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("docs")
    generate.generate(published / snapshot.DEFAULT_NAME, out)
    return out


def test_the_selection_is_the_landing_pages_recommended_libraries() -> None:
    cases = _selected()
    assert cases and {(c.dataset, c.size) for c in cases} == {("order", 100)}
    assert {c.lang for c in cases} == {"python", "dotnet", "cpp"}


def test_one_page_per_class_with_more_than_one_run(docs: Path) -> None:
    assert sorted(p.name for p in (docs / "history").iterdir()) == [f"{KIND}.md"]
    charts = sorted((docs / "charts" / "history" / KIND).iterdir())
    assert len(charts) == len(_selected())
    assert "History" in (docs / generate.SITE).read_text()


def test_the_page_marks_the_step_and_the_flagged_run(docs: Path) -> None:
    page = (docs / "history" / f"{KIND}.md").read_text()
    assert f"{len(NOISE)} complete quick runs of this machine class" in page
    assert page.count("Steps above the noise: from run `R05` +30") == 1
    # The step's chart is open; the others are collapsed under one heading.
    quiet = len(_selected()) - 1
    assert f"{quiet} cases, each chart one click away" in page
    assert page.count("<details") == quiet and page.index("`R05` +30") < page.index("<details")
    assert f"| `R{FLAGGED_RUN:02}` |" in page and "cpp memcpy_1mib +19" in page
    first = f"charts/history/{KIND}/0.svg"
    assert f"](../{first})" in page
    chart = (docs / first).read_text()
    assert 'stroke-dasharray="4 3"' in chart and ">+30" in chart
    assert chart.count('fill="#ffffff" stroke="#e67e22"') == 1  # the flagged run, hollow


def test_the_pages_build(docs: Path, tmp_path: Path) -> None:
    built = build_strict(docs, tmp_path)
    assert built.returncode == 0, built.stderr


def test_no_report_without_a_class_of_two_runs(tmp_path: Path) -> None:
    location = str(tmp_path / "store.sqlite")
    with Store.open(location) as store:
        _run(store, 0)
    assert history.publish(location, synthetic(), tmp_path) == 0
    assert not (tmp_path / history.NAME).exists()
    assert history.pages(history.load(tmp_path)) == []


def test_a_store_of_one_run_keeps_the_published_history(published: Path, tmp_path: Path) -> None:
    # Publishing from a fresh machine's store must not delete what earlier runs charted.
    before = json.loads((published / history.NAME).read_text())
    (tmp_path / history.NAME).write_text(json.dumps(before))
    location = str(tmp_path / "store.sqlite")
    with Store.open(location) as store:
        _run(store, 0, LONE)
    assert history.publish(location, synthetic(), tmp_path) == 1
    assert json.loads((tmp_path / history.NAME).read_text())["classes"] == before["classes"]


def test_a_report_of_another_profile_is_dropped(published: Path, tmp_path: Path) -> None:
    before = json.loads((published / history.NAME).read_text()) | {"profile": "full"}
    (tmp_path / history.NAME).write_text(json.dumps(before))
    location = str(tmp_path / "store.sqlite")
    with Store.open(location) as store:
        _run(store, 0)
    assert history.publish(location, synthetic(), tmp_path) == 0
    assert not (tmp_path / history.NAME).exists()


def test_runs_after_the_published_one_are_left_out(tmp_path: Path) -> None:
    # The repeatability pair is taken after the run it reports on: not part of its history.
    location = str(tmp_path / "store.sqlite")
    with Store.open(location) as store:
        for index in range(4):
            _run(store, index)
    data = synthetic()
    second = dataclasses.replace(data, run=dataclasses.replace(data.run, id="R01"))
    assert history.publish(location, second, tmp_path) == 1
    [kind] = json.loads((tmp_path / history.NAME).read_text())["classes"]
    assert [run["id"] for run in kind["runs"]] == ["R00", "R01"]
    assert {point[0] for series in kind["series"] for point in series["points"]} == {"R00", "R01"}


def test_later_runs_do_not_move_the_calibration_noise(tmp_path: Path) -> None:
    # Six later runs calibrated 1.5x slower would put the class's centre there and mark the
    # published run and the two before it as moved.
    location = str(tmp_path / "store.sqlite")
    with Store.open(location) as store:
        for index in range(9):
            _run(store, index, calibration=1.0 if index < 3 else 1.5)
    data = synthetic()
    third = dataclasses.replace(data, run=dataclasses.replace(data.run, id="R02"))
    assert history.publish(location, third, tmp_path) == 1
    [kind] = json.loads((tmp_path / history.NAME).read_text())["classes"]
    assert [(run["id"], run["calibration"]) for run in kind["runs"]] == [(f"R0{i}", []) for i in range(3)]


def test_a_malformed_report_is_an_error_naming_it(tmp_path: Path) -> None:
    (tmp_path / history.NAME).write_text('{"version": 99}')
    with pytest.raises(ValueError, match=f"{history.NAME}: not a history report"):
        history.load(tmp_path)
