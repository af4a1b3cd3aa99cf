#include "cpp/adapters/registry.h"

#include "cpp/adapters/boost_serialization_adapter.h"
#include "cpp/adapters/capnp_adapter.h"
#include "cpp/adapters/cereal_adapter.h"
#include "cpp/adapters/flatbuffers_adapter.h"
#include "cpp/adapters/jsoncpp_adapter.h"
#include "cpp/adapters/msgpack_adapter.h"
#include "cpp/adapters/nlohmann_adapter.h"
#include "cpp/adapters/protobuf_adapter.h"
#include "cpp/adapters/rapidjson_adapter.h"
#include "cpp/adapters/simdjson_adapter.h"
#include "cpp/adapters/thrift_adapter.h"

namespace serbench::adapters {

const std::vector<Library>& Libraries() {
  static const auto* libraries = new std::vector<Library>{
      ProtobufLibrary(),
      ProtobufArenaLibrary(),
      FlatbuffersLibrary(),
      CapnpLibrary(),
      NlohmannLibrary(),
      RapidjsonLibrary(),
      SimdjsonLibrary(),
      JsoncppLibrary(),
      MsgpackLibrary(),
      CerealLibrary(),
      BoostSerializationLibrary(),
      ThriftLibrary(),
      ThriftCompactLibrary(),
  };
  return *libraries;
}

const std::vector<UnbuiltLibrary>& UnbuiltLibraries() {
  static const auto* libraries = new std::vector<UnbuiltLibrary>{
      {{.lib = "avro_cpp", .format = "avro", .version = "1.11.1", .capabilities = {"codegen"},
        .ops = {}},
       "not built: Debian bookworm has no avro-cpp package (`apt-cache search avro`: only "
       "Avro's C library, libavro-dev 1.11.1-1); no adapter yet"},
  };
  return *libraries;
}

const std::vector<DocumentLibrary>& DocumentLibraries() {
  static const auto* libraries = new std::vector<DocumentLibrary>{
      ProtobufDocuments(),
      ProtobufArenaDocuments(),
      NlohmannSchemalessLibrary(),
      RapidjsonSchemalessLibrary(),
      SimdjsonSchemalessLibrary(),
      JsoncppSchemalessLibrary(),
  };
  return *libraries;
}

}  // namespace serbench::adapters
