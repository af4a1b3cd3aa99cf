"""The `user` dataset: a flat record (name, e-mail, age, tags, nested address)."""

from random import Random

from schemas.datagen.common import Record, address, email, person_name, text_or_tricky

UINT32_MAX = 2**32 - 1
TAGS = ["math", "engines", "poetry", "admin", "beta", "vip", "édition", "日本語", "🚀", "a,b"]

# The hand-written users of the first fixture, kept as records 0-2: a plain one,
# one with age 0, no tags, an empty street and a CJK city, and one with age
# uint32 max and tags needing JSON escapes.
HAND_WRITTEN: list[Record] = [
    {
        "name": "Ada Lovelace",
        "email": "ada@example.org",
        "age": 36,
        "tags": ["math", "engines", "poetry"],
        "address": {
            "street": "12 St James's Square",
            "city": "London",
            "postcode": "SW1Y 4JH",
            "country": "GB",
        },
    },
    {
        "name": "Zoë Åkesson-Nakamura",
        "email": "zoe.nakamura@example.com",
        "age": 0,
        "tags": [],
        "address": {"street": "", "city": "東京", "postcode": "100-0001", "country": "JP"},
    },
    {
        "name": "Émile Ngozi",
        "email": "e.ngozi@example.net",
        "age": UINT32_MAX,
        "tags": ["édition", "a,b", 'x"y'],
        "address": {
            "street": "1 Rue de Rivoli",
            "city": "Paris",
            "postcode": "75001",
            "country": "FR",
        },
    },
]


def record(rng: Random, index: int) -> Record:
    if index < len(HAND_WRITTEN):
        return HAND_WRITTEN[index]
    name = person_name(rng)
    return {
        "name": name,
        "email": email(rng, name),
        "age": rng.randint(16, 99),
        "tags": [text_or_tricky(rng, rng.choice(TAGS)) for _ in range(rng.randint(0, 5))],
        "address": address(rng),
    }
