"""A user's document for `runner mine`: read, checked, and made the one JSON text every
suite measures.

A file that is not one JSON document but has a JSON value on each line is JSON Lines: it
is measured as the array of its records, made by joining the lines' own text (never
re-encoded, so numbers, escapes, key order and duplicate keys reach the libraries as the
user wrote them). What no library could be asked to measure (a missing, empty or too
large file, text that is not UTF-8 or not JSON, a lone scalar) is one InputError line;
what only some libraries refuse (deep nesting, huge integers, duplicate keys) goes on to
them, and each says so with its own error.
"""

import hashlib
import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from runner.stats import counted

# The largest file measured by default: every library's worker holds the document's tree,
# a Python tree takes about ten times the text's bytes, and the machine is shared.
DEFAULT_MAX_MIB = 256
DATASET_PREFIX = "mine:"
PREFIX_HEX = 12


class InputError(Exception):
    """The file cannot be measured by any library; the message says why, in one line."""


@dataclass(frozen=True)
class Document:
    source: Path  # the user's file
    text: bytes  # one JSON document (a JSON Lines file: the array of its records)
    sha256: str  # of the user's file
    records: int | None  # a JSON Lines file's records; None for one document
    notes: tuple[str, ...]  # what the user should know before reading the results

    @property
    def prefix(self) -> str:
        return self.sha256[:PREFIX_HEX]

    @property
    def dataset(self) -> str:
        """The dataset name the run is stored under."""
        return f"{DATASET_PREFIX}{self.prefix}"

    @property
    def kind(self) -> str:
        if self.records is None:
            return "one JSON document"
        return f"JSON Lines, {counted(self.records, 'record')} (measured as one array)"


def read(path: Path, max_mib: float = DEFAULT_MAX_MIB) -> Document:
    """The document at path, or InputError naming what is wrong with it."""
    raw = _bytes(path, max_mib)
    if raw.startswith(b"\xef\xbb\xbf"):
        raise InputError(f"{path}: starts with a UTF-8 byte order mark, which JSON forbids (RFC 8259 8.1)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InputError(f"{path}: not UTF-8: {error.reason} at byte {error.start:,}") from error
    if not text.strip():
        raise InputError(f"{path}: empty: there is no JSON value to measure")
    sha = hashlib.sha256(raw).hexdigest()
    keys = _Keys()
    try:
        tree = _parse(text, keys)
        return Document(path, raw, sha, None, (*_top_level(path, tree), *keys.notes()))
    except RecursionError:
        return Document(path, raw, sha, None, (_DEEP,))
    except json.JSONDecodeError as error:
        lines = [line for line in text.splitlines() if line.strip()]
        if error.msg != "Extra data" or len(lines) < 2:
            raise InputError(f"{path}: not JSON: {_where(error)}") from error
    return _json_lines(path, lines, sha, keys)


_DEEP = (
    "nested deeper than Python's json module parses (RecursionError): each library is "
    "asked anyway and says whether it can"
)


def _bytes(path: Path, max_mib: float) -> bytes:
    if not path.exists():
        raise InputError(f"{path}: no such file")
    if not path.is_file():
        raise InputError(f"{path}: not a file")
    size = path.stat().st_size
    if size > max_mib * 2**20:
        raise InputError(
            f"{path}: {size / 2**20:,.1f} MiB, more than the memory budget of {max_mib:g} MiB "
            "(each library holds the decoded tree; --max-mib raises it)"
        )
    return path.read_bytes()


def _json_lines(path: Path, lines: list[str], sha: str, keys: "_Keys") -> Document:
    for number, line in enumerate(lines, 1):
        try:
            _parse(line, keys)
        except json.JSONDecodeError as error:
            raise InputError(f"{path}: line {number} of JSON Lines is not JSON: {_where(error)}") from error
        except RecursionError:
            return Document(path, _array(lines), sha, len(lines), (_DEEP,))
    return Document(path, _array(lines), sha, len(lines), keys.notes())


def _array(lines: list[str]) -> bytes:
    return ("[\n" + ",\n".join(line.strip() for line in lines) + "\n]\n").encode()


def _where(error: json.JSONDecodeError) -> str:
    return f"{error.msg} at line {error.lineno}, column {error.colno}"


def _constant(name: str) -> float:
    # json.loads takes NaN and Infinity, which JSON does not have.
    raise json.JSONDecodeError(f"{name} is not a JSON value", name, 0)


def _parse(text: str, keys: "_Keys") -> Any:
    return json.loads(text, object_pairs_hook=keys.hook, parse_constant=_constant)


def _top_level(path: Path, tree: Any) -> tuple[str, ...]:
    if not isinstance(tree, dict | list):
        shown = "null" if tree is None else type(tree).__name__
        raise InputError(
            f"{path}: a lone {shown} ({json.dumps(tree)[:40]}), not an object or array: "
            "there is no tree for a serializer to measure"
        )
    return ()


class _Keys:
    """Counts the keys an object repeats: libraries disagree on them (RFC 8259 4)."""

    def __init__(self) -> None:
        self.repeated: Counter[str] = Counter()

    def hook(self, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        counts = Counter(key for key, _ in pairs)
        self.repeated.update(key for key, n in counts.items() if n > 1)
        return dict(pairs)

    def notes(self) -> tuple[str, ...]:
        if not self.repeated:
            return ()
        shown = ", ".join(repr(key) for key, _ in self.repeated.most_common(3))
        objects = sum(self.repeated.values())
        return (
            f"duplicate keys ({shown}) in {counted(objects, 'object')}: JSON "
            "leaves their meaning to the parser; a library that keeps another value than the "
            "last, or refuses them, says so below",
        )
