"""Reading and writing fixture files: canonical bytes, atomic writes, and one clear
error for a file that is missing or not valid JSON."""

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from schemas.datagen.common import Record


class FixtureError(Exception):
    """A fixture that cannot be used; the message names the file and what to do."""


def dumps(records: list[Record]) -> str:
    """Canonical text: UTF-8 (not \\u escapes), one record a line, compact, key order kept."""
    lines = ",\n".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in records)
    return '{"records":[\n' + lines + "\n]}\n"


def write_atomic(path: Path, text: str) -> None:
    """Writes to a temporary file beside `path`, then renames: never a half-written file."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        os.chmod(tmp, 0o644)  # mkstemp makes it private; fixtures are for everyone
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def load(path: Path) -> Any:
    """The parsed JSON of a fixture file, or a FixtureError naming it."""
    hint = "regenerate it with `bazel build //schemas/<dataset>:fixtures`"
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FixtureError(f"{path}: no such fixture file; {hint}") from None
    except UnicodeDecodeError as err:
        raise FixtureError(f"{path}: not UTF-8 at byte {err.start}; {hint}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise FixtureError(
            f"{path}: not valid JSON at line {err.lineno} column {err.colno} ({err.msg}); {hint}"
        ) from None
