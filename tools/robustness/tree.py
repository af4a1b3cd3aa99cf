"""Mutations of the decoded document, for the formats that are a plain tree of
maps, lists and scalars (JSON, MessagePack): each is written back by the format's
own small encoder, which can also write duplicate keys."""

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tools.robustness.mutant import Base, Mutant, Mutator, shuffled


@dataclass(frozen=True)
class Pairs:
    """A map written as these key/value pairs, in order (keys may repeat)."""

    items: tuple[tuple[str, Any], ...]


Encoder = Callable[[Any], bytes]
Path = tuple[str | int, ...]


def paths(tree: Any, prefix: Path = ()) -> list[Path]:
    """Every value's path below the document root, in document order."""
    out: list[Path] = []
    children = tree.items() if isinstance(tree, dict) else enumerate(tree) if isinstance(tree, list) else []
    for key, value in children:
        out += [(*prefix, key), *paths(value, (*prefix, key))]
    return out


def replaced(tree: Any, path: Path, value: Any) -> Any:
    """A copy of `tree` with the value at `path` replaced (copies only the spine)."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(tree, dict):
        return {k: replaced(v, rest, value) if k == head else v for k, v in tree.items()}
    return [replaced(v, rest, value) if i == head else v for i, v in enumerate(tree)]


def get(tree: Any, path: Path) -> Any:
    for key in path:
        tree = tree[key]
    return tree


def other_type(value: Any) -> Any:
    """A value of another JSON type than `value`."""
    if isinstance(value, bool):
        return "true"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, str):
        return 12345
    if isinstance(value, list):
        return {"0": value[0] if value else None}
    if isinstance(value, dict):
        return list(value.values())
    return 0.5


def wrong_type(encode: Encoder) -> Mutator:
    def mutate(base: Base, rng: random.Random, count: int) -> list[Mutant]:
        out = []
        for path in shuffled(paths(base.tree), rng, count):
            old = get(base.tree, path)
            new = other_type(old)
            out.append(
                Mutant(encode(replaced(base.tree, path, new)), {"path": list(path), "to": type(new).__name__})
            )
        return out

    return mutate


def duplicate_key(encode: Encoder) -> Mutator:
    """One map gets a key twice, the repeat holding the same value or another type's."""

    def mutate(base: Base, rng: random.Random, count: int) -> list[Mutant]:
        keyed = [p for p in paths(base.tree) if isinstance(p[-1], str)]
        out = []
        for path in shuffled(keyed, rng, count):
            owner, key = get(base.tree, path[:-1]), str(path[-1])
            same = rng.random() < 0.5
            repeat = owner[key] if same else other_type(owner[key])
            pairs = Pairs((*owner.items(), (key, repeat)))
            data = encode(replaced(base.tree, path[:-1], pairs))
            out.append(Mutant(data, {"path": list(path), "repeat": "same" if same else "different"}))
        return out

    return mutate
