"""The real JSON documents are in runfiles with their upstream hashes and parse."""

import json
from pathlib import Path

import pytest

from schemas.real import hashes

_DOCS = ["twitter.json", "citm_catalog.json", "canada.json"]


def test_the_table_names_every_document() -> None:
    assert set(_DOCS) <= set(hashes.expected())


@pytest.mark.parametrize("doc", _DOCS)
def test_document_has_its_upstream_hash_and_parses(doc: str) -> None:
    path = Path("schemas/real") / doc
    assert hashes.sha256_of(path) == hashes.expected()[doc]
    assert isinstance(json.loads(path.read_text(encoding="utf-8")), dict)
