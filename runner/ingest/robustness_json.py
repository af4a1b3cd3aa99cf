"""The robustness driver's file (`//runner/crosslang/robustness:run -- --out FILE`) into the
robustness_* tables (protocol: tools/robustness/README.md).

    {"schema": "serbench-robustness/1",
     "corpus": {"name", "seed", "manifest_sha256", "inputs", "per_format", "not_applicable"},
     "limits": {"timeout_s", "memory_mib"},
     "decoders": [{"lang", "lib", "variant", "format", "version", "schemaless",
                   "datasets", "not_fed"}],
     "results": [{"lang", "lib", "variant", "format", "input", "dataset", "size", "mutation",
                  "expect", "outcome", "detail", "ns"}],
     "repro": [{"lang", "lib", "variant", "format", "input", "outcome", "sha256", "file"}]}

A decoder's `not_fed` (absent from files written before it: `{}`) is stored as JSON; its
`datasets` is not stored, as `not_fed` says what it left out. A repro's file (relative
to FILE's folder, which under `runner all` is in results/raw/<run id>/robustness/, so it
is kept with the run) must exist and have its sha256; the store records its absolute path.
A null variant is stored as "", as in `cases`.
"""

import json
import os
from collections.abc import Callable
from pathlib import Path

from runner.ingest.native import (
    load_json,
    optional_str,
    require,
    require_dict,
    require_list,
    require_number,
    require_str,
)
from runner.records import IngestError, NativeFile, TableRows
from runner.run import sha256_of
from tools.robustness.schema import EXPECTS, FINDINGS, OUTCOMES, SCHEMA

HARNESS = "serbench robustness"
SCHEMAS = (SCHEMA,)
FILE_NAME = "robustness.json"

Reader = Callable[[Path, object, str], object]


def _int(path: Path, value: object, what: str) -> int:
    number = require_number(path, value, what)
    if not number.is_integer():
        raise IngestError(path, f"{what}: expected an integer, got {number}")
    return int(number)


def _nullable(read: Reader) -> Reader:
    return lambda path, value, what: None if value is None else read(path, value, what)


def _counts(path: Path, value: object, what: str) -> str:
    counts = {} if value is None else require_dict(path, value, what)
    for key, number in counts.items():
        _int(path, number, f"{what}.{key}")
    return json.dumps(counts, sort_keys=True)


def _flag(path: Path, value: object, what: str) -> int:
    return int(bool(require(path, value, bool, what)))


def _one_of(names: tuple[str, ...]) -> Reader:
    def read(path: Path, value: object, what: str) -> str:
        text = require_str(path, value, what)
        if text not in names:
            raise IngestError(path, f"{what}: {text!r} is not one of {', '.join(names)}")
        return text

    return read


_DECODER: tuple[tuple[str, Reader], ...] = (
    ("lang", require_str),
    ("lib", require_str),
    ("variant", optional_str),
    ("format", require_str),
)
DECODERS = (*_DECODER, ("version", require_str), ("schemaless", _flag), ("not_fed", _counts))
RESULTS = (
    *_DECODER,
    ("input", require_str),
    ("dataset", _nullable(require_str)),
    ("size", _nullable(_int)),
    ("mutation", require_str),
    ("expect", _one_of(EXPECTS)),
    ("outcome", _one_of(OUTCOMES)),
    ("detail", require_str),
    ("ns", _nullable(_int)),
)
REPROS = (
    *_DECODER,
    ("input", require_str),
    ("outcome", _one_of(FINDINGS)),
    ("sha256", require_str),
    ("file", require_str),
)
RUN_COLUMNS = (
    "corpus_name",
    "seed",
    "manifest_sha256",
    "inputs",
    "per_format",
    "not_applicable",
    "timeout_s",
    "memory_mib",
)


def _rows(
    path: Path, document: dict[str, object], key: str, fields: tuple[tuple[str, Reader], ...]
) -> list[tuple[object, ...]]:
    rows = []
    for index, entry in enumerate(require_list(path, document.get(key), key)):
        item = require_dict(path, entry, f"{key}[{index}]")
        rows.append(tuple(read(path, item.get(name), f"{key}[{index}].{name}") for name, read in fields))
    return rows


def _run_row(path: Path, document: dict[str, object]) -> tuple[object, ...]:
    corpus = require_dict(path, document.get("corpus"), "corpus")
    limits = require_dict(path, document.get("limits"), "limits")
    return (
        require_str(path, corpus.get("name"), "corpus.name"),
        _int(path, corpus.get("seed"), "corpus.seed"),
        require_str(path, corpus.get("manifest_sha256"), "corpus.manifest_sha256"),
        _int(path, corpus.get("inputs"), "corpus.inputs"),
        json.dumps(require_dict(path, corpus.get("per_format"), "corpus.per_format"), sort_keys=True),
        json.dumps(require_dict(path, corpus.get("not_applicable"), "corpus.not_applicable"), sort_keys=True),
        require_number(path, limits.get("timeout_s"), "limits.timeout_s"),
        _int(path, limits.get("memory_mib"), "limits.memory_mib"),
    )


def checked_copy(path: Path, relative: str, sha256: str) -> str:
    """The absolute path of a reproducing input `relative` to FILE's folder, checked
    (present, inside the folder, same sha256)."""
    # Normalized, not resolved: the copy may be a symlink (a runfiles tree) and stays where it is.
    folder = path.parent.absolute()
    copy = Path(os.path.normpath(folder / relative))
    if not copy.is_relative_to(folder) or not copy.is_file():
        raise IngestError(path, f"repro file {relative} is missing (looked for {copy})")
    if sha256_of(copy) != sha256:
        raise IngestError(path, f"repro file {relative} does not have sha256 {sha256}")
    return str(copy)


def _repro_path(path: Path, row: tuple[object, ...]) -> tuple[object, ...]:
    """The row with its file checked and absolute."""
    *fields, sha256, relative = row
    return (*fields, sha256, checked_copy(path, str(relative), str(sha256)))


def _check_decoders(
    path: Path, decoders: list[tuple[object, ...]], results: list[tuple[object, ...]]
) -> None:
    known = {row[: len(_DECODER)] for row in decoders}
    for row in results:
        if row[: len(_DECODER)] not in known:
            raise IngestError(
                path, f"result for input {row[len(_DECODER)]} names a decoder not listed: {row[:4]}"
            )


def parse(path: Path, _lang: str) -> NativeFile:
    document = require_dict(path, load_json(path), "top level")
    schema = document.get("schema")
    if schema not in SCHEMAS:
        raise IngestError(path, f"unknown robustness file schema {schema!r} (known: {', '.join(SCHEMAS)})")
    decoders = _rows(path, document, "decoders", DECODERS)
    results = _rows(path, document, "results", RESULTS)
    _check_decoders(path, decoders, results)
    repro = [_repro_path(path, row) for row in _rows(path, document, "repro", REPROS)]
    return NativeFile(
        HARNESS,
        str(schema),
        tables=[
            TableRows("robustness_runs", RUN_COLUMNS, [_run_row(path, document)]),
            TableRows("robustness_decoders", _columns(DECODERS), decoders),
            TableRows("robustness_results", _columns(RESULTS), results),
            # The repro's "file" is stored as its checked absolute "path".
            TableRows("robustness_repro", (*_columns(REPROS[:-1]), "path"), repro),
        ],
    )


def _columns(fields: tuple[tuple[str, Reader], ...]) -> tuple[str, ...]:
    return tuple(name for name, _ in fields)
