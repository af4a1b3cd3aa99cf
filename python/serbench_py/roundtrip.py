"""The round-trip check every case passes before it is timed."""

from typing import Any

from serbench_py.adapter import Canonical, Codec


class RoundTripError(Exception):
    """decode(encode(fixture)) differs from the fixture, or the library failed."""


def _same_number(expected: Any, actual: Any) -> bool:
    """1 and 1.0 as equal numbers (never True): JSON has one number type."""
    numbers = (int, float)
    return (
        isinstance(expected, numbers)
        and isinstance(actual, numbers)
        and not isinstance(expected, bool)
        and not isinstance(actual, bool)
        and expected == actual
    )


def first_difference(
    expected: Any, actual: Any, path: str = "", numbers_by_value: bool = False
) -> str | None:
    """Walks two JSON trees; describes the first mismatch.

    Types are exact (1 is not 1.0 or True) unless `numbers_by_value`, for JSON
    written by another language, where 1 and 1.0 are the same number.
    """
    where = path or "payload"
    if numbers_by_value and _same_number(expected, actual):
        return None
    if type(expected) is not type(actual):
        return (
            f"{where}: expected {type(expected).__name__} {expected!r:.80}, "
            f"got {type(actual).__name__} {actual!r:.80}"
        )
    if isinstance(expected, dict):
        for key, want in expected.items():
            inner = f"{path}.{key}".lstrip(".")
            found = (
                f"{inner}: missing"
                if key not in actual
                else first_difference(want, actual[key], inner, numbers_by_value)
            )
            if found:
                return found
        extra = sorted(str(key) for key in actual.keys() - expected.keys())
        return f"{where}: unexpected key {extra[0]!r}" if extra else None
    if isinstance(expected, list):
        if len(expected) != len(actual):
            return f"{where}: expected {len(expected)} items, got {len(actual)}"
        for index, (want, got) in enumerate(zip(expected, actual, strict=True)):
            found = first_difference(want, got, f"{path}[{index}]", numbers_by_value)
            if found:
                return found
        return None
    return None if expected == actual else f"{where}: expected {expected!r:.80}, got {actual!r:.80}"


def check_round_trip(codec: Codec, tree: Any, tree_repr: str | None = None) -> tuple[Any, bytes]:
    """The native objects and payload of `tree`, once decode(encode()) gives `tree` back.

    Raises RoundTripError naming the first wrong field (or the library's error).
    `tree_repr` is repr(tree), when the caller checks many libraries on one tree. A
    Canonical codec is compared with its own form of the tree.
    """
    expected = tree
    if isinstance(codec, Canonical):
        expected, tree_repr = codec.canonical(tree), None
    try:
        native = codec.native(tree)
        payload = codec.encode(native)
        decoded = codec.to_tree(codec.decode(payload))
    except Exception as error:  # any failure of the library refuses the case
        raise RoundTripError(f"round trip raised {error!r:.200}") from error
    # repr() tells 1, 1.0 and True, tuples and lists apart, in C: equal reprs
    # are equal trees, and only a mismatch pays for the walk that names the field.
    same = (tree_repr or repr(expected)) == repr(decoded)
    difference = None if same else first_difference(expected, decoded)
    if difference:
        raise RoundTripError(difference)
    return native, payload
