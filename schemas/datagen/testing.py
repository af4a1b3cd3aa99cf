"""Helpers shared by the datagen tests: where the built fixtures sit in runfiles."""

import json
from pathlib import Path
from typing import Any

from schemas.datagen.registry import DATASETS, SIZES


def built(dataset: str, size: int) -> Path:
    """A fixture built by //schemas/<dataset>:fixtures (tests run at the workspace root of runfiles)."""
    return Path("schemas") / dataset / f"{dataset}_{size}.json"


def built_records(dataset: str, size: int) -> list[Any]:
    records: list[Any] = json.loads(built(dataset, size).read_text(encoding="utf-8"))["records"]
    return records


def every_file() -> list[tuple[str, int]]:
    return [(d, s) for d in DATASETS for s in SIZES]
