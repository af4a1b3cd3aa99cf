"""mail's own edge cases (schemas/mail/README.md), beyond //schemas/datagen:coverage_test."""

import json

from schemas.datagen.testing import built_records


def test_mail_records_are_about_ten_kilobytes() -> None:
    for record in built_records("mail", 100):
        assert 9_000 <= len(record["body"].encode()) <= 10_000
        assert 9_500 <= len(json.dumps(record, ensure_ascii=False).encode()) <= 11_500
