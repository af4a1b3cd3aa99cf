"""The units every mutator works on: a base (one golden vector) and a mutant."""

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

Params = dict[str, object]
T = TypeVar("T")


@dataclass(frozen=True)
class Base:
    """One golden vector with the fixture it encodes."""

    format: str
    dataset: str
    size: int
    data: bytes
    # The canonical fixture document (a golden JSON vector decodes to it).
    tree: Any = field(repr=False)


@dataclass(frozen=True)
class Mutant:
    data: bytes
    params: Params
    # Schemaless inputs (nested arrays...) have no fixture: dataset None, expect accept.
    schemaless: bool = False


# (base, rng, count) -> up to `count` mutants. Each draws from its own rng in a fixed
# order, so the first N of a larger count are the N of a smaller one.
Mutator = Callable[[Base, random.Random, int], list[Mutant]]


def shuffled(items: list[T], rng: random.Random, count: int) -> list[T]:
    """The first `count` of a seeded shuffle: prefix-stable in `count`."""
    items = list(items)
    rng.shuffle(items)
    return items[:count]


def fixture_strings(tree: Any) -> list[str]:
    """Every string (value or key) of a decoded JSON document, in document order."""
    found: list[str] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            found.append(node)
        elif isinstance(node, dict):
            found += node.keys()
            stack += reversed(list(node.values()))
        elif isinstance(node, list):
            stack += reversed(node)
    return found
