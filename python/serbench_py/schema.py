"""A declarative description of each dataset's record types.

One description per dataset (serbench_py/datasets.py) is the single source
from which every typed library's classes, the protobuf/FlatBuffers converters
and the Avro schemas are built, so no library keeps its own copy of a schema.
"""

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta


@dataclass(frozen=True)
class Scalar:
    """str, bool, an integer or a float; `kind` is its wire width (uint32, float32, ...)."""

    kind: str

    @property
    def python(self) -> type:
        if self.kind == "str":
            return str
        if self.kind == "bool":
            return bool
        return float if self.kind.startswith("float") else int


@dataclass(frozen=True)
class Timestamp:
    """RFC 3339 text in JSON, an aware datetime in typed classes, int64 micros in binary IDLs."""


@dataclass(frozen=True)
class Enum:
    """Values are names in JSON and typed classes, ordinals in binary IDLs."""

    name: str
    values: tuple[str, ...]


@dataclass(frozen=True)
class Ref:
    """A nested record, by name."""

    name: str


@dataclass(frozen=True)
class Union:
    """A tagged union: JSON objects carry `"type": <tag>`.

    `tags` maps each tag to a record name. `wrapper` names the protobuf message
    / FlatBuffers table that holds the union (filetree's Node) when it is not
    inline in the record (game's `equipped`); `field` is the oneof / union
    field name inside it.
    """

    name: str
    tags: tuple[tuple[str, str], ...]
    wrapper: str | None = None
    field: str = ""
    fbs_enum: str = ""  # FlatBuffers' union type name, when it differs from `name`

    @property
    def fbs_type(self) -> str:
        return self.fbs_enum or self.name

    def record_of(self, tag: str) -> str:
        return dict(self.tags)[tag]

    def tag_of(self, record: str) -> str:
        return {name: tag for tag, name in self.tags}[record]


@dataclass(frozen=True)
class List:
    item: "Type"


@dataclass(frozen=True)
class Map:
    """A JSON object of string keys to values of one type (a dict in typed classes)."""

    item: "Type"


@dataclass(frozen=True)
class Optional:
    """A field that the canonical JSON omits when absent."""

    item: "Type"


Type = Scalar | Timestamp | Enum | Ref | Union | List | Map | Optional

STR = Scalar("str")
TIMESTAMP = Timestamp()
TAG = "type"  # the key naming a union member in the canonical JSON


@dataclass(frozen=True)
class Field:
    name: str
    type: Type


@dataclass(frozen=True)
class Record:
    name: str
    fields: tuple[Field, ...]


@dataclass(frozen=True)
class Dataset:
    """A synthetic dataset: its record types and the type of `records` items.

    `records` lists the record types in dependency order, so a builder can
    create each class after the ones it refers to (recursion aside).
    `access` names a few fields (dotted paths from a record) that the access
    ops read from every record. `top` is the document's top level when it is
    not the list wrapper Payload {records: [root]} (packages: a map of records).
    """

    name: str
    records: tuple[Record, ...]
    root: Ref | Union
    access: tuple[str, ...]
    unions: tuple[Union, ...] = field(default=())
    top: Record | None = None

    @property
    def payload(self) -> Record:
        return self.top or Record("Payload", (Field("records", List(self.root)),))

    def record(self, name: str) -> Record:
        return next(r for r in self.records if r.name == name)

    @property
    def tabular(self) -> bool:
        """Flat records of scalars and lists of scalars, as Arrow tables hold them."""
        root = self.record(self.root.name) if isinstance(self.root, Ref) else None
        return root is not None and all(_is_column(f.type) for f in root.fields)


def _is_column(kind: Type) -> bool:
    if isinstance(kind, List):
        return isinstance(kind.item, Scalar)
    return isinstance(kind, Scalar | Timestamp | Enum)


_FORMAT = "%Y-%m-%dT%H:%M:%S.%fZ"


def parse_timestamp(text: str) -> datetime:
    return datetime.strptime(text, _FORMAT).replace(tzinfo=UTC)


def format_timestamp(value: datetime) -> str:
    """The canonical text: UTC with exactly six fractional digits."""
    return value.astimezone(UTC).strftime(_FORMAT)


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def to_micros(value: datetime) -> int:
    delta = value - _EPOCH
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


def from_micros(micros: int) -> datetime:
    return _EPOCH + timedelta(microseconds=micros)
