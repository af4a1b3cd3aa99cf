"""The `order` record's shape in the fixture contract (schemas/README.md,
schemas/order/README.md), written from the README and order.proto, independently of
generate.py, and the edge cases its fixtures hold beyond what the shape implies
(EDGES)."""

from collections.abc import Iterator
from typing import Any

from schemas.datagen.contract import (
    ADDRESS,
    MONEY,
    SAFE_UINT,
    STRING,
    TIMESTAMP,
    UINT32,
    Edges,
    Enum,
    ListOf,
    Obj,
    Rule,
)

RECORD = Obj(
    {
        "id": SAFE_UINT,
        "created_at": TIMESTAMP,
        "status": Enum(("PENDING", "PAID", "SHIPPED", "DELIVERED", "CANCELLED")),
        "customer": Obj({"id": SAFE_UINT, "name": STRING, "email": STRING, "phone": STRING}),
        "shipping_address": ADDRESS,
        "items": ListOf(Obj({"sku": STRING, "name": STRING, "quantity": UINT32, "unit_price": MONEY})),
        "total": MONEY,
        "currency": STRING,
    }
)


def _total(record: Any) -> Iterator[str]:
    """total is the sum of quantity x unit_price rounded to cents."""
    cents = sum(round(i["quantity"] * i["unit_price"] * 100) for i in record["items"])
    if round(record["total"] * 100) != cents:
        yield f"total: {record['total']} is not the sum of the items ({cents / 100})"


RULES: tuple[Rule, ...] = (_total,)

# The largest safe id, and an order with no items.
EDGES = Edges(values={"id": {2**53 - 1}, "total": {0.0}})
