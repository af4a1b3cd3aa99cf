#include "cpp/adapters/nlohmann_adapter.h"

#include <string>

#include "cpp/model/canonical_json.h"

namespace serbench::adapters {
namespace {

template <typename R>
class NlohmannCodec final : public Codec<R> {
 public:
  std::string Encode(const std::vector<R>& records) const override {
    return model::PayloadToJson(records).dump();
  }
  std::vector<R> Decode(std::string_view bytes) const override {
    return model::PayloadFromJson<R>(model::Json::parse(bytes));
  }
};

std::string Version() {
  return std::to_string(NLOHMANN_JSON_VERSION_MAJOR) + "." +
         std::to_string(NLOHMANN_JSON_VERSION_MINOR) + "." +
         std::to_string(NLOHMANN_JSON_VERSION_PATCH);
}

}  // namespace

Library NlohmannLibrary() {
  return MakeLibrary<NlohmannCodec>({.lib = "nlohmann", .format = "json", .version = Version(),
                                     .capabilities = {"reflection", "validates"},
                                     .ops = kAllOps});
}

}  // namespace serbench::adapters
