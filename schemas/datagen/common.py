"""Shared building blocks of the synthetic records: seeded randomness, text pools
with deliberate edge cases, timestamps and addresses.

Each record is drawn from its own Random seeded by (dataset, index), so record i is
the same whatever the file size: the smaller files are prefixes of the larger.
"""

import datetime as dt
import unicodedata
from random import Random
from typing import Any

Record = dict[str, Any]

_EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)
# 2024-01-01T00:00:00Z in microseconds: recent, fixed, well inside int64 and 2^53.
BASE_MICROS = 1_704_067_200_000_000
YEAR_MICROS = 366 * 24 * 3600 * 1_000_000

FIRST_NAMES = [
    "Ada",
    "Grace",
    "Alan",
    "Zoë",
    "Émile",
    "Amara",
    "Ngozi",
    "Jürgen",
    "Søren",
    "Ólafur",
    "Hiroshi",
    "Priya",
    "José",
    "François",
    "Małgorzata",
    "Łukasz",
    "Siobhán",
    "Chidi",
    "Mei",
    "Noah",
    "Fatima",
    "Olga",
    "Kwame",
    "Ingrid",
]
LAST_NAMES = [
    "Lovelace",
    "Hopper",
    "Turing",
    "Åkesson",
    "Nakamura",
    "O'Brien",
    "Müller",
    "Núñez",
    "Kowalski",
    "Dubois",
    "Okafor",
    "Sørensen",
    "Smith",
    "山田",
    "李",
    "Иванова",
    "Haddad",
    "García-Márquez",
    "Van der Berg",
    "Ng",
]
CITIES = [
    ("London", "GB"),
    ("東京", "JP"),
    ("Paris", "FR"),
    ("São Paulo", "BR"),
    ("Zürich", "CH"),
    ("Kraków", "PL"),
    ("Москва", "RU"),
    ("القاهرة", "EG"),
    ("서울", "KR"),
    ("Reykjavík", "IS"),
    ("New York", "US"),
    ("Mumbai", "IN"),
    ("Lagos", "NG"),
    ("Berlin", "DE"),
    ("Montréal", "CA"),
    ("Sydney", "AU"),
]
STREETS = [
    "High Street",
    "Rue de Rivoli",
    "Hauptstraße",
    "Calle Mayor",
    "Main St",
    "Avenida Paulista",
    "ul. Floriańska",
    "Baker Street",
    "Shibuya-dōri",
]
_WORD_TEXT = (
    "the of and to in is that for it as was with be by on not he this are or his from at which "
    "but have an they you were her she there been one all we their has would when if so what no "
    "data system report meeting budget plan review update release server client network design "
    "quarter customer invoice schedule project team results draft final change request issue"
)
WORDS = _WORD_TEXT.split()
# Strings that stress encoders: escapes, non-ASCII in every plane, emptiness.
TRICKY_STRINGS = [
    "",
    'quote " inside',
    "back\\slash",
    "line\nbreak",
    "tab\tand\r\ncrlf",
    "emoji 🎉🚀👩‍💻",
    "漢字かなカナ",
    "àéîõü ß Æ œ",
    'x"y',
    "a,b",
    "مرحبا",
]


def rng_for(dataset: str, index: int) -> Random:
    """The Random of one record; a string seed is hashed identically on every run."""
    return Random(f"serbench/{dataset}/{index}")


def is_edge(index: int, period: int, offset: int) -> bool:
    """True for a deterministic sprinkling of records (offset < period keeps one in each 100)."""
    return index % period == offset


def text_or_tricky(rng: Random, text: str, chance: float = 0.06) -> str:
    return rng.choice(TRICKY_STRINGS) if rng.random() < chance else text


def person_name(rng: Random) -> str:
    return f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)}"


def slug(text: str) -> str:
    """ASCII local part for an e-mail address; names without Latin letters fall back."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    cleaned = "".join(c if c.isalnum() else "." for c in ascii_text.lower()).strip(".")
    return cleaned or "user"


def email(rng: Random, name: str) -> str:
    return f"{slug(name)}{rng.randint(1, 999)}@example.{rng.choice(['org', 'com', 'net'])}"


def sentence(rng: Random, words: int) -> str:
    text = " ".join(rng.choice(WORDS) for _ in range(words))
    return text[:1].upper() + text[1:] + "."


def micros(rng: Random) -> int:
    """A microsecond timestamp within 2024."""
    return BASE_MICROS + rng.randrange(YEAR_MICROS)


def rfc3339(us: int) -> str:
    """The contract's timestamp form: UTC, exactly six fractional digits."""
    moment = _EPOCH + dt.timedelta(microseconds=us)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def address(rng: Random) -> Record:
    city, country = rng.choice(CITIES)
    street = f"{rng.randint(1, 250)} {rng.choice(STREETS)}"
    return {
        "street": text_or_tricky(rng, street),
        "city": city,
        "postcode": f"{rng.randint(1000, 99999)}",
        "country": country,
    }
