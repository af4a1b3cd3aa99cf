#include "cpp/adapters/json_document_codec.h"

#include "cpp/model/weigh.h"

namespace serbench::adapters {
namespace {

using Json = nlohmann::json;

std::uint64_t NlohmannValue(const Json& node, const Json::json_pointer& at) {
  if (node.is_string()) return node.get_ref<const std::string&>().size();
  if (node.is_number_unsigned()) return node.get<std::uint64_t>();
  if (node.is_number_integer()) return model::Weigh(node.get<std::int64_t>());
  if (node.is_number_float()) return model::Weigh(node.get<double>());
  if (node.is_array() || node.is_object()) return node.size();
  BadAccessField(at.to_string());
}

std::uint64_t NlohmannFieldsOf(const Json& base, const std::vector<Json::json_pointer>& fields) {
  std::uint64_t sum = 0;
  for (const Json::json_pointer& at : fields) {
    if (!base.contains(at)) BadAccessField(at.to_string());
    sum += NlohmannValue(base.at(at), at);
  }
  return sum;
}

}  // namespace

void BadAccessField(std::string_view pointer) {
  throw DecodeError("access field " + std::string(pointer) +
                    " is missing or not a string, number, array or object");
}

void BadAccessEach(std::string_view pointer) {
  throw DecodeError("the records at " + std::string(pointer) + " are missing or not an array");
}

NlohmannFields NlohmannPointers(const Document& doc) {
  NlohmannFields pointers;
  if (!doc.access_each.empty()) pointers.each.emplace(doc.access_each);
  for (const std::string& p : doc.access) pointers.fields.emplace_back(p);
  return pointers;
}

std::uint64_t NlohmannAccess(const Json& root, const NlohmannFields& fields) {
  if (!fields.each) return NlohmannFieldsOf(root, fields.fields);
  if (!root.contains(*fields.each) || !root.at(*fields.each).is_array()) {
    BadAccessEach(fields.each->to_string());
  }
  std::uint64_t sum = 0;
  for (const Json& record : root.at(*fields.each)) sum += NlohmannFieldsOf(record, fields.fields);
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
