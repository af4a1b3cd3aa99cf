#include "cpp/adapters/nlohmann_binary_adapter.h"

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "cpp/adapters/binary_tree_document.h"
#include "cpp/adapters/registry.h"

namespace serbench::adapters {
namespace {

using binary_tree::BinaryDocument;
using binary_tree::Json;

constexpr char kHome[] = "https://json.nlohmann.me/features/binary_formats/";

// nlohmann writes and reads its own default tree, nlohmann::json: the document's.
template <typename Format>
struct Nlohmann {
  using Native = std::nullptr_t;
  static constexpr const char* kFormat = Format::kName;
  static Native FromJson(const Json&) { return nullptr; }
  static std::string Write(const Json& tree, Native) {
    std::string out;
    Format::Write(tree, out);
    return out;
  }
  static Json ToJson(std::string_view bytes) { return Format::Read(bytes); }
  static std::size_t Read(std::string_view bytes) { return ToJson(bytes).size(); }
};

struct Msgpack {
  static constexpr char kName[] = "msgpack";
  static void Write(const Json& tree, std::string& out) { Json::to_msgpack(tree, out); }
  static Json Read(std::string_view bytes) { return Json::from_msgpack(bytes.begin(), bytes.end()); }
};

struct Cbor {
  static constexpr char kName[] = "cbor";
  static void Write(const Json& tree, std::string& out) { Json::to_cbor(tree, out); }
  static Json Read(std::string_view bytes) { return Json::from_cbor(bytes.begin(), bytes.end()); }
};

template <typename F>
DocumentLibrary Binary() {
  const std::string version = std::to_string(NLOHMANN_JSON_VERSION_MAJOR) + "." +
                              std::to_string(NLOHMANN_JSON_VERSION_MINOR) + "." +
                              std::to_string(NLOHMANN_JSON_VERSION_PATCH);
  return {{.lib = "nlohmann", .format = F::kFormat, .variant = "schemaless", .version = version,
           .home = kHome, .capabilities = {"schemaless", "validates"},
           .ops = {"encode", "decode", "roundtrip"},
           .missing_ops_reason = "access_full reads JSON pointers: timed for the JSON DOMs"},
          [](std::shared_ptr<const Document> doc) -> std::unique_ptr<const DocumentCodec> {
            if (doc->format != "json") return nullptr;
            return std::make_unique<const BinaryDocument<F>>(std::move(doc));
          }};
}

}  // namespace

DocumentLibrary NlohmannMsgpackLibrary() { return Binary<Nlohmann<Msgpack>>(); }
DocumentLibrary NlohmannCborLibrary() { return Binary<Nlohmann<Cbor>>(); }

SERBENCH_REGISTER(NlohmannMsgpackLibrary);
SERBENCH_REGISTER(NlohmannCborLibrary);

}  // namespace serbench::adapters
