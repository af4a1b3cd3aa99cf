"""The built `packages` document matches its meta file and the dataset's shape."""

import hashlib
import json
from pathlib import Path

_DIR = Path("schemas/packages")
_TYPES = {
    "version": str, "architecture": str, "depends": list, "installed_size": int, "size": int,
    "md5": str, "sha256": str, "section": str, "maintainer": str, "description": str,
}  # fmt: skip


def test_document_matches_its_meta_and_shape() -> None:
    data = (_DIR / "packages.json").read_bytes()
    meta = json.loads((_DIR / "packages.meta.json").read_text(encoding="utf-8"))
    assert (len(data), hashlib.sha256(data).hexdigest()) == (meta["bytes"], meta["sha256"])
    assert meta["bytes"] > 10 * 2**20, "expected tens of MiB"
    packages = json.loads(data)["packages"]
    assert len(packages) == meta["packages"]
    assert list(packages) == sorted(packages)
    for name, record in packages.items():
        assert {k: type(v) for k, v in record.items()} == _TYPES, name
