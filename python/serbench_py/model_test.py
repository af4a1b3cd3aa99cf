import json

import pytest

from serbench_py.model import Address, User, load_users, users_from_json


def test_fixture_loads_into_the_native_model() -> None:
    users = load_users()
    assert [u.name for u in users] == ["Ada Lovelace", "Zoë Åkesson-Nakamura", "Émile Ngozi"]
    assert [u.age for u in users] == [36, 0, 4294967295]
    assert users[1].tags == ()
    assert users[2].tags == ("édition", "a,b", 'x"y')
    assert users[1].address == Address(street="", city="東京", postcode="100-0001", country="JP")


def test_users_from_json_builds_tuples_and_nested_addresses() -> None:
    text = (
        '{"records": [{"name": "n", "email": "e", "age": 1, "tags": ["t"],'
        ' "address": {"street": "s", "city": "c", "postcode": "p", "country": "k"}}]}'
    )
    assert users_from_json(text) == [User("n", "e", 1, ("t",), Address("s", "c", "p", "k"))]


@pytest.mark.parametrize(
    ("field", "value"), [("age", True), ("age", "1"), ("name", 5), ("tags", [1])]
)
def test_users_from_json_rejects_wrong_types(field: str, value: object) -> None:
    user = {
        "name": "n",
        "email": "e",
        "age": 1,
        "tags": [],
        "address": {"street": "s", "city": "c", "postcode": "p", "country": "k"},
        field: value,
    }
    with pytest.raises(ValueError, match=field):
        users_from_json(json.dumps({"records": [user]}))
