#include "cpp/adapters/nlohmann_adapter.h"

#include <memory>
#include <string>

#include "cpp/adapters/json_document_codec.h"
#include "cpp/adapters/registry.h"
#include "cpp/model/canonical_json.h"

namespace serbench::adapters {
namespace {

constexpr char kHome[] = "https://json.nlohmann.me/";

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

// The document as nlohmann::json (std::map objects: keys come out sorted).
class NlohmannDocument final : public JsonDocumentCodec {
 public:
  explicit NlohmannDocument(std::shared_ptr<const Document> doc)
      : JsonDocumentCodec(std::move(doc)), fields_(NlohmannPointers(this->doc())) {
    for (const std::string& payload : this->doc().payloads) trees_.push_back(Json::parse(payload));
  }
  std::uint64_t Decode(std::string_view bytes) const override { return Json::parse(bytes).size(); }
  std::string Encode(std::size_t i) const override { return trees_.at(i).dump(); }
  std::uint64_t AccessFull(std::string_view bytes) const override {
    return NlohmannAccess(Json::parse(bytes), fields_);
  }

 private:
  using Json = nlohmann::json;
  NlohmannFields fields_;
  std::vector<Json> trees_;
};

std::string Version() {
  return std::to_string(NLOHMANN_JSON_VERSION_MAJOR) + "." +
         std::to_string(NLOHMANN_JSON_VERSION_MINOR) + "." +
         std::to_string(NLOHMANN_JSON_VERSION_PATCH);
}

}  // namespace

DocumentLibrary NlohmannSchemalessLibrary() {
  return {{.lib = "nlohmann", .format = "json", .variant = "schemaless", .version = Version(),
           .home = kHome, .capabilities = {"schemaless", "validates"}, .ops = kJsonDocumentOps},
          OpenJson<NlohmannDocument>()};
}

Library NlohmannLibrary() {
  return MakeLibrary<NlohmannCodec>({.lib = "nlohmann", .format = "json", .version = Version(),
                                     .home = kHome, .capabilities = {"reflection", "validates"},
                                     .ops = kAllOps});
}

SERBENCH_REGISTER(NlohmannLibrary);
SERBENCH_REGISTER(NlohmannSchemalessLibrary);

}  // namespace serbench::adapters
