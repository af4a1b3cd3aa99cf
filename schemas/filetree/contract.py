"""The `filetree` record's shape in the fixture contract (schemas/README.md,
schemas/filetree/README.md), written from the README and filetree.proto, independently
of generate.py, and the edge cases its fixtures hold beyond what the shape implies
(EDGES)."""

from schemas.datagen.contract import SAFE_UINT, STRING, TIMESTAMP, Edges, Enum, ListOf, Obj, Ref, Type, Union

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

EDGES = Edges(values={"nbytes": {0, 2**53 - 1}})
