"""FlatBuffers, fully decoded through the object API of schemas.user.user_generated."""

from importlib import metadata

import flatbuffers

from schemas.user import user_generated as fbs
from serbench_py.adapter import Capability
from serbench_py.model import Address, User


def _to_object(user: User) -> fbs.UserT:
    address = user.address
    return fbs.UserT(
        name=user.name,
        email=user.email,
        age=user.age,
        tags=list(user.tags),
        address=fbs.AddressT(
            street=address.street,
            city=address.city,
            postcode=address.postcode,
            country=address.country,
        ),
    )


def _text(value: bytes | None) -> str:
    # The Python runtime returns strings as raw UTF-8 bytes, and None when absent.
    return "" if value is None else value.decode("utf-8")


def _from_object(obj: fbs.UserT) -> User:
    address = obj.address or fbs.AddressT()
    return User(
        name=_text(obj.name),
        email=_text(obj.email),
        age=obj.age,
        tags=tuple(_text(tag) for tag in obj.tags or ()),
        address=Address(
            street=_text(address.street),
            city=_text(address.city),
            postcode=_text(address.postcode),
            country=_text(address.country),
        ),
    )


class FlatBuffersAdapter:
    lib = "flatbuffers"
    format = "flatbuffers"
    variant = None
    version = metadata.version("flatbuffers")
    capabilities = frozenset({Capability.CODEGEN, Capability.ZERO_COPY})

    def encode(self, users: list[User]) -> bytes:
        builder = flatbuffers.Builder()
        builder.Finish(fbs.PayloadT(records=[_to_object(u) for u in users]).Pack(builder))
        return bytes(builder.Output())

    def decode(self, data: bytes) -> list[User]:
        root = fbs.PayloadT.InitFromObj(fbs.Payload.GetRootAs(data, 0))
        return [_from_object(obj) for obj in root.records or ()]
