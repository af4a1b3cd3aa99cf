#include "cpp/adapters/simdjson_adapter.h"

#include <optional>
#include <string>

#include <simdjson.h>

#include "cpp/adapters/tree_walk.h"
#include "cpp/model/canonical_json.h"

namespace serbench::adapters {
namespace {

namespace od = simdjson::ondemand;

// simdjson reports errors through exceptions of its own; they become
// DecodeError at the codec boundary.
class Node;

class ObjectNode {
 public:
  explicit ObjectNode(od::object o) : o_(o) {}
  std::optional<Node> Find(std::string_view name);

 private:
  od::object o_;
};

class Node {
 public:
  explicit Node(od::value v) : v_(v) {}

  ObjectNode Object() { return ObjectNode(v_.get_object()); }
  template <typename F>
  void ForEachElement(F&& f) {
    for (auto element : v_.get_array()) f(Node(element.value()));
  }
  std::string_view String() { return v_.get_string(); }
  std::uint64_t Uint() { return v_.get_uint64(); }
  std::int64_t Int() { return v_.get_int64(); }
  double Double() { return v_.get_double(); }

 private:
  od::value v_;
};

std::optional<Node> ObjectNode::Find(std::string_view name) {
  auto field = o_.find_field_unordered(name);
  if (field.error() == simdjson::NO_SUCH_FIELD) return std::nullopt;
  return Node(field.value());
}

template <typename R>
class SimdjsonCodec final : public Codec<R> {
 public:
  std::string Encode(const std::vector<R>& records) const override {
    return model::PayloadToJson(records).dump();
  }
  std::vector<R> Decode(std::string_view bytes) const override {
    buffer_.reserve(bytes.size() + simdjson::SIMDJSON_PADDING);
    buffer_.assign(bytes);
    try {
      od::document document = parser_.iterate(buffer_.data(), buffer_.size(), buffer_.capacity());
      return ReadPayload<R>(Node(document.get_value()));
    } catch (const simdjson::simdjson_error& e) {
      throw DecodeError(std::string("simdjson: ") + e.what());
    }
  }

 private:
  mutable od::parser parser_;
  mutable std::string buffer_;
};

std::string Version() {
  return std::to_string(simdjson::SIMDJSON_VERSION_MAJOR) + "." +
         std::to_string(simdjson::SIMDJSON_VERSION_MINOR) + "." +
         std::to_string(simdjson::SIMDJSON_VERSION_REVISION);
}

}  // namespace

Library SimdjsonLibrary() {
  return MakeLibrary<SimdjsonCodec>(
      {.lib = "simdjson", .format = "json", .version = Version(),
       .capabilities = {"reflection", "validates"}, .ops = {"decode", "access_full"},
       .missing_ops_reason = "simdjson 3.0.1 only parses; it has no serializer"});
}

}  // namespace serbench::adapters
