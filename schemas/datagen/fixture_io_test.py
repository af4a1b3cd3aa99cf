"""Fixture files are written whole or not at all, readable by everyone."""

import os
from pathlib import Path

import pytest

from schemas.datagen import fixture_io


def test_canonical_text_keeps_utf8_and_one_record_a_line() -> None:
    text = fixture_io.dumps([{"name": "東京", "q": 'a"b'}, {"name": ""}])
    assert text == '{"records":[\n{"name":"東京","q":"a\\"b"},\n{"name":""}\n]}\n'


def test_write_is_atomic_and_leaves_nothing_behind_on_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "user_1.json"
    target.write_text("old", encoding="utf-8")

    def broken_replace(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        fixture_io.write_atomic(target, "new")
    assert [p.name for p in tmp_path.iterdir()] == ["user_1.json"]
    assert target.read_text(encoding="utf-8") == "old"


def test_written_files_are_world_readable(tmp_path: Path) -> None:
    target = tmp_path / "user_1.json"
    fixture_io.write_atomic(target, "{}")
    assert target.stat().st_mode & 0o777 == 0o644
