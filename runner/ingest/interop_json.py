"""The interop matrix (`//runner/crosslang/interop:matrix -- --out FILE`) into interop_cells.

    {"schema": "serbench-interop/1",            (absent in files before it had one: version 1)
     "comparison": "...", "counts": {"ok": N, "failed": N, "not_applicable": N},
     "cells": [{"producer", "consumer", "format", "dataset", "size", "status", "message",
                "comparison", "payload_bytes", "payload_sha256"}]}

One row per producer x consumer x format x dataset x size; the counts the
matrix printed must agree with its cells, so a garbled file is refused.
"""

from collections import Counter
from pathlib import Path

from runner.crosslang.interop.schema import SCHEMA
from runner.ingest.native import load_json, require_dict, require_list, require_number, require_str
from runner.records import IngestError, NativeFile, TableRows
from schemas.interop.protocol import STATUSES

HARNESS = "serbench interop matrix"
SCHEMAS = (SCHEMA,)  # the versions this ingester reads
FILE_NAME = "interop.json"
COLUMNS = ("producer", "consumer", "format", "dataset", "size", "status", "comparison", "message")
_STATUS = COLUMNS.index("status")


def parse(path: Path, _lang: str) -> NativeFile:
    document = require_dict(path, load_json(path), "top level")
    schema = document.get("schema", SCHEMAS[0])
    if schema not in SCHEMAS:
        raise IngestError(path, f"unknown interop file schema {schema!r} (known: {', '.join(SCHEMAS)})")
    cells = [
        _cell(path, require_dict(path, cell, f"cells[{index}]"), f"cells[{index}]")
        for index, cell in enumerate(require_list(path, document.get("cells"), "cells"))
    ]
    _check_counts(path, document.get("counts"), Counter(str(row[_STATUS]) for row in cells))
    return NativeFile(HARNESS, str(schema), tables=[TableRows("interop_cells", COLUMNS, cells)])


def _cell(path: Path, cell: dict[str, object], where: str) -> tuple[object, ...]:
    row: dict[str, object] = {
        key: require_str(path, cell.get(key), f"{where}.{key}") for key in COLUMNS if key != "size"
    }
    row["size"] = int(require_number(path, cell.get("size"), f"{where}.size"))
    if row["status"] not in STATUSES:
        raise IngestError(path, f"{where}: status {row['status']!r} (known: {', '.join(STATUSES)})")
    return tuple(row[key] for key in COLUMNS)


def _check_counts(path: Path, counts: object, found: Counter[str]) -> None:
    if counts is None:
        return
    said = require_dict(path, counts, "counts")
    wrong = [s for s in STATUSES if said.get(s, 0) != found.get(s, 0)]
    if wrong:
        detail = ", ".join(f"{s} {said.get(s, 0)} vs {found.get(s, 0)} cells" for s in wrong)
        raise IngestError(path, f"counts disagree with the cells: {detail}")
