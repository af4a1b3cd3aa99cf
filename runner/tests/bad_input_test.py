"""Every kind of bad input gets a clear error naming the file and the problem,
and leaves nothing of that file in the store."""

import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from runner.ingest import Parser
from runner.ingest.load import ingest_file
from runner.records import IngestError
from runner.store import Store, StoreError
from runner.suites import suite
from runner.tests.support import TESTDATA, new_run, row_counts

Edit = Callable[[dict[str, object]], None]


def _parser(lang: str) -> Parser:
    return suite(lang).files[0].parse


# One real file per harness: language -> its path under testdata/<lang>/.
HARNESS_FILES = {
    "python": "python.json",
    "cpp": "cpp.json",
    "dotnet": "results/Serbench.Bench.CodecBenchmarks_GoogleProtobufLibrary_-report-full.json",
    "mono": "mono.json",
}


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store.open(tmp_path / "s.sqlite") as opened:
        new_run(opened)
        yield opened


def _copy(tmp_path: Path, lang: str) -> Path:
    """The real file copied into a suite folder layout, so side files are found as usual."""
    target = tmp_path / lang / HARNESS_FILES[lang]
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(TESTDATA / lang / HARNESS_FILES[lang], target)
    return target


def _edited(tmp_path: Path, lang: str, edit: Edit) -> Path:
    path = _copy(tmp_path, lang)
    document = json.loads(path.read_text())
    edit(document)
    path.write_text(json.dumps(document))
    return path


def _refused(store: Store, path: Path, lang: str, problem: str) -> None:
    before = row_counts(store)
    with pytest.raises(IngestError) as raised:
        ingest_file(store, "R1", lang, path, _parser(lang))
    assert raised.value.path == path
    assert str(path) in str(raised.value)
    assert problem in str(raised.value)
    assert row_counts(store) == before


def _set(container: str, key: str, value: object) -> Edit:
    def edit(document: dict[str, object]) -> None:
        section = document[container]
        assert isinstance(section, dict)
        section[key] = value

    return edit


UNKNOWN_VERSIONS: dict[str, tuple[Edit, str]] = {
    "python": (lambda d: d.update(version="9.0"), "unknown pyperf file version '9.0'"),
    "cpp": (_set("context", "library_version", "v2.0.0"), "unknown Google Benchmark version 'v2.0.0'"),
    "dotnet": (
        _set("HostEnvironmentInfo", "BenchmarkDotNetVersion", "1.2.0"),
        "unknown BenchmarkDotNet version '1.2.0'",
    ),
}


@pytest.mark.parametrize("lang", sorted(UNKNOWN_VERSIONS))
def test_unknown_harness_version(store: Store, tmp_path: Path, lang: str) -> None:
    edit, problem = UNKNOWN_VERSIONS[lang]
    _refused(store, _edited(tmp_path, lang, edit), lang, problem)


@pytest.mark.parametrize("lang", sorted(HARNESS_FILES))
def test_truncated_json(store: Store, tmp_path: Path, lang: str) -> None:
    path = _copy(tmp_path, lang)
    text = path.read_text()
    path.write_text(text[: len(text) // 2])
    _refused(store, path, lang, "truncated JSON")


def _rename_last_case(lang: str) -> Edit:
    """Gives the file's last case an unparseable name, so earlier cases parse fine first."""

    def edit(document: dict[str, object]) -> None:
        rows = document[{"dotnet": "Benchmarks", "mono": "cases"}.get(lang, "benchmarks")]
        assert isinstance(rows, list)
        last = rows[-1]
        if lang == "mono":
            last["id"] = "BM_Encode/3"
        elif lang == "python":
            last["metadata"]["name"] = "BM_Encode/3"
        elif lang == "cpp":
            for row in rows:
                if row["run_name"] == last["run_name"]:
                    row["name"] = row["run_name"] = "BM_Encode/3"
        else:
            last["MethodTitle"] = "Encode"

    return edit


@pytest.mark.parametrize("lang", sorted(HARNESS_FILES))
def test_unparseable_case_name_and_nothing_partial(store: Store, tmp_path: Path, lang: str) -> None:
    path = _edited(tmp_path, lang, _rename_last_case(lang))
    _refused(store, path, lang, "is not key=value")


def test_unknown_key_in_case_name(store: Store, tmp_path: Path) -> None:
    def edit(document: dict[str, object]) -> None:
        rows = document["benchmarks"]
        assert isinstance(rows, list)
        rows[0]["metadata"]["name"] += "/colour=red"

    _refused(store, _edited(tmp_path, "python", edit), "python", "unknown key 'colour'")


def test_a_case_already_in_the_run_rolls_the_whole_file_back(store: Store, tmp_path: Path) -> None:
    first = _copy(tmp_path, "python")
    assert ingest_file(store, "R1", "python", first, _parser("python"))
    # Same cases, different bytes: parsing succeeds, the store refuses mid-transaction.
    second = tmp_path / "again" / "python.json"
    second.parent.mkdir()
    second.write_text(json.dumps(json.loads(first.read_text()), indent=1))
    _refused(store, second, "python", "is already in run R1")


def test_store_from_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    with Store.open(path) as store:
        store.db.execute("INSERT INTO schema_version (version, applied_at) VALUES (99, 'later')")
    with pytest.raises(StoreError) as raised:
        Store.open(path)
    assert str(path) in str(raised.value)
    assert "schema version 99 is newer than this runner" in str(raised.value)


def test_a_file_that_is_not_a_store_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    path.write_text("not a database, just text " * 100)
    with pytest.raises(StoreError) as raised:
        Store.open(path)
    assert str(path) in str(raised.value)
