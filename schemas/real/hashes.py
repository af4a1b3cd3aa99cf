"""The expected sha256 of each mirrored file, read from repositories.bzl (the one
place they are written) so the tests check the files the build really resolved."""

import hashlib
import re
from pathlib import Path

_TABLE = Path("schemas/real/repositories.bzl")
# _json("twitter.json", "<sha>") and _protobuf("x.pb", "<dir>", "<sha>")
_ENTRY = re.compile(r'_(?:json|protobuf)\("(?P<name>[^"]+)",(?: "[^"]*",)? "(?P<sha>[0-9a-f]{64})"\)')


def expected() -> dict[str, str]:
    """Upstream file name -> sha256."""
    return {m["name"]: m["sha"] for m in _ENTRY.finditer(_TABLE.read_text(encoding="utf-8"))}


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()
