"""Every library adapter of the Python suite: adding a library is one line here."""

from serbench_py.adapter import Library
from serbench_py.adapters import schemaless, typed_adapters
from serbench_py.adapters.arrow_adapter import ArrowLibrary
from serbench_py.adapters.avro_adapter import AvroLibrary
from serbench_py.adapters.capnp_adapter import CapnpLibrary
from serbench_py.adapters.flatbuffers_adapter import FlatBuffersLibrary
from serbench_py.adapters.protobuf_adapter import ProtobufLibrary
from serbench_py.adapters.thrift_adapter import ThriftLibrary

LIBRARIES: tuple[Library, ...] = (
    *schemaless.LIBRARIES,
    *typed_adapters.LIBRARIES,
    ProtobufLibrary(variant="upb"),
    ProtobufLibrary(variant="python"),
    ProtobufLibrary(variant="upb", format="json"),
    FlatBuffersLibrary(),
    CapnpLibrary(),
    ThriftLibrary(format="thrift_binary", variant=None),
    ThriftLibrary(format="thrift_compact", variant="compact"),
    AvroLibrary(),
    ArrowLibrary(),
)
