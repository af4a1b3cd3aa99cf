"""The `mail` record's shape in the fixture contract (schemas/README.md), written from
the README and mail.proto, independently of generate.py."""

from schemas.datagen.contract import STRING, TIMESTAMP, ListOf, Obj

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
