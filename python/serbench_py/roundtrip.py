"""The round-trip check every case passes before it is timed."""

import dataclasses
from typing import Any

from serbench_py.adapter import Adapter
from serbench_py.model import User


class RoundTripError(Exception):
    """An adapter's decode(encode(fixture)) differs from the fixture."""


def first_difference(expected: Any, actual: Any, path: str = "users") -> str | None:
    """Walks dataclasses and sequences field by field; describes the first mismatch.

    Types must match exactly, so a decoder returning bytes for str, or a list
    for a tuple, is caught even where == would let it pass.
    """
    if type(expected) is not type(actual):
        return (
            f"{path}: expected {type(expected).__name__} {expected!r}, "
            f"got {type(actual).__name__} {actual!r}"
        )
    if dataclasses.is_dataclass(expected):
        for field in dataclasses.fields(expected):
            name = field.name
            found = first_difference(
                getattr(expected, name), getattr(actual, name), f"{path}.{name}"
            )
            if found:
                return found
        return None
    if isinstance(expected, list | tuple):
        if len(expected) != len(actual):
            return f"{path}: expected {len(expected)} items, got {len(actual)}"
        for index, (want, got) in enumerate(zip(expected, actual, strict=True)):
            found = first_difference(want, got, f"{path}[{index}]")
            if found:
                return found
        return None
    return None if expected == actual else f"{path}: expected {expected!r}, got {actual!r}"


def check_round_trip(adapter: Adapter, users: list[User]) -> None:
    """Raises RoundTripError naming the first wrong field of decode(encode(users))."""
    who = f"lib={adapter.lib} format={adapter.format}"
    try:
        decoded = adapter.decode(adapter.encode(users))
    except Exception as error:  # any failure of the library refuses the case
        raise RoundTripError(f"{who}: round trip raised {error!r}") from error
    difference = first_difference(users, decoded)
    if difference:
        raise RoundTripError(f"{who}: {difference}")
