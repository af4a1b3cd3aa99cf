"""The `user` record's shape in the fixture contract (schemas/README.md,
schemas/user/README.md), written from the README and user.proto, independently of
generate.py, and the edge cases its fixtures hold beyond what the shape implies
(EDGES)."""

from schemas.datagen.contract import ADDRESS, STRING, UINT32, Edges, ListOf, Obj

RECORD = Obj({"name": STRING, "email": STRING, "age": UINT32, "tags": ListOf(STRING), "address": ADDRESS})

EDGES = Edges(values={"age": {0, 2**32 - 1}})
