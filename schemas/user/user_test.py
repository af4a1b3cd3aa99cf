"""user's own edge cases (schemas/user/README.md), beyond //schemas/datagen:coverage_test."""

from schemas.datagen.testing import built_records


def test_user_keeps_the_hand_written_users() -> None:
    hand_written = built_records("user", 100)[:3]
    assert [u["name"] for u in hand_written] == ["Ada Lovelace", "Zoë Åkesson-Nakamura", "Émile Ngozi"]
