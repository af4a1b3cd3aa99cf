#include "cpp/adapters/registry.h"

#include "cpp/adapters/boost_serialization_adapter.h"
#include "cpp/adapters/capnp_adapter.h"
#include "cpp/adapters/cereal_adapter.h"
#include "cpp/adapters/flatbuffers_adapter.h"
#include "cpp/adapters/msgpack_adapter.h"
#include "cpp/adapters/nlohmann_adapter.h"
#include "cpp/adapters/protobuf_adapter.h"
#include "cpp/adapters/rapidjson_adapter.h"
#include "cpp/adapters/simdjson_adapter.h"

namespace serbench::adapters {

const std::vector<Library>& Libraries() {
  static const auto* libraries = new std::vector<Library>{
      ProtobufLibrary(),
      ProtobufArenaLibrary(),
      FlatbuffersLibrary(),
      FlatbuffersObjectApiLibrary(),
      CapnpLibrary(),
      NlohmannLibrary(),
      RapidjsonLibrary(),
      SimdjsonLibrary(),
      MsgpackLibrary(),
      CerealLibrary(),
      BoostSerializationLibrary(),
  };
  return *libraries;
}

const std::vector<UnbuiltLibrary>& UnbuiltLibraries() {
  static const auto* libraries = new std::vector<UnbuiltLibrary>{
      {{.lib = "thrift", .format = "thrift", .version = "0.17.0", .capabilities = {"codegen"},
        .ops = {}},
       "not built: no .thrift schemas in schemas/ and no adapter yet (Debian libthrift-dev "
       "0.17.0-2+b2 and thrift-compiler are installable; not attempted in issue 5)"},
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
  };
  return *libraries;
}

}  // namespace serbench::adapters
