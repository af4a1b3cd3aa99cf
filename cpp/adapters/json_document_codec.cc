#include "cpp/adapters/json_document_codec.h"

namespace serbench::adapters {
namespace {

using Json = nlohmann::json;

std::uint64_t NlohmannValue(const Json& node, const Json::json_pointer& at) {
  if (node.is_string()) return node.get_ref<const std::string&>().size();
  if (node.is_number_unsigned()) return node.get<std::uint64_t>();
  if (node.is_array() || node.is_object()) return node.size();
  BadAccessField(at.to_string());
}

}  // namespace

void BadAccessField(std::string_view pointer) {
  throw DecodeError("access field " + std::string(pointer) +
                    " is missing or not a string, unsigned integer, array or object");
}

std::vector<Json::json_pointer> NlohmannPointers(const Document& doc) {
  std::vector<Json::json_pointer> pointers;
  for (const std::string& p : doc.access) pointers.emplace_back(p);
  return pointers;
}

std::uint64_t NlohmannAccess(const Json& root, const std::vector<Json::json_pointer>& fields) {
  std::uint64_t sum = 0;
  for (const Json::json_pointer& at : fields) {
    if (!root.contains(at)) BadAccessField(at.to_string());
    sum += NlohmannValue(root.at(at), at);
  }
  return sum;
}

std::optional<std::string> JsonRoundTripError(const DocumentCodec& codec, const Document& doc) {
  const auto fields = NlohmannPointers(doc);
  for (std::size_t i = 0; i < doc.payloads.size(); ++i) {
    const std::string where = doc.name + " payload " + std::to_string(i);
    const Json want = Json::parse(doc.payloads[i]);
    const Json got = Json::parse(codec.Encode(i));
    if (got != want) {
      return where + ": parse -> serialize -> parse differs at " +
             Json::diff(want, got).at(0).value("path", std::string("/"));
    }
    if (codec.Decode(doc.payloads[i]) != want.size()) return where + ": decode root size differs";
    const std::uint64_t access = NlohmannAccess(want, fields);
    if (codec.AccessFull(doc.payloads[i]) != access) {
      return where + ": access_full reads " + std::to_string(codec.AccessFull(doc.payloads[i])) +
             ", want " + std::to_string(access);
    }
  }
  return std::nullopt;
}

}  // namespace serbench::adapters
