"""Google's protobuf runtime, with the generated schemas.user.user_pb2 classes."""

from importlib import metadata

from google.protobuf.internal import api_implementation

from schemas.user import user_pb2
from serbench_py.adapter import Capability
from serbench_py.model import Address, User


def _to_message(user: User) -> user_pb2.User:
    address = user.address
    return user_pb2.User(
        name=user.name,
        email=user.email,
        age=user.age,
        tags=user.tags,
        address=user_pb2.Address(
            street=address.street,
            city=address.city,
            postcode=address.postcode,
            country=address.country,
        ),
    )


def _from_message(message: user_pb2.User) -> User:
    address = message.address
    return User(
        name=message.name,
        email=message.email,
        age=message.age,
        tags=tuple(message.tags),
        address=Address(
            street=address.street,
            city=address.city,
            postcode=address.postcode,
            country=address.country,
        ),
    )


class ProtobufAdapter:
    lib = "protobuf"
    format = "protobuf"
    version = metadata.version("protobuf")
    capabilities = frozenset({Capability.CODEGEN})

    def __init__(self) -> None:
        # The backend (upb, cpp or pure python) changes speed by an order of
        # magnitude, so the active one is part of the case identity.
        self.variant = api_implementation.Type()

    def encode(self, users: list[User]) -> bytes:
        return user_pb2.Payload(records=[_to_message(u) for u in users]).SerializeToString()

    def decode(self, data: bytes) -> list[User]:
        return [_from_message(m) for m in user_pb2.Payload.FromString(data).records]
