"""Every dataset the suite runs, where its fixture comes from, and its schema (if any)."""

import functools
import json
from dataclasses import dataclass
from typing import Any

from serbench_py import fixtures
from serbench_py.datasets import SYNTHETIC
from serbench_py.schema import Dataset


@dataclass(frozen=True)
class Source:
    """A dataset by name: its sizes, its runfile per size, and its record schema.

    Real documents have no schema (`schema` None): only schema-less libraries
    represent them, and they have no records to access.
    """

    name: str
    sizes: tuple[int, ...]
    schema: Dataset | None
    path_template: str  # runfile path, {size} filled in

    def path(self, size: int) -> str:
        return self.path_template.format(size=size)

    def load(self, size: int) -> Any:
        """A fresh plain JSON tree of the fixture."""
        return json.loads(self.raw(size))

    def raw(self, size: int) -> bytes:
        return _read(self.path(size))


@functools.cache
def _read(path: str) -> bytes:
    return fixtures.runfile(path).read_bytes()


def _synthetic(schema: Dataset) -> Source:
    name = schema.name
    return Source(name, fixtures.SIZES, schema, f"schemas/{name}/{name}_{{size}}.json")


def _document(name: str, path: str) -> Source:
    return Source(name, (1,), None, path)


REAL_JSON = ("twitter", "citm_catalog", "canada")

SOURCES: dict[str, Source] = {
    **{name: _synthetic(schema) for name, schema in SYNTHETIC.items()},
    **{name: _document(name, f"schemas/real/{name}.json") for name in REAL_JSON},
    # The large real document (tens of MiB): apt's package index as one JSON map.
    "packages": _document("packages", "schemas/packages/packages.json"),
}
