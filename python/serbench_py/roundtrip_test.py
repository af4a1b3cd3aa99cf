import dataclasses

import pytest

from serbench_py.adapter import Capability
from serbench_py.adapters.protobuf_adapter import ProtobufAdapter
from serbench_py.model import User, load_users
from serbench_py.roundtrip import RoundTripError, check_round_trip, first_difference


class _MangledCityAdapter:
    """Protobuf that upper-cases every city on decode: a deliberately wrong library."""

    lib = "mangled"
    format = "protobuf"
    variant = None
    version = "0"
    capabilities = frozenset({Capability.CODEGEN})

    def encode(self, users: list[User]) -> bytes:
        return ProtobufAdapter().encode(users)

    def decode(self, data: bytes) -> list[User]:
        return [
            dataclasses.replace(
                u, address=dataclasses.replace(u.address, city=u.address.city.upper())
            )
            for u in ProtobufAdapter().decode(data)
        ]


class _FailingAdapter(_MangledCityAdapter):
    def encode(self, users: list[User]) -> bytes:
        raise OverflowError("age out of range")


def test_wrong_adapter_is_refused_naming_the_field() -> None:
    with pytest.raises(RoundTripError) as refusal:
        check_round_trip(_MangledCityAdapter(), load_users())
    assert str(refusal.value) == (
        "lib=mangled format=protobuf: users[0].address.city: expected 'London', got 'LONDON'"
    )


def test_failing_adapter_is_refused_with_its_error() -> None:
    with pytest.raises(
        RoundTripError, match="lib=mangled format=protobuf: round trip raised OverflowError"
    ):
        check_round_trip(_FailingAdapter(), load_users())


def test_correct_adapter_passes() -> None:
    check_round_trip(ProtobufAdapter(), load_users())


def test_first_difference_checks_types_and_lengths() -> None:
    user = load_users()[0]
    as_list = dataclasses.replace(user, tags=list(user.tags))  # type: ignore[arg-type]
    assert first_difference([user], [as_list]) == (
        "users[0].tags: expected tuple ('math', 'engines', 'poetry'), "
        "got list ['math', 'engines', 'poetry']"
    )
    shorter = dataclasses.replace(user, tags=user.tags[:1])
    assert first_difference([user], [shorter]) == "users[0].tags: expected 3 items, got 1"
    assert first_difference([user], []) == "users: expected 1 items, got 0"
    assert first_difference([user], [user]) is None
