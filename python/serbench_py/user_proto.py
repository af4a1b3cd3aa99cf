"""A user's own message (sources.UserProto: the bench's --proto-descriptors FILE --message
NAME, which `runner mine --proto` passes): its class is built at run time from the
descriptor set protoc wrote, by message_factory (upb-backed: the C code generated classes
use too), and the JSON document is mapped to it by protobuf's standard JSON mapping
(json_format).

A document whose top level is an array (a JSON Lines file is measured as one) is a list of
messages: in protobuf binary each message length-delimited (its size as a varint, then its
bytes) and concatenated, in protobuf JSON one message a line (JSON Lines), as the C++ suite
writes them.

The round trip is checked in the message's own terms: what decode gives back must equal the
message the document maps to, compared as protobuf text (as the google_message documents
are); a document that does not fit the message is refused with the mapping's own error.
"""

from dataclasses import dataclass, field
from typing import Any

from serbench_py import protobuf_documents
from serbench_py.adapter import WholeDocument
from serbench_py.roundtrip import RoundTripError
from serbench_py.sources import UserProto


def message_class(proto: UserProto) -> Any:
    from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

    pool = descriptor_pool.DescriptorPool()
    for file in descriptor_pb2.FileDescriptorSet.FromString(proto.descriptors.read_bytes()).file:
        pool.Add(file)  # protoc writes each file after its imports
    return message_factory.GetMessageClass(pool.FindMessageTypeByName(proto.message))


def delimited(parts: list[bytes]) -> bytes:
    """Each part preceded by its size as a varint (protobuf's delimited format)."""
    return b"".join(_varint(len(part)) + part for part in parts)


def _varint(n: int) -> bytes:
    out = bytearray()
    while n > 0x7F:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def undelimited(data: bytes) -> list[memoryview]:
    """The parts of delimited(parts), as views into data."""
    view, parts, at = memoryview(data), [], 0
    while at < len(view):
        size, shift = 0, 0
        while view[at] & 0x80:
            size |= (view[at] & 0x7F) << shift
            shift, at = shift + 7, at + 1
        size |= view[at] << shift
        parts.append(view[at + 1 : at + 1 + size])
        at += 1 + size
    return parts


@dataclass
class UserMessageCodec(WholeDocument):
    """The document as the user's message, or list of messages, in one wire format."""

    message: Any  # the message class
    json: bool  # protobuf JSON, else protobuf binary
    many: bool  # the document is an array: a list of messages
    _format: Any = field(init=False, repr=False)  # json_format, imported with the codec

    def __post_init__(self) -> None:
        from google.protobuf import json_format

        self._format = json_format

    def canonical(self, tree: Any) -> Any:
        """The message the document maps to, as protobuf text (the round trip's reference)."""
        try:
            return self.to_tree(self.native(tree))
        except Exception as error:  # the mapping's own error names the field
            name = self.message.DESCRIPTOR.full_name
            raise RoundTripError(f"the document does not fit {name}: {error}") from error

    def native(self, tree: Any) -> Any:
        if self.many:
            return [self._format.ParseDict(item, self.message()) for item in tree]
        return self._format.ParseDict(tree, self.message())

    def to_tree(self, native: Any) -> Any:
        if self.many:
            return [protobuf_documents.canonical(m) for m in native]
        return protobuf_documents.canonical(native)

    def encode(self, native: Any) -> bytes:
        if not self.many:
            return self._encode(native)
        parts = [self._encode(m) for m in native]
        return b"\n".join(parts) if self.json else delimited(parts)

    def decode(self, data: bytes) -> Any:
        if not self.many:
            return self._decode(data)
        parts = data.split(b"\n") if self.json else undelimited(data)
        return [self._decode(part) for part in parts]

    def _encode(self, message: Any) -> bytes:
        if self.json:
            text: str = self._format.MessageToJson(message, indent=None, ensure_ascii=False)
            return text.encode()
        data: bytes = message.SerializeToString()
        return data

    def _decode(self, data: Any) -> Any:
        if self.json:
            return self._format.Parse(data, self.message())
        return self.message.FromString(data)
