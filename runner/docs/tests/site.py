"""Builds a generated docs folder with MkDocs, as configured in runner/docs/mkdocs.base.yml."""

import subprocess
import sys
from pathlib import Path

import yaml

BASE = Path(__file__).parent.parent / "mkdocs.base.yml"


def nav_pages() -> set[str]:
    """Every page mkdocs.base.yml's nav names."""
    config = yaml.safe_load(BASE.read_text())
    found: set[str] = set()

    def walk(entries: object) -> None:
        if isinstance(entries, str):
            found.add(entries)
        elif isinstance(entries, list):
            for entry in entries:
                walk(entry)
        elif isinstance(entries, dict):
            for value in entries.values():
                walk(value)

    walk(config["nav"])
    return found


def build_strict(docs: Path, work: Path) -> subprocess.CompletedProcess[str]:
    """`mkdocs build --strict` of docs into work/site; the config inherits the real one."""
    config = work / "mkdocs.yml"
    config.write_text(f"INHERIT: {BASE.resolve()}\ndocs_dir: {docs.resolve()}\nsite_dir: {work / 'site'}\n")
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-f", str(config)],
        capture_output=True,
        text=True,
        check=False,
    )
