"""Every dataset the suite runs, where its fixture comes from, and its schema (if any)."""

import functools
import json
import marshal
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from schemas.catalog import catalog
from serbench_py import fixtures, protobuf_documents
from serbench_py.datasets import PACKAGES, SYNTHETIC
from serbench_py.schema import Dataset


@dataclass(frozen=True)
class UserProto:
    """The protobuf message a user's document maps to (the bench's --proto-descriptors FILE
    --message NAME): protobuf then measures the document as that message."""

    descriptors: Path  # a FileDescriptorSet protoc wrote, imports included
    message: str  # the message's full name


@dataclass(frozen=True)
class Source:
    """A dataset by name: its sizes, its runfile per size, and its record schema.

    Real documents have no schema (`schema` None) and no records to access: a
    JSON document is represented by the schema-less libraries (and by typed
    classes where `typed` describes it), a protobuf one (a BenchmarkDataset
    wrapper: google_message*) by protobuf only.
    """

    name: str
    sizes: tuple[int, ...]
    schema: Dataset | None
    path_template: str  # runfile path, {size} filled in
    format: str = "json"  # of the file: json, or protobuf
    # A document that is one table: the key of its map of rows (packages).
    table: str | None = None
    # A document's shape for typed classes, when it has no IDL schemas (packages).
    typed: Dataset | None = None
    # A user's document given with its .proto: the message it maps to.
    proto: UserProto | None = None

    def path(self, size: int) -> str:
        return self.path_template.format(size=size)

    def load(self, size: int) -> Any:
        """A fresh fixture: a plain JSON tree, or a protobuf payload's canonical text."""
        if self.format == "protobuf":
            return protobuf_documents.fixture(self.raw(size))
        return marshal.loads(_parsed(self.path(size)))

    def raw(self, size: int) -> bytes:
        return _read(self.path(size))


# A worker builds a case's input afresh for every sample, from a fresh tree: the parsed
# fixture is kept marshalled (bytes, which the cyclic GC never walks), and unmarshalling
# builds the same tree (the parser's shared key strings included) several times faster
# than parsing the JSON again (23 ms against 116 ms for the 9 MB metrics fixture).
@functools.cache
def _parsed(path: str) -> bytes:
    return marshal.dumps(json.loads(_read(path)))


@functools.cache
def _read(path: str) -> bytes:
    # An absolute path is a user's document (--document); every other path is a runfile.
    found = Path(path) if Path(path).is_absolute() else fixtures.runfile(path)
    return found.read_bytes()


def _synthetic(schema: Dataset) -> Source:
    name = schema.name
    return Source(name, fixtures.SIZES, schema, f"schemas/{name}/{name}_{{size}}.json")


def _document(dataset: catalog.Dataset) -> Source:
    """A real document: its one file (catalog), a JSON tree or a protobuf BenchmarkDataset."""
    file_format = "protobuf" if dataset.kind == "real_protobuf" else "json"
    source = Source(dataset.name, dataset.sizes, None, dataset.file, file_format)
    if dataset.name == PACKAGES.name:
        # The large document is one table (its map of rows) and is described for typed classes.
        return replace(source, table="packages", typed=PACKAGES)
    return source


def user_document(name: str, path: Path, proto: UserProto | None = None) -> Source:
    """A JSON document from outside the catalog (the suite's --document): one payload,
    measured like a real document by the schema-less libraries (and as `proto`'s message
    by protobuf)."""
    return Source(name, (1,), None, str(path.absolute()), proto=proto)


SOURCES: dict[str, Source] = {
    **{name: _synthetic(schema) for name, schema in SYNTHETIC.items()},
    **{d.name: _document(d) for d in catalog.load().datasets if not d.synthetic},
}
