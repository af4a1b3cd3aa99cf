"""The synthetic datasets and their sizes: adding one is a module with
`record(rng, index)` plus one line here (and its contract in contract.py)."""

from collections.abc import Callable
from random import Random

from schemas.datagen import filetree, game, mail, metrics, order, user
from schemas.datagen.common import Record

SIZES = (1, 100, 1000)

RecordMaker = Callable[[Random, int], Record]

DATASETS: dict[str, RecordMaker] = {
    "user": user.record,
    "order": order.record,
    "filetree": filetree.record,
    "game": game.record,
    "mail": mail.record,
    "metrics": metrics.record,
}
