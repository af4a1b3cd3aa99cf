"""The `user` record's shape in the fixture contract (schemas/README.md), written from
the README and user.proto, independently of generate.py."""

from schemas.datagen.contract import ADDRESS, STRING, UINT32, ListOf, Obj

RECORD = Obj({"name": STRING, "email": STRING, "age": UINT32, "tags": ListOf(STRING), "address": ADDRESS})
