"""Every registered adapter round-trips the fixture, checked field by field."""

import pytest
from google.protobuf.internal import api_implementation

from serbench_py.adapter import Adapter
from serbench_py.adapters.protobuf_adapter import ProtobufAdapter
from serbench_py.model import load_users
from serbench_py.registry import ADAPTERS
from serbench_py.roundtrip import check_round_trip


@pytest.mark.parametrize("adapter", ADAPTERS, ids=lambda a: a.lib)
def test_round_trip_keeps_every_field(adapter: Adapter) -> None:
    users = load_users()
    payload = adapter.encode(users)
    assert isinstance(payload, bytes) and payload
    decoded = adapter.decode(payload)
    assert len(decoded) == len(users)
    for want, got in zip(users, decoded, strict=True):
        assert got.name == want.name
        assert got.email == want.email
        assert got.age == want.age
        assert type(got.tags) is tuple and got.tags == want.tags
        assert got.address.street == want.address.street
        assert got.address.city == want.address.city
        assert got.address.postcode == want.address.postcode
        assert got.address.country == want.address.country


@pytest.mark.parametrize("adapter", ADAPTERS, ids=lambda a: a.lib)
def test_passes_the_check_the_bench_runs_before_timing(adapter: Adapter) -> None:
    check_round_trip(adapter, load_users())


@pytest.mark.parametrize("adapter", ADAPTERS, ids=lambda a: a.lib)
def test_empty_list_round_trips(adapter: Adapter) -> None:
    assert adapter.decode(adapter.encode([])) == []


def test_protobuf_variant_is_the_active_backend() -> None:
    # The venv's protobuf wheel runs on upb unless the environment overrides it.
    assert ProtobufAdapter().variant == api_implementation.Type() == "upb"
