"""The mirror resolver: a good mirror file is copied, a wrong hash or a missing
file with no network is one clear error, and nothing half-written is left."""

import hashlib
import io
from pathlib import Path
from typing import BinaryIO

import pytest

from schemas.real import mirror

_DATA = b'{"hello": "world"}\n'
_SHA = hashlib.sha256(_DATA).hexdigest()
_URL = "https://example.invalid/data/doc.json"


def _mirror_with(tmp_path: Path, data: bytes) -> Path:
    folder = tmp_path / "mirror"
    (folder / "json").mkdir(parents=True)
    (folder / "json" / "doc.json").write_bytes(data)
    return folder


def _offline(url: str) -> BinaryIO:
    raise OSError("network is unreachable")


def _serving(data: bytes) -> mirror.Opener:
    return lambda url: io.BytesIO(data)


def test_a_mirror_file_with_the_right_hash_is_copied(tmp_path: Path) -> None:
    folder = _mirror_with(tmp_path, _DATA)
    dest = tmp_path / "out" / "doc.json"
    assert mirror.resolve(folder, "json/doc.json", _SHA, _URL, dest, _offline) == str(
        folder / "json/doc.json"
    )
    assert dest.read_bytes() == _DATA
    assert list(dest.parent.iterdir()) == [dest]


def test_a_wrong_hash_names_the_file_both_hashes_and_the_url(tmp_path: Path) -> None:
    folder = _mirror_with(tmp_path, b"tampered")
    dest = tmp_path / "out" / "doc.json"
    with pytest.raises(mirror.MirrorError) as err:
        mirror.resolve(folder, "json/doc.json", _SHA, _URL, dest, _offline)
    actual = hashlib.sha256(b"tampered").hexdigest()
    assert (
        str(err.value)
        == f"json/doc.json in {folder} has sha256 {actual}, expected {_SHA}: replace it from {_URL}"
    )
    assert list(dest.parent.iterdir()) == []


def test_a_missing_file_without_network_says_what_to_set(tmp_path: Path) -> None:
    folder = tmp_path / "empty"
    folder.mkdir()
    dest = tmp_path / "out" / "doc.json"
    with pytest.raises(mirror.MirrorError) as err:
        mirror.resolve(folder, "json/doc.json", _SHA, _URL, dest, _offline)
    message = str(err.value)
    assert message.startswith(f"json/doc.json not found in {folder} and {_URL} unreachable")
    assert message.endswith("set SERBENCH_DATASETS to a folder holding it")
    assert list(dest.parent.iterdir()) == []


def test_a_missing_file_is_downloaded_and_checked(tmp_path: Path) -> None:
    dest = tmp_path / "doc.json"
    assert mirror.resolve(None, "json/doc.json", _SHA, _URL, dest, _serving(_DATA)) == _URL
    assert dest.read_bytes() == _DATA


def test_a_download_with_the_wrong_hash_is_refused(tmp_path: Path) -> None:
    dest = tmp_path / "doc.json"
    with pytest.raises(mirror.MirrorError, match=r"downloaded from .* has sha256 .*, expected"):
        mirror.resolve(None, "json/doc.json", _SHA, _URL, dest, _serving(b"other"))
    assert list(tmp_path.iterdir()) == []


def test_an_existing_destination_is_replaced_only_by_a_good_file(tmp_path: Path) -> None:
    dest = tmp_path / "doc.json"
    dest.write_bytes(b"previous")
    with pytest.raises(mirror.MirrorError):
        mirror.resolve(_mirror_with(tmp_path, b"bad"), "json/doc.json", _SHA, _URL, dest, _offline)
    assert dest.read_bytes() == b"previous"


def test_the_command_line_prints_one_line_and_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [
        "--mirror",
        str(tmp_path),
        "--path",
        "x.json",
        "--sha256",
        _SHA,
        "--url",
        "http://127.0.0.1:9/x.json",
    ]
    assert mirror.main([*args, "--dest", str(tmp_path / "out" / "x.json")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "x.json not found in" in err
