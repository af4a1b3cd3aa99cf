"""Builds a generated docs folder with MkDocs, as its docs/site.yml configures it
(runner/docs/mkdocs.base.yml's settings plus the generated navigation)."""

import subprocess
import sys
from pathlib import Path

import yaml

BASE = Path(__file__).parent.parent / "mkdocs.base.yml"


def nav(docs: Path) -> object:
    return yaml.safe_load((docs / "site.yml").read_text())["nav"]


def nav_pages(docs: Path) -> set[str]:
    """Every page the generated navigation names."""
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

    walk(nav(docs))
    return found


def build_strict(docs: Path, work: Path) -> subprocess.CompletedProcess[str]:
    """`mkdocs build --strict` of docs into work/site, with the base settings and the
    generated navigation (site.yml's own INHERIT is relative to the workspace's docs/)."""
    config = work / "mkdocs.yml"
    settings = {"INHERIT": str(BASE.resolve()), "nav": nav(docs)}
    settings |= {"docs_dir": str(docs.resolve()), "site_dir": str(work / "site")}
    config.write_text(yaml.safe_dump(settings, sort_keys=False, allow_unicode=True))
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-f", str(config)],
        capture_output=True,
        text=True,
        check=False,
    )
