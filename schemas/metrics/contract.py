"""The `metrics` record's shape in the fixture contract (schemas/README.md,
schemas/metrics/README.md), written from the README and metrics.proto, independently
of generate.py, and the edge cases its fixtures hold beyond what the shape implies
(EDGES)."""

from schemas.datagen.contract import DOUBLE, INT64, STRING, Edges, ListOf, Obj

RECORD = Obj(
    {"name": STRING, "unit": STRING, "timestamps": ListOf(INT64, 256), "values": ListOf(DOUBLE, 256)}
)

# Its only strings are the name and the unit: some are empty or non-ASCII, none needs a
# JSON escape or holds an emoji.
EDGES = Edges(
    values={"values": {0.0, 5e-324, 1.7976931348623157e308}},
    strings=frozenset({"empty", "non_ascii"}),
)
