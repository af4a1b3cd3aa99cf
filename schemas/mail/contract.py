"""The `mail` record's shape in the fixture contract (schemas/README.md,
schemas/mail/README.md), written from the README and mail.proto, independently of
generate.py, and the edge cases its fixtures hold beyond what the shape implies
(EDGES)."""

from schemas.datagen.contract import STRING, TIMESTAMP, Edges, ListOf, Obj

_CONTACT = Obj({"name": STRING, "address": STRING})
RECORD = Obj(
    {
        "message_id": STRING,
        "subject": STRING,
        "sender": _CONTACT,
        "to": ListOf(_CONTACT),
        "cc": ListOf(_CONTACT),
        "date": TIMESTAMP,
        "headers": ListOf(Obj({"name": STRING, "value": STRING})),
        "body": STRING,
    }
)

# No numbers: its edges are the string ones, all of them (the body mixes them in).
EDGES = Edges()
