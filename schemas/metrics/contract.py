"""The `metrics` record's shape in the fixture contract (schemas/README.md), written
from the README and metrics.proto, independently of generate.py."""

from schemas.datagen.contract import DOUBLE, INT64, STRING, ListOf, Obj

RECORD = Obj(
    {"name": STRING, "unit": STRING, "timestamps": ListOf(INT64, 256), "values": ListOf(DOUBLE, 256)}
)
