"""The apt index converter on a small hand-written `apt-cache dumpavail` excerpt."""

import json
from pathlib import Path

import pytest

from schemas.packages import convert

_DATA = Path("schemas/packages/testdata")
_KEYS = [
    "version", "architecture", "depends", "installed_size", "size",
    "md5", "sha256", "section", "maintainer", "description",
]  # fmt: skip


def _index() -> dict[str, convert.Package]:
    return convert.packages((_DATA / "dumpavail.txt").read_text(encoding="utf-8"))


def test_packages_are_sorted_by_name_and_listed_once() -> None:
    assert list(_index()) == ["0ad", "base-files", "zlib1g"]


def test_a_full_record_is_converted_field_by_field() -> None:
    assert _index()["zlib1g"] == {
        "version": "1:1.2.13.dfsg-1",
        "architecture": "amd64",
        "depends": ["libc6 (>= 2.14)"],
        "installed_size": 168,
        "size": 87048,
        "md5": "6a3d7fa6b5b5c2b5d8e5f6a7b8c9d0e1",
        "sha256": "0c1d2e3f405162738495a6b7c8d9e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091",
        "section": "libs",
        "maintainer": "Mark Brown <broonie@debian.org>",
        "description": "compression library - runtime",
    }


def test_absent_fields_are_present_and_empty() -> None:
    base = _index()["base-files"]
    assert list(base) == _KEYS
    assert (base["depends"], base["installed_size"], base["size"], base["md5"]) == ([], 0, 0, "")
    assert (
        base["description"]
        == "Debian base system miscellaneous files\nwith a continuation line, as some indexes carry"
    )


def test_alternatives_stay_one_clause_and_non_ascii_is_kept() -> None:
    game = _index()["0ad"]
    assert game["depends"] == [
        "0ad-data (>= 0.0.26)",
        "libc6 (>= 2.34)",
        "default-mta | mail-transport-agent",
    ]
    assert game["description"].endswith("“Älteste”")


def test_build_writes_the_document_and_its_meta(tmp_path: Path) -> None:
    out, meta_out = tmp_path / "packages.json", tmp_path / "packages.meta.json"
    info = convert.build((_DATA / "dumpavail.txt").read_text(encoding="utf-8"), _DATA, out, meta_out)
    assert json.loads(out.read_text(encoding="utf-8"))["packages"] == _index()
    assert json.loads(meta_out.read_text(encoding="utf-8")) == info
    assert info["packages"] == 3 and info["bytes"] == out.stat().st_size
    assert info["apt_sources"] == [
        {
            "file": "example_InRelease",
            "origin": "Debian",
            "suite": "oldstable",
            "codename": "bookworm",
            "version": "12.15",
            "date": "Sat, 11 Jul 2026 10:16:37 UTC",
        }
    ]


def test_the_same_index_gives_the_same_bytes(tmp_path: Path) -> None:
    text = (_DATA / "dumpavail.txt").read_text(encoding="utf-8")
    first = convert.build(text, _DATA, tmp_path / "a.json", tmp_path / "a.meta")
    second = convert.build(text, _DATA, tmp_path / "b.json", tmp_path / "b.meta")
    assert first["sha256"] == second["sha256"]


def test_an_empty_index_says_to_run_apt_get_update(tmp_path: Path) -> None:
    with pytest.raises(convert.AptIndexError, match="run `apt-get update`"):
        convert.build("", tmp_path, tmp_path / "p.json", tmp_path / "p.meta")
    assert list(tmp_path.iterdir()) == []
