"""The generator: same bytes on every run (the build's and the test's), and the
smaller files are prefixes of the larger."""

from pathlib import Path

import pytest

from schemas.catalog import catalog
from schemas.datagen import contract, generate
from schemas.datagen.registry import DATASETS, SIZES, record_maker
from schemas.datagen.testing import built, built_records


@pytest.mark.parametrize("dataset", DATASETS)
def test_two_runs_write_the_same_bytes(dataset: str, tmp_path: Path) -> None:
    """The build's genrule was the first run; this test is the second."""
    paths = generate.write_all(dataset, tmp_path)
    assert [p.name for p in paths] == [f"{dataset}_{size}.json" for size in SIZES]
    for path, size in zip(paths, SIZES, strict=True):
        assert path.read_bytes() == built(dataset, size).read_bytes(), path.name


@pytest.mark.parametrize("dataset", DATASETS)
def test_smaller_files_are_prefixes_of_larger(dataset: str) -> None:
    largest = built_records(dataset, max(SIZES))
    for size in SIZES:
        records = built_records(dataset, size)
        assert len(records) == size
        assert records == largest[:size]


def test_a_record_does_not_depend_on_how_many_are_made() -> None:
    assert generate.records("order", 5)[3] == generate.records("order", 50)[3]


def test_unknown_dataset_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert generate.main(["--dataset", "nope", "--out-dir", str(tmp_path)]) == 2
    assert "known: user, order" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("dataset", catalog.SYNTHETIC_DATASETS)
def test_every_synthetic_dataset_of_the_catalog_has_a_maker_and_a_contract(dataset: str) -> None:
    assert callable(record_maker(dataset))
    assert isinstance(contract.shape(dataset).RECORD, contract.Obj | contract.Union)
