"""The synthetic datasets' record makers: adding one is a module with
`record(rng, index)` plus one line here (and its contract in contract.py); its
name and sizes come from the catalog (schemas/catalog/catalog.json)."""

from collections.abc import Callable
from random import Random

from schemas.catalog import catalog
from schemas.datagen import filetree, game, mail, metrics, order, user
from schemas.datagen.common import Record

SIZES = catalog.SIZES

RecordMaker = Callable[[Random, int], Record]

DATASETS: dict[str, RecordMaker] = {
    "user": user.record,
    "order": order.record,
    "filetree": filetree.record,
    "game": game.record,
    "mail": mail.record,
    "metrics": metrics.record,
}
