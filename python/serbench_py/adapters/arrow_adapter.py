"""Arrow IPC (pyarrow) for tabular datasets: one row per record, one column per field,
and for a document that is one table (packages: one row per package).

decode reads the IPC stream into a pyarrow Table (Arrow's native, columnar
object; its buffers point into the payload), access_full then converts rows to
Python values, as every other library's access does from its objects;
access_lazy reads only the named cells from the table's columns.
"""

import operator
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from serbench_py.adapter import Capability, Codec, Reader, WholeDocument, read_all, version
from serbench_py.schema import Dataset, Enum, List, Scalar, Timestamp, Type
from serbench_py.sources import Source


def _arrow_type(kind: Type) -> Any:
    import pyarrow as pa

    if isinstance(kind, List):
        return pa.list_(_arrow_type(kind.item))
    if isinstance(kind, Timestamp | Enum):
        return pa.string()  # kept as canonical text: Arrow tables here hold the tree's values
    assert isinstance(kind, Scalar), kind
    names = {"str": "string", "bool": "bool", "float32": "float32", "float64": "float64"}
    return getattr(pa, names.get(kind.kind, kind.kind))()


class _Ipc:
    """A table as an Arrow IPC stream, and back."""

    def encode(self, native: Any) -> bytes:
        import pyarrow as pa

        sink = pa.BufferOutputStream()
        with pa.ipc.new_stream(sink, native.schema) as writer:
            writer.write_table(native)
        return bytes(sink.getvalue())

    def decode(self, data: bytes) -> Any:
        import pyarrow as pa

        return pa.ipc.open_stream(data).read_all()


@dataclass
class ArrowCodec(_Ipc):
    dataset: Dataset
    schema: Any

    def native(self, tree: Any) -> Any:
        import pyarrow as pa

        return pa.Table.from_pylist(tree["records"], schema=self.schema)

    def to_tree(self, native: Any) -> Any:
        return {"records": native.to_pylist()}

    def records(self, native: Any) -> Sequence[Any]:
        rows: Sequence[Any] = native.to_pylist()
        return rows

    def reader(self, path: str) -> Reader:
        return operator.itemgetter(path)

    def lazy_reader(self, path: str) -> Reader:
        return lambda row: row.read(path)

    def read_lazily(self, data: bytes, readers: Sequence[Reader]) -> list[object]:
        table = self.decode(data)
        return read_all([_Row(table, i) for i in range(table.num_rows)], readers)


@dataclass
class TableDocumentCodec(WholeDocument, _Ipc):
    """A document whose map `key` holds one row per entry: the entry's key is
    column `name`, its fields the other columns (types inferred by pyarrow from
    every value: strings, int64, list<string>). to_tree rebuilds the whole map,
    so the round trip compares every field of every row with the fixture."""

    key: str

    def native(self, tree: Any) -> Any:
        import pyarrow as pa

        return pa.Table.from_pylist([{"name": k, **v} for k, v in tree[self.key].items()])

    def to_tree(self, native: Any) -> Any:
        return {self.key: {row.pop("name"): row for row in native.to_pylist()}}


@dataclass(frozen=True)
class _Row:
    """One row of a table, read cell by cell from its columns."""

    table: Any
    index: int

    def read(self, column: str) -> object:
        return self.table.column(column)[self.index].as_py()


_LAZY_DECODE = "a Table whose Arrow buffers point into the payload: no value is converted"


@dataclass(frozen=True)
class ArrowLibrary:
    lib: str = "pyarrow"
    distribution: str = "pyarrow"
    import_module: str = "pyarrow"
    home: str = "https://arrow.apache.org/docs/python/"
    format: str = "arrow"
    variant: str | None = "ipc"
    capabilities: frozenset[Capability] = frozenset({Capability.ZERO_COPY})
    unsupported: tuple[tuple[str, str], ...] = ()
    env: dict[str, str] = field(default_factory=dict)
    lazy: tuple[tuple[str, str], ...] = (("decode", _LAZY_DECODE), ("roundtrip", _LAZY_DECODE))

    @property
    def version(self) -> str:
        return version(self.distribution)

    def supports(self, source: Source) -> str | None:
        if source.table:
            return None
        if source.schema is None:
            return "Arrow IPC holds tables: this document has no record schema"
        if not source.schema.tabular:
            return "Arrow IPC holds tables: these records nest records or unions"
        return None

    def codec(self, source: Source) -> Codec:
        import pyarrow as pa

        if source.table:
            return TableDocumentCodec(source.table)
        assert source.schema is not None
        root = source.schema.record(source.schema.root.name)
        schema = pa.schema([(f.name, _arrow_type(f.type)) for f in root.fields])
        return ArrowCodec(source.schema, schema)
