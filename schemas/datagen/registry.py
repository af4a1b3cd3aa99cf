"""The synthetic datasets' record makers, found by name: dataset d of the catalog
(schemas/catalog/catalog.json) keeps its maker in its own folder, as
`record(rng, index)` in schemas/d/generate.py (its contract beside it, in
schemas/d/contract.py). Nothing here lists the datasets."""

import importlib
from collections.abc import Callable
from random import Random

from schemas.catalog import catalog
from schemas.datagen.common import Record

SIZES = catalog.SIZES
DATASETS = catalog.SYNTHETIC_DATASETS

RecordMaker = Callable[[Random, int], Record]


def record_maker(dataset: str) -> RecordMaker:
    """`record` of schemas/<dataset>/generate.py."""
    make: RecordMaker = importlib.import_module(f"schemas.{dataset}.generate").record
    return make
