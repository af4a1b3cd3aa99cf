"""The corpus generator over the real golden vectors and JSON_checker files:
size, coverage of every kind, determinism, controls equal to the goldens."""

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from runner.crosslang.robustness import generate
from runner.crosslang.robustness.mutate import KINDS
from schemas.catalog import catalog

_GOLDEN = sorted(Path("runner/crosslang/interop/golden").iterdir())
_JSONCHECKER = sorted(Path("../jsonchecker").glob("*.json"))
# Formats every corpus built from the golden vectors alone must hold (capnp joins when
# its golden vectors exist; the seeded formats come with their seed vectors).
_REQUIRED = set(catalog.GOLDEN_FORMATS) & set(catalog.CORPUS_FORMATS) - {"capnp"}


@cache
def built(name: str, seed: int = 1) -> tuple[str, tuple[bytes, ...]]:
    doc, blobs = generate.build(name, seed, _GOLDEN, _JSONCHECKER)
    return json.dumps(doc), tuple(blobs)


def manifest(name: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(built(name)[0])
    return doc


def test_inputs_exist() -> None:
    assert len(_JSONCHECKER) == 36 and len(_GOLDEN) >= 72


def test_full_corpus_has_1000_inputs_per_format() -> None:
    doc = manifest("full")
    capnp = {"capnp"} if any(p.suffix == ".capnp" for p in _GOLDEN) else set()
    assert set(doc["formats"]) == _REQUIRED | capnp
    for fmt in doc["formats"]:
        assert doc["per_format"][fmt] == sum(i["format"] == fmt for i in doc["inputs"]) >= 1000


@pytest.mark.parametrize("name", sorted(generate.PROFILES))
def test_every_kind_is_present_or_not_applicable(name: str) -> None:
    doc = manifest(name)
    for fmt in doc["formats"]:
        present = {i["mutation"] for i in doc["inputs"] if i["format"] == fmt}
        skipped = set(doc["not_applicable"][fmt])
        assert present | skipped == set(KINDS) and not present & skipped, fmt


@pytest.mark.parametrize("name", sorted(generate.PROFILES))
def test_controls_are_the_golden_vectors(name: str) -> None:
    doc, blobs = manifest(name), built(name)[1]
    controls = [(i, b) for i, b in zip(doc["inputs"], blobs, strict=True) if i["mutation"] == "none"]
    # One control per format, synthetic dataset and control size (a new dataset adds its own).
    per_format = len(catalog.SYNTHETIC_DATASETS) * len(generate.CONTROL_SIZES)
    assert len(controls) == len(doc["formats"]) * per_format
    for item, data in controls:
        golden = Path(f"runner/crosslang/interop/golden/{item['dataset']}_{item['size']}.{item['format']}")
        assert data == golden.read_bytes() and item["expect"] == "fixture"


def test_same_seed_same_bytes_other_seed_other_bytes() -> None:
    assert generate.build("smoke", 1, _GOLDEN, _JSONCHECKER) == generate.build(
        "smoke", 1, _GOLDEN, _JSONCHECKER
    )
    assert built("smoke", 2)[0] != built("smoke", 1)[0]


def test_manifest_describes_each_input() -> None:
    doc, blobs = manifest("full"), built("full")[1]
    assert len({i["id"] for i in doc["inputs"]}) == len(doc["inputs"])
    for item, data in zip(doc["inputs"], blobs, strict=True):
        assert hashlib.sha256(data).hexdigest() == item["sha256"]
        assert (item["dataset"] is None) == (item["expect"] != "fixture") == (item["size"] is None)
        if item["mutation"] != "none":
            assert item["params"], item["id"]


def test_the_smoke_corpus_is_a_subset_of_the_full_one() -> None:
    full = {i["sha256"] for i in manifest("full")["inputs"]}
    assert {i["sha256"] for i in manifest("smoke")["inputs"]} <= full


def test_jsonchecker_expectations() -> None:
    files = {
        i["params"]["file"]: i["expect"] for i in manifest("full")["inputs"] if i["mutation"] == "jsonchecker"
    }
    assert len(files) == 36
    assert files["pass01.json"] == "accept" and files["fail02.json"] == "reject"
    assert files["fail18_EXCLUDE.json"] == "accept"


def test_edge_documents_are_in_every_profile_with_their_expectation() -> None:
    for profile in ("smoke", "full"):
        edges = {
            i["params"]["note"]: i["expect"]
            for i in manifest(profile)["inputs"]
            if i["mutation"] == "edge_document"
        }
        assert edges["scalar root: null"] == "accept"
        assert edges["a number followed by a NUL byte"] == "reject"
        assert edges["a lone byte order mark: no value"] == "reject"
        assert len(edges) == 12


def test_deep_inputs_are_10000_levels() -> None:
    deep = [i for i in manifest("full")["inputs"] if i["mutation"] == "deep_nesting"]
    for fmt in manifest("full")["formats"]:
        assert {i["params"]["depth"] for i in deep if i["format"] == fmt} == {1_000, 10_000}


def test_write_puts_files_where_the_manifest_says(tmp_path: Path) -> None:
    doc, blobs = generate.build("smoke", 1, _GOLDEN, _JSONCHECKER)
    generate.write(tmp_path, doc, blobs)
    assert json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8")) == doc
    assert all((tmp_path / i["file"]).read_bytes() == b for i, b in zip(doc["inputs"], blobs, strict=True))
