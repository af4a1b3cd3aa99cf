"""Every library adapter of the Python suite: adding a library is one line here."""

from serbench_py.adapter import Adapter
from serbench_py.adapters.flatbuffers_adapter import FlatBuffersAdapter
from serbench_py.adapters.protobuf_adapter import ProtobufAdapter

ADAPTERS: tuple[Adapter, ...] = (
    ProtobufAdapter(),
    FlatBuffersAdapter(),
)
