"""A claim size (catalog) is measured in Python as the prefix of the largest fixture."""

from schemas.catalog import catalog
from serbench_py import fixtures
from serbench_py.sources import SOURCES


def test_filetree_adds_its_claim_size_as_a_prefix_of_the_largest_fixture() -> None:
    filetree = SOURCES["filetree"]
    assert filetree.sizes == tuple(sorted((*fixtures.SIZES, 285)))
    largest = filetree.load(max(fixtures.SIZES))["records"]
    assert filetree.load(285) == {"records": largest[:285]}
    # A generated size is that same prefix: the claim size is cut the way datagen cuts.
    assert filetree.load(100) == {"records": largest[:100]}
    assert SOURCES["order"].sizes == fixtures.SIZES


def test_each_real_document_is_the_catalogs_file() -> None:
    for dataset in catalog.load().datasets:
        if not dataset.synthetic:
            source = SOURCES[dataset.name]
            assert source.path(1) == dataset.file and source.raw(1), dataset.name
    assert SOURCES["packages"].typed is not None and SOURCES["packages"].table == "packages"
    assert SOURCES["google_message2"].format == "protobuf" and SOURCES["canada"].format == "json"
