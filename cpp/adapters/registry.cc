#include "cpp/adapters/registry.h"

#include "cpp/adapters/flatbuffers_adapter.h"
#include "cpp/adapters/protobuf_adapter.h"

namespace serbench::adapters {

const std::vector<const UserAdapter*>& Registry() {
  // Never destroyed, so no static destruction order issues at exit.
  static const auto* adapters = new std::vector<const UserAdapter*>{
      new ProtobufAdapter(),
      new FlatbuffersAdapter(),
  };
  return *adapters;
}

}  // namespace serbench::adapters
