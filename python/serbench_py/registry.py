"""Every library adapter of the Python suite: adding a library is one line here."""

from serbench_py.adapter import Adapter
from serbench_py.adapters import schemaless, typed_adapters
from serbench_py.adapters.arrow_adapter import ArrowAdapter
from serbench_py.adapters.avro_adapter import AvroAdapter
from serbench_py.adapters.capnp_adapter import CapnpAdapter
from serbench_py.adapters.flatbuffers_adapter import FlatBuffersAdapter
from serbench_py.adapters.protobuf_adapter import ProtobufAdapter
from serbench_py.adapters.thrift_adapter import ThriftAdapter

ADAPTERS: tuple[Adapter, ...] = (
    *schemaless.ADAPTERS,
    *typed_adapters.ADAPTERS,
    ProtobufAdapter("upb"),
    ProtobufAdapter("python"),
    FlatBuffersAdapter(),
    CapnpAdapter(),
    ThriftAdapter("thrift_binary", None),
    ThriftAdapter("thrift_compact", "compact"),
    AvroAdapter(),
    ArrowAdapter(),
)
