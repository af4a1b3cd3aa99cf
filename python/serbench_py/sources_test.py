"""Where each dataset's fixtures come from."""

from pathlib import Path

from schemas.catalog import catalog
from serbench_py import fixtures
from serbench_py.sources import SOURCES, user_document


def test_a_synthetic_datasets_sizes_are_prefixes_of_its_largest_fixture() -> None:
    filetree = SOURCES["filetree"]
    assert filetree.sizes == SOURCES["order"].sizes == fixtures.SIZES
    largest = filetree.load(max(fixtures.SIZES))["records"]
    assert filetree.load(100) == {"records": largest[:100]}


def test_each_real_document_is_the_catalogs_file() -> None:
    for dataset in catalog.load().datasets:
        if not dataset.synthetic:
            source = SOURCES[dataset.name]
            assert source.path(1) == dataset.file and source.raw(1), dataset.name
    assert SOURCES["packages"].typed is not None and SOURCES["packages"].table == "packages"
    assert SOURCES["google_message2"].format == "protobuf" and SOURCES["canada"].format == "json"


def test_a_user_document_is_read_from_its_absolute_path(tmp_path: Path) -> None:
    document = tmp_path / "mine.json"
    document.write_text('{"a": [1, 2.5, "\\u00e9"]}')
    source = user_document("mine:0123456789ab", document)
    assert source.sizes == (1,) and source.schema is None and source.format == "json"
    assert source.load(1) == {"a": [1, 2.5, "é"]}
