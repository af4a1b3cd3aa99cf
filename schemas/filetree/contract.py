"""The `filetree` record's shape in the fixture contract (schemas/README.md), written
from the README and filetree.proto, independently of generate.py."""

from schemas.datagen.contract import SAFE_UINT, STRING, TIMESTAMP, Enum, ListOf, Obj, Ref, Type, Union

_HEADER: dict[str, Type] = {
    "name": STRING,
    "created_by": STRING,
    "created_at": TIMESTAMP,
    "updated_by": STRING,
    "updated_at": TIMESTAMP,
}
_OPTIONAL = frozenset({"updated_by", "updated_at"})
RECORD: Type = Union(
    {
        "file": Obj(
            {**_HEADER, "nbytes": SAFE_UINT, "permissions": Enum(("READ", "WRITE", "READ_WRITE"))},
            _OPTIONAL,
        ),
        "directory": Obj({**_HEADER, "contents": ListOf(Ref(lambda: RECORD))}, _OPTIONAL),
    }
)
