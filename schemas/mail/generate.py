"""The `mail` dataset: an e-mail-like, string-heavy message of about 10 KB (the body
about 9 KB), with contacts, headers and non-ASCII text."""

from random import Random

from schemas.datagen.common import (
    TRICKY_STRINGS,
    Record,
    email,
    micros,
    person_name,
    rfc3339,
    sentence,
    text_or_tricky,
)

BODY_BYTES = 9_000
SUBJECTS = [
    "Quarterly report",
    "Re: budget",
    "Fwd: meeting notes",
    "Réunion demain",
    "会議の議事録",
    "🎉 Release",
]
MAILERS = ["Thunderbird 115.3", "Apple Mail (2.3731)", "Outlook 16.0", "mutt/2.2.12"]


def _contact(rng: Random) -> Record:
    name = person_name(rng)
    return {"name": name, "address": email(rng, name)}


def _headers(rng: Random, message_id: str) -> list[Record]:
    hops = [
        {
            "name": "Received",
            "value": f"from mx{n}.example.org (mx{n}.example.org [192.0.2.{n}]) "
            f"by mail.example.net with ESMTPS id {rng.getrandbits(48):012x}",
        }
        for n in range(1, rng.randint(2, 5))
    ]
    return [
        *hops,
        {"name": "X-Mailer", "value": rng.choice(MAILERS)},
        {"name": "Content-Type", "value": 'text/plain; charset="utf-8"'},
        {"name": "References", "value": message_id},
        {"name": "X-Empty", "value": ""},
    ]


def _body(rng: Random) -> str:
    """Paragraphs of words up to about 9 KB of UTF-8, with a tricky line now and then."""
    paragraphs: list[str] = []
    size = 0
    while size < BODY_BYTES:
        text = " ".join(sentence(rng, rng.randint(6, 18)) for _ in range(rng.randint(2, 6)))
        if rng.random() < 0.2:
            text += " " + rng.choice(TRICKY_STRINGS)
        paragraphs.append(text)
        size += len(text.encode()) + 2
    return "\n\n".join(paragraphs)


def record(rng: Random, index: int) -> Record:
    message_id = f"<{rng.getrandbits(64):016x}.{index}@mail.example.org>"
    return {
        "message_id": message_id,
        "subject": text_or_tricky(rng, rng.choice(SUBJECTS)),
        "sender": _contact(rng),
        "to": [_contact(rng) for _ in range(rng.randint(1, 4))],
        "cc": [_contact(rng) for _ in range(rng.randint(0, 3))],
        "date": rfc3339(micros(rng)),
        "headers": _headers(rng, message_id),
        "body": _body(rng),
    }
