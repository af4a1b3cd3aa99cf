"""Checks fixture files against the contract (schemas/README.md).

    validate FILE...     # FILE named <dataset>_<size>.json; exit 1 listing every error

Each error names the file, the record index and the field path.
"""

import os
import re
import sys
from pathlib import Path
from typing import Any

from schemas.datagen import contract, fixture_io
from schemas.datagen.registry import DATASETS

_NAME_RE = re.compile(r"(?P<dataset>[a-z0-9_]+?)_(?P<size>\d+)\.json")
# Past this many, more errors add noise, not information.
_MAX_ERRORS = 50


def _identify(path: Path) -> tuple[str, int]:
    match = _NAME_RE.fullmatch(path.name)
    if not match or match["dataset"] not in DATASETS:
        known = ", ".join(DATASETS)
        raise fixture_io.FixtureError(f"{path}: not named <dataset>_<size>.json with a dataset among {known}")
    return match["dataset"], int(match["size"])


def _records(document: Any, size: int) -> tuple[list[Any], list[str]]:
    if not isinstance(document, dict) or list(document) != ["records"]:
        return [], ['top level: expected an object whose only key is "records"']
    records = document["records"]
    if not isinstance(records, list):
        return [], ["records: expected a list"]
    if len(records) != size:
        return records, [f"records: expected {size} records, got {len(records)}"]
    return records, []


def check_file(path: Path) -> list[str]:
    """Every contract error of one fixture file, each prefixed by the file name."""
    dataset, size = _identify(path)
    records, errors = _records(fixture_io.load(path), size)
    errors += contract.check_records(dataset, records)
    return [f"{path}: {e}" for e in errors]


def main(argv: list[str] | None = None) -> int:
    # Under `bazel run`, relative paths are the caller's, not the runfiles tree's.
    here = Path(os.environ.get("BUILD_WORKING_DIRECTORY", "."))
    paths = [here / p for p in (sys.argv[1:] if argv is None else argv)]
    if not paths:
        print(__doc__, file=sys.stderr)
        return 2
    errors: list[str] = []
    for path in paths:
        try:
            errors += check_file(path)
        except fixture_io.FixtureError as err:
            errors.append(str(err))
    for line in errors[:_MAX_ERRORS]:
        print(line, file=sys.stderr)
    if len(errors) > _MAX_ERRORS:
        print(f"... and {len(errors) - _MAX_ERRORS} more", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
