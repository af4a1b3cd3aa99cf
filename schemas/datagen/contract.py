"""The fixture contract of schemas/README.md: the vocabulary its shapes are written in,
and a checker for it. Each dataset's shape is data in its own folder,
schemas/<dataset>/contract.py (RECORD, RULES for cross-field checks and EDGES for the
edge cases its fixtures must hold), found by the dataset's name.

The shapes are written independently of the generators (from the README and the
.proto/.fbs files), so a generator cannot pass by agreeing with itself.
"""

import datetime as dt
import importlib
import math
import re
from collections.abc import Callable, Iterator, Mapping, Set
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any


class ContractError(Exception):
    """Records that break the contract; the message lists where and how."""


@dataclass(frozen=True)
class Int:
    lo: int
    hi: int


@dataclass(frozen=True)
class Scalar:
    """A non-integer scalar checked by a named predicate (see _SCALAR_CHECKS)."""

    kind: str


@dataclass(frozen=True)
class Enum:
    names: tuple[str, ...]


@dataclass(frozen=True)
class ListOf:
    item: "Type"
    length: int | None = None


@dataclass(frozen=True)
class Obj:
    fields: Mapping[str, "Type"]
    optional: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Union:
    """An object tagged by its "type" key; each tag has its own fields."""

    variants: Mapping[str, Obj]


@dataclass(frozen=True)
class Ref:
    """A named type resolved when checked, for recursive shapes."""

    resolve: Callable[[], "Type"] = field(compare=False)


Type = Int | Scalar | Enum | ListOf | Obj | Union | Ref

UINT32 = Int(0, 2**32 - 1)
SAFE_UINT = Int(0, 2**53 - 1)  # ids and sizes: below 2^53 so every JSON reader keeps them exact
INT16 = Int(-(2**15), 2**15 - 1)
INT64 = Int(-(2**63), 2**63 - 1)
UBYTE = Int(0, 255)
STRING = Scalar("string")
DOUBLE = Scalar("double")
MONEY = Scalar("money")
QUARTER = Scalar("quarter")
TIMESTAMP = Scalar("timestamp")

_TIMESTAMP_RE = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z")
_FLOAT32_MAX = 3.4028234663852886e38


def _is_number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)


def _is_timestamp(v: Any) -> bool:
    if not isinstance(v, str) or not _TIMESTAMP_RE.fullmatch(v):
        return False
    try:
        dt.datetime.strptime(v, "%Y-%m-%dT%H:%M:%S.%fZ")
    except ValueError:
        return False
    return True


_SCALAR_CHECKS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "string": (lambda v: isinstance(v, str), "a string"),
    "double": (_is_number, "a finite number"),
    "money": (lambda v: _is_number(v) and round(v * 100) / 100 == v, "a number with at most two decimals"),
    "quarter": (
        lambda v: _is_number(v) and (v * 4).is_integer() and abs(v) <= _FLOAT32_MAX,
        "a multiple of 0.25 (exact in float32)",
    ),
    "timestamp": (_is_timestamp, "an RFC 3339 UTC timestamp with six fractional digits"),
}

# A shape more than one dataset uses (user's address, order's shipping address).
ADDRESS = Obj({"street": STRING, "city": STRING, "postcode": STRING, "country": STRING})

# A cross-field rule of a dataset, run only on records whose shape is already valid.
Rule = Callable[[Any], Iterator[str]]

# The string edges a fixture's strings hold (schemas/README.md), by name.
STRING_EDGES: dict[str, Callable[[str], bool]] = {
    "empty": lambda s: s == "",
    "non_ascii": lambda s: not s.isascii(),
    "escape": lambda s: any(c in s for c in '"\\\n'),  # a quote, a backslash or a newline
    "non_bmp": lambda s: any(ord(c) > 0xFFFF for c in s),  # emoji outside the BMP
}


@dataclass(frozen=True)
class Edges:
    """The edge cases of a dataset's 100-record fixture that its RECORD does not imply
    (its EDGES; //schemas/datagen:coverage_test derives the rest from RECORD: every enum
    value and union member, optional fields both ways, an empty list, fixed lengths).

    values: a field name -> values found under that key somewhere in the records (list
        items count as their list's values), e.g. {"id": {2**53 - 1}}.
    strings: which STRING_EDGES some string holds; all of them unless the record's
        strings cannot (say why beside it).
    """

    values: Mapping[str, Set[Any]] = field(default_factory=dict)
    strings: frozenset[str] = frozenset(STRING_EDGES)

    def __post_init__(self) -> None:
        unknown = self.strings - STRING_EDGES.keys()
        if unknown:
            raise ValueError(
                f"unknown string edges {sorted(unknown)}: the names are {', '.join(STRING_EDGES)}"
            )


def _type_name(value: Any) -> str:
    return "null" if value is None else type(value).__name__


def check(value: Any, spec: Type, path: str) -> Iterator[str]:
    """Every way `value` breaks `spec`, each as "path: what is wrong"."""
    if isinstance(spec, Ref):
        yield from check(value, spec.resolve(), path)
    elif isinstance(spec, Int):
        if not isinstance(value, int) or isinstance(value, bool):
            yield f"{path}: expected an integer, got {_type_name(value)} {value!r}"
        elif not spec.lo <= value <= spec.hi:
            yield f"{path}: {value} is out of range [{spec.lo}, {spec.hi}]"
    elif isinstance(spec, Scalar):
        ok, expected = _SCALAR_CHECKS[spec.kind]
        if not ok(value):
            yield f"{path}: expected {expected}, got {_type_name(value)} {value!r}"
    elif isinstance(spec, Enum):
        if value not in spec.names:
            yield f"{path}: {value!r} is not one of {', '.join(spec.names)}"
    elif isinstance(spec, ListOf):
        yield from _check_list(value, spec, path)
    elif isinstance(spec, Obj):
        yield from _check_object(value, spec, path, set())
    else:
        yield from _check_union(value, spec, path)


def _check_list(value: Any, spec: ListOf, path: str) -> Iterator[str]:
    if not isinstance(value, list):
        yield f"{path}: expected a list, got {_type_name(value)}"
        return
    if spec.length is not None and len(value) != spec.length:
        yield f"{path}: expected {spec.length} items, got {len(value)}"
    for i, item in enumerate(value):
        yield from check(item, spec.item, f"{path}[{i}]")


def _check_object(value: Any, spec: Obj, path: str, extra_keys: set[str]) -> Iterator[str]:
    if not isinstance(value, dict):
        yield f"{path}: expected an object, got {_type_name(value)}"
        return
    for key in spec.fields:
        if key not in value and key not in spec.optional:
            yield f"{path}.{key}: required key missing"
    for key in sorted(value.keys() - spec.fields.keys() - extra_keys):
        yield f"{path}.{key}: unknown key"
    for key, field_spec in spec.fields.items():
        if key in value:
            yield from check(value[key], field_spec, f"{path}.{key}")


def _check_union(value: Any, spec: Union, path: str) -> Iterator[str]:
    if not isinstance(value, dict):
        yield f'{path}: expected an object tagged by "type", got {_type_name(value)}'
        return
    tag = value.get("type")
    if not isinstance(tag, str) or tag not in spec.variants:
        yield f"{path}.type: {tag!r} is not one of {', '.join(spec.variants)}"
        return
    yield from _check_object(value, spec.variants[tag], path, {"type"})


def shape(dataset: str) -> ModuleType:
    """schemas/<dataset>/contract.py: RECORD, the record's shape, and RULES and EDGES, if any."""
    return importlib.import_module(f"schemas.{dataset}.contract")


def edges(dataset: str) -> Edges:
    """A dataset's EDGES (no declared edges when its contract.py has none)."""
    found: Edges = getattr(shape(dataset), "EDGES", Edges())
    return found


def check_records(dataset: str, records: list[Any]) -> list[str]:
    """Every contract error of a dataset's records, paths starting at records[i]."""
    errors: list[str] = []
    found_shape = shape(dataset)
    spec: Type = found_shape.RECORD
    rules: tuple[Rule, ...] = getattr(found_shape, "RULES", ())
    for i, record in enumerate(records):
        path = f"records[{i}]"
        found = list(check(record, spec, path))
        if not found:
            found = [f"{path}.{e}" for rule in rules for e in rule(record)]
        errors.extend(found)
    return errors
