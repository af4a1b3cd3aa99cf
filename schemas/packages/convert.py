"""Builds the `packages` dataset: the machine's apt package index as one JSON
document, plus a meta file recording its size, hash, package count and apt
sources, so runs on different days can tell whether they used the same data.

    convert.py --out packages.json --meta packages.meta.json
        [--dumpavail FILE]   # default: the output of `apt-cache dumpavail`
        [--lists DIR]        # default: /var/lib/apt/lists (for the Release dates)

Deterministic for a given index: packages sorted by name, fields in a fixed
order, every key present (empty string, empty list or 0 when apt has none).
"""

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

_LISTS = Path("/var/lib/apt/lists")
_FIX = "run `apt-get update` (as root) to download the package index, then build again"
_RELEASE_FIELDS = ("Origin", "Suite", "Codename", "Version", "Date")

Package = dict[str, Any]


class AptIndexError(Exception):
    """No usable package index; the message says what to do."""


def stanzas(text: str) -> Iterator[dict[str, str]]:
    """deb822 paragraphs: `Field: value` lines, continuation lines start with a space."""
    for block in re.split(r"\n\s*\n", text):
        fields: dict[str, str] = {}
        key = ""
        for line in block.splitlines():
            if line[:1] in (" ", "\t") and key:
                fields[key] += "\n" + line[1:]
            elif ":" in line:
                key, _, value = line.partition(":")
                fields[key] = value.strip()
        if fields:
            yield fields


def _int(value: str) -> int:
    return int(value) if value.isdigit() else 0


def package(fields: dict[str, str]) -> Package:
    """The dataset's record of one package (Depends split into its comma-separated clauses)."""
    depends = fields.get("Depends", "")
    return {
        "version": fields.get("Version", ""),
        "architecture": fields.get("Architecture", ""),
        "depends": [d.strip() for d in depends.split(",") if d.strip()],
        "installed_size": _int(fields.get("Installed-Size", "")),
        "size": _int(fields.get("Size", "")),
        "md5": fields.get("MD5sum", ""),
        "sha256": fields.get("SHA256", ""),
        "section": fields.get("Section", ""),
        "maintainer": fields.get("Maintainer", ""),
        "description": fields.get("Description", ""),
    }


def packages(dumpavail: str) -> dict[str, Package]:
    """name -> record, sorted by name; a name listed twice keeps its first record (apt's choice)."""
    found: dict[str, Package] = {}
    for fields in stanzas(dumpavail):
        name = fields.get("Package")
        if name and name not in found:
            found[name] = package(fields)
    return dict(sorted(found.items()))


def dumps(index: dict[str, Package]) -> str:
    """One package a line, UTF-8, compact: about as readable as tens of MiB can be."""
    lines = ",\n".join(
        f"{json.dumps(name, ensure_ascii=False)}:{json.dumps(p, ensure_ascii=False, separators=(',', ':'))}"
        for name, p in index.items()
    )
    return '{"packages":{\n' + lines + "\n}}\n"


def release_sources(lists: Path) -> list[dict[str, str]]:
    """Origin, suite and date of each apt source whose index was used, sorted by file name."""
    sources = []
    for path in sorted(lists.glob("*Release")):
        if path.name.endswith(("InRelease", "_Release")):
            head = path.read_text(encoding="utf-8", errors="replace").split("\nMD5Sum:", 1)[0]
            fields = {k: v for k, v in re.findall(r"^([A-Za-z]+): (.*)$", head, re.MULTILINE)}
            sources.append({"file": path.name, **{k.lower(): fields.get(k, "") for k in _RELEASE_FIELDS}})
    return sources


def meta(text: str, index: dict[str, Package], sources: list[dict[str, str]]) -> dict[str, Any]:
    data = text.encode()
    return {
        "file": "packages.json",
        "bytes": len(data),
        "sha256": hashlib.sha256(data).hexdigest(),
        "packages": len(index),
        "apt_sources": sources,
    }


def read_dumpavail(path: Path | None) -> str:
    if path is not None:
        return path.read_text(encoding="utf-8", errors="replace")
    try:
        result = subprocess.run(["apt-cache", "dumpavail"], capture_output=True, check=True)
    except FileNotFoundError:
        raise AptIndexError("apt-cache not found: this dataset needs a Debian-based machine") from None
    except subprocess.CalledProcessError as err:
        raise AptIndexError(f"apt-cache dumpavail failed ({err.stderr.decode().strip()}): {_FIX}") from None
    return result.stdout.decode("utf-8", errors="replace")


def write_atomic(path: Path, text: str) -> None:
    """Temporary file beside `path`, renamed when complete: never half-written."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    finally:
        Path(tmp).unlink(missing_ok=True)


def build(dumpavail: str, lists: Path, out: Path, meta_out: Path) -> dict[str, Any]:
    index = packages(dumpavail)
    if not index:
        raise AptIndexError(f"the apt package index is empty (nothing in {lists}): {_FIX}")
    text = dumps(index)
    info = meta(text, index, release_sources(lists))
    write_atomic(out, text)
    write_atomic(meta_out, json.dumps(info, indent=2) + "\n")
    return info


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--meta", required=True, type=Path)
    parser.add_argument("--dumpavail", type=Path)
    parser.add_argument("--lists", type=Path, default=_LISTS)
    args = parser.parse_args(argv)
    try:
        info = build(read_dumpavail(args.dumpavail), args.lists, args.out, args.meta)
    except AptIndexError as err:
        print(f"packages: {err}", file=sys.stderr)
        return 1
    print(f"packages: {info['packages']} packages, {info['bytes']} bytes, sha256 {info['sha256']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
