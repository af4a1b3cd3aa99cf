"""The `order` dataset: a nested e-commerce order (customer, address, line items)."""

from random import Random

from schemas.datagen.common import (
    Record,
    address,
    email,
    is_edge,
    micros,
    person_name,
    rfc3339,
    text_or_tricky,
)

STATUSES = ["PENDING", "PAID", "SHIPPED", "DELIVERED", "CANCELLED"]
CURRENCIES = ["EUR", "USD", "GBP", "JPY", "CHF"]
PRODUCTS = [
    "USB-C cable 2m",
    'Monitor 27" 4K',
    "Crème brûlée torch",
    "抹茶 tea 100g",
    "Notebook A5",
    "Espresso beans 1kg",
    "Wireless mouse",
    "Bike light ☀",
    "Backslash \\ key",
]
MAX_SAFE_ID = 2**53 - 1


def _item(rng: Random) -> Record:
    return {
        "sku": f"SKU-{rng.getrandbits(24):06X}",
        "name": text_or_tricky(rng, rng.choice(PRODUCTS)),
        "quantity": rng.randint(1, 12),
        "unit_price_cents": rng.randint(1, 99_999),
    }


def record(rng: Random, index: int) -> Record:
    # Edge orders: one with no items (total 0), one with the largest safe id.
    items = [] if is_edge(index, 50, 7) else [_item(rng) for _ in range(rng.randint(1, 6))]
    name = person_name(rng)
    # Prices are exact cents, so the total is an exact sum rounded to cents.
    total_cents = sum(item["quantity"] * item["unit_price_cents"] for item in items)
    return {
        "id": MAX_SAFE_ID if is_edge(index, 50, 9) else 1_000_000 + index,
        "created_at": rfc3339(micros(rng)),
        "status": STATUSES[index % len(STATUSES)],
        "customer": {
            "id": rng.randint(1, 10**9),
            "name": name,
            "email": email(rng, name),
            "phone": "" if is_edge(index, 25, 4) else f"+{rng.randint(1, 99)} {rng.randint(10**8, 10**9)}",
        },
        "shipping_address": address(rng),
        "items": [
            {
                "sku": item["sku"],
                "name": item["name"],
                "quantity": item["quantity"],
                "unit_price": item["unit_price_cents"] / 100,
            }
            for item in items
        ],
        "total": total_cents / 100,
        "currency": rng.choice(CURRENCIES),
    }
