"""Resolves one upstream file, named by URL and sha256, from a local mirror folder,
else from its URL; called by mirror.bzl's repository rule (stdlib only, so it runs
before the project's virtualenv exists).

    mirror.py --mirror DIR --path REL --sha256 HEX --url URL --dest FILE

The file is written to a temporary name beside FILE and renamed only once its
hash is right: nothing half-written is ever left. Exit 1 with one line naming
the file and what to do when it cannot be had.
"""

import argparse
import hashlib
import os
import shutil
import sys
import tempfile
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

_DOWNLOAD_TIMEOUT_S = 30

Opener = Callable[[str], BinaryIO]


class MirrorError(Exception):
    """A file that cannot be resolved; the message says which and what to do."""


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _open_url(url: str) -> BinaryIO:
    response: BinaryIO = urllib.request.urlopen(url, timeout=_DOWNLOAD_TIMEOUT_S)
    return response


def _copy_checked(source: Callable[[], BinaryIO], dest: Path, sha256: str, where: str, url: str) -> None:
    """Streams `source` into a temporary file beside `dest`; renames it when the hash matches."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(dir=dest.parent, prefix=f".{dest.name}.", suffix=".tmp")
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as out, source() as src:
            shutil.copyfileobj(src, out)
        actual = sha256_of(tmp)
        if actual != sha256:
            raise MirrorError(f"{where} has sha256 {actual}, expected {sha256}: replace it from {url}")
        os.chmod(tmp, 0o644)
        os.replace(tmp, dest)
    finally:
        tmp.unlink(missing_ok=True)


def resolve(
    mirror: Path | None, path: str, sha256: str, url: str, dest: Path, opener: Opener = _open_url
) -> str:
    """Puts the file at `dest`; returns where it came from (the mirror file or the URL)."""
    if mirror is not None and (mirror / path).is_file():
        local = mirror / path
        _copy_checked(lambda: local.open("rb"), dest, sha256, f"{path} in {mirror}", url)
        return str(local)
    try:
        _copy_checked(lambda: opener(url), dest, sha256, f"{path} downloaded from {url}", url)
    except OSError as err:
        where = (
            f"not found in {mirror}" if mirror else "not found (no mirror folder: SERBENCH_DATASETS unset)"
        )
        raise MirrorError(
            f"{path} {where} and {url} unreachable ({err}): set SERBENCH_DATASETS to a folder holding it"
        ) from None
    return url


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--mirror", default="", help="mirror folder ('' for none)")
    parser.add_argument("--path", required=True, help="the file's path inside the mirror")
    parser.add_argument("--sha256", required=True)
    parser.add_argument("--url", required=True)
    parser.add_argument("--dest", required=True, type=Path)
    args = parser.parse_args(argv)
    try:
        resolve(Path(args.mirror) if args.mirror else None, args.path, args.sha256, args.url, args.dest)
    except MirrorError as err:
        print(err, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
