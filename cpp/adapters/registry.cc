#include "cpp/adapters/registry.h"

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
      NlohmannLibrary(),
      RapidjsonLibrary(),
      SimdjsonLibrary(),
      MsgpackLibrary(),
  };
  return *libraries;
}

}  // namespace serbench::adapters
