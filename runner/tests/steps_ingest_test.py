"""The files beside the suites' harness files: the interop matrix, the robustness driver's
file, python-extra.json, and the catalog's check that measured cases really were."""

import json
import shutil
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from runner.caseid import parse_case_id
from runner.ingest.load import ingest_file, ingest_suite
from runner.records import IngestError
from runner.store import Store
from runner.suites import suite
from runner.tests.support import TESTDATA, metrics_of, new_run, row_counts

INTEROP = TESTDATA / "interop" / "interop.json"
ROBUSTNESS = TESTDATA / "robustness" / "robustness.json"
EXTRAS = TESTDATA / "python" / "python-extra.json"
Edit = Callable[[dict[str, object]], None]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path / "s.sqlite") as opened:
        new_run(opened)
        yield opened


def _ingest(store: Store, step: str, path: Path) -> bool:
    return ingest_file(store, "R1", step, path, suite(step).files[0].parse)


def _json(path: Path) -> dict[str, Any]:
    document = json.loads(path.read_text())
    assert isinstance(document, dict)
    return document


def _edited(tmp_path: Path, source: Path, edit: Edit) -> Path:
    """source's folder copied (repro files included) with source's JSON edited."""
    folder = tmp_path / "edited"
    shutil.copytree(source.parent, folder)
    document = _json(source)
    edit(document)
    (folder / source.name).write_text(json.dumps(document))
    return folder / source.name


def _refused(store: Store, step: str, path: Path, problem: str) -> None:
    before = row_counts(store)
    with pytest.raises(IngestError) as raised:
        _ingest(store, step, path)
    assert str(path) in str(raised.value) and problem in str(raised.value)
    assert row_counts(store) == before


def _first(key: str, edit: Callable[[dict[str, object]], None]) -> Edit:
    def apply(document: dict[str, object]) -> None:
        rows = document[key]
        assert isinstance(rows, list)
        edit(rows[0])

    return apply


# Interop matrix -------------------------------------------------------------


def test_interop_cells_are_stored_as_the_matrix_wrote_them(store: Store) -> None:
    assert _ingest(store, "interop", INTEROP)
    cells = _json(INTEROP)["cells"]
    assert isinstance(cells, list)
    rows = store.db.execute(
        "SELECT producer, consumer, format, dataset, size, status, comparison, message FROM interop_cells"
    ).fetchall()
    assert sorted(rows) == sorted(
        tuple(
            c[k]
            for k in ("producer", "consumer", "format", "dataset", "size", "status", "comparison", "message")
        )
        for c in cells
    )
    assert dict(Counter(r[5] for r in rows)) == {k: v for k, v in _json(INTEROP)["counts"].items() if v}
    counts = row_counts(store)
    assert not _ingest(store, "interop", INTEROP)  # the same bytes again: a no-op
    assert row_counts(store) == counts


def test_a_second_matrix_for_the_same_run_is_refused_whole(store: Store, tmp_path: Path) -> None:
    assert _ingest(store, "interop", INTEROP)
    again = tmp_path / "interop.json"
    again.write_text(json.dumps(_json(INTEROP)))  # same cells, other bytes
    _refused(store, "interop", again, "interop_cells: rows already in run R1")


INTEROP_PROBLEMS: dict[str, tuple[Edit, str]] = {
    "schema": (lambda d: d.update(schema="serbench-interop/9"), "unknown interop file schema"),
    "status": (_first("cells", lambda c: c.update(status="maybe")), "status 'maybe'"),
    "counts": (lambda d: d.update(counts={"ok": 1}), "counts disagree with the cells"),
    "size": (_first("cells", lambda c: c.update(size="1")), "cells[0].size: expected float, got str"),
}


@pytest.mark.parametrize("problem", sorted(INTEROP_PROBLEMS))
def test_a_bad_interop_file_is_refused(store: Store, tmp_path: Path, problem: str) -> None:
    edit, message = INTEROP_PROBLEMS[problem]
    _refused(store, "interop", _edited(tmp_path, INTEROP, edit), message)


@pytest.mark.parametrize("source", [INTEROP, ROBUSTNESS], ids=["interop", "robustness"])
def test_a_truncated_step_file_is_refused(store: Store, tmp_path: Path, source: Path) -> None:
    path = _edited(tmp_path, source, lambda _: None)
    path.write_text(path.read_text()[:-40])
    _refused(store, "interop" if source == INTEROP else "robustness", path, "truncated JSON")


# Robustness -----------------------------------------------------------------


def test_robustness_results_decoders_and_repro_are_stored(store: Store) -> None:
    assert _ingest(store, "robustness", ROBUSTNESS)
    document = _json(ROBUSTNESS)
    results = document["results"]
    assert isinstance(results, list)
    stored = store.db.execute(
        "SELECT lang, lib, variant, format, input, outcome, ns FROM robustness_results"
    ).fetchall()
    assert sorted(stored) == sorted(
        (r["lang"], r["lib"], r["variant"] or "", r["format"], r["input"], r["outcome"], r["ns"])
        for r in results
    )
    assert {row[5] for row in stored} == {
        "clean_error", "accepted_equal", "accepted_different", "crash", "hang", "memory_blowup"
    }  # fmt: skip
    (name, inputs, per_format, timeout) = store.db.execute(
        "SELECT corpus_name, inputs, per_format, timeout_s FROM robustness_runs WHERE run_id = 'R1'"
    ).fetchone()
    assert (name, inputs, timeout) == ("smoke", 8, 5.0)
    assert json.loads(per_format) == document["corpus"]["per_format"]
    assert store.db.execute("SELECT COUNT(*) FROM robustness_decoders").fetchone() == (5,)
    for outcome, path, sha in store.db.execute("SELECT outcome, path, sha256 FROM robustness_repro"):
        assert Path(path).is_absolute() and Path(path).is_file() and outcome in ("crash", "hang")
        assert len(sha) == 64
    counts = row_counts(store)
    assert not _ingest(store, "robustness", ROBUSTNESS)
    assert row_counts(store) == counts


def test_a_decoders_inputs_not_sent_are_stored(store: Store, tmp_path: Path) -> None:
    # The testdata predates not_fed: its decoders store {}; one given counts keeps them.
    path = _edited(tmp_path, ROBUSTNESS, _first("decoders", lambda d: d.update(not_fed={"game": 3})))
    assert _ingest(store, "robustness", path)
    stored = dict(store.db.execute("SELECT lib, not_fed FROM robustness_decoders").fetchall())
    assert json.loads(stored.pop("msgspec")) == {"game": 3} and set(stored.values()) == {"{}"}


def test_discarding_the_robustness_step_removes_all_its_rows(store: Store) -> None:
    before = row_counts(store)
    assert _ingest(store, "robustness", ROBUSTNESS) and _ingest(store, "interop", INTEROP)
    store.discard_suite("R1", "robustness")
    store.discard_suite("R1", "interop")
    assert row_counts(store) == before


def _repro_sha(value: str) -> Edit:
    return _first("repro", lambda r: r.update(sha256=value))


ROBUSTNESS_PROBLEMS: dict[str, tuple[Edit, str]] = {
    "schema": (lambda d: d.update(schema="serbench-robustness/2"), "unknown robustness file schema"),
    "outcome": (_first("results", lambda r: r.update(outcome="segfault")), "'segfault' is not one of"),
    "decoder": (_first("results", lambda r: r.update(lib="nobody")), "names a decoder not listed"),
    "repro_sha": (_repro_sha("0" * 64), "does not have sha256"),
    "repro_missing": (_first("repro", lambda r: r.update(file="robustness-repro/gone.bin")), "is missing"),
    "repro_outside": (_first("repro", lambda r: r.update(file="../../etc/passwd")), "is missing"),
    "ns": (_first("results", lambda r: r.update(ns=1.5)), "expected an integer"),
}


@pytest.mark.parametrize("problem", sorted(ROBUSTNESS_PROBLEMS))
def test_a_bad_robustness_file_is_refused(store: Store, tmp_path: Path, problem: str) -> None:
    edit, message = ROBUSTNESS_PROBLEMS[problem]
    _refused(store, "robustness", _edited(tmp_path, ROBUSTNESS, edit), message)


# python-extra.json ----------------------------------------------------------


def test_python_extras_are_results_with_one_metric_and_no_samples(store: Store) -> None:
    native = suite("python").files[1].parse(EXTRAS, "python")
    assert ingest_file(store, "R1", "python", EXTRAS, suite("python").files[1].parse)
    expected = {e["id"]: e["value"] for e in _json(EXTRAS)["metrics"]}
    assert len(native.results) == len(expected) == 2
    for result in native.results:
        metric = {"installed_size": "installed_size_bytes", "peak_memory": "peak_memory_bytes"}
        assert metrics_of(store, "R1", result.identity) == {
            metric[result.identity.op]: expected[result.identity.case_id]
        }
    assert store.db.execute("SELECT COUNT(*) FROM samples").fetchone() == (0,)


def test_a_python_extra_that_failed_is_a_failed_case(store: Store, tmp_path: Path) -> None:
    def fail(entry: dict[str, object]) -> None:
        del entry["value"]
        entry["error"] = ["MemoryError"]

    path = _edited(tmp_path, EXTRAS, _first("metrics", fail))
    assert ingest_file(store, "R1", "python", path, suite("python").files[1].parse)
    assert store.db.execute("SELECT outcome, reason, op FROM unmeasured").fetchall() == [
        ("failed", "MemoryError", "installed_size")
    ]


@pytest.mark.parametrize(
    ("edit", "problem"),
    [
        (_first("metrics", lambda e: e.update(unit="KiB")), "unit 'KiB', expected 'byte'"),
        (
            _first("metrics", lambda e: e.update(id="dataset=none/size=1/op=import/format=python/lib=x")),
            "unknown op",
        ),
        (lambda d: d.update(lang="cpp"), "extras of lang 'cpp'"),
    ],
    ids=["unit", "op", "lang"],
)
def test_a_bad_python_extra_is_refused(store: Store, tmp_path: Path, edit: Edit, problem: str) -> None:
    before = row_counts(store)
    with pytest.raises(IngestError, match=problem):
        ingest_file(store, "R1", "python", _edited(tmp_path, EXTRAS, edit), suite("python").files[1].parse)
    assert row_counts(store) == before


# Catalog: measured means measured ------------------------------------------


def _python_dir(tmp_path: Path, edit: Callable[[Path], object]) -> Path:
    folder = tmp_path / "python"
    shutil.copytree(TESTDATA / "python", folder)
    edit(folder / "python.json")
    return folder


def _failed(store: Store) -> list[tuple[str, str]]:
    rows = store.db.execute("SELECT op, reason FROM unmeasured WHERE outcome = 'failed' ORDER BY id")
    return [(str(op), str(reason)) for op, reason in rows]


def test_a_case_the_catalog_says_was_measured_but_is_missing_becomes_failed(
    store: Store, tmp_path: Path
) -> None:
    dropped: list[str] = []

    def drop_last(path: Path) -> None:
        document = _json(path)
        benchmarks = document["benchmarks"]
        assert isinstance(benchmarks, list)
        dropped.append(benchmarks.pop()["metadata"]["name"])
        path.write_text(json.dumps(document))

    outcome = ingest_suite(store, "R1", suite("python"), _python_dir(tmp_path, drop_last))
    assert not outcome.errors
    (case,) = [parse_case_id(name, "python") for name in dropped]
    assert _failed(store) == [(case.op, "catalog says measured but python.json has no samples")]
    assert store.counts("R1")["failed"] == 1


def test_when_the_harness_file_is_refused_every_measured_case_is_failed(store: Store, tmp_path: Path) -> None:
    outcome = ingest_suite(store, "R1", suite("python"), _python_dir(tmp_path, lambda p: p.write_text("{")))
    assert len(outcome.errors) == 1 and "truncated JSON" in outcome.errors[0]
    catalog = _json(TESTDATA / "python" / "python-cases.json")["cases"]
    assert isinstance(catalog, list)
    assert len(_failed(store)) == sum(c["status"] == "measured" for c in catalog) == 32
