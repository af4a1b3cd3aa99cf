#include "cpp/adapters/simdjson_adapter.h"

#include <memory>
#include <optional>
#include <string>

#include <simdjson.h>

#include "cpp/adapters/json_document_codec.h"
#include "cpp/adapters/registry.h"
#include "cpp/adapters/tree_walk.h"
#include "cpp/model/canonical_json.h"
#include "cpp/model/weigh.h"

namespace serbench::adapters {
namespace {

constexpr char kHome[] = "https://simdjson.org/";

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

template <typename T>
T Checked(simdjson::simdjson_result<T> result) {
  if (result.error()) {
    throw DecodeError(std::string("simdjson: ") + simdjson::error_message(result.error()));
  }
  return result.value_unsafe();
}

// The access-field reading rule of document_codec.h.
std::uint64_t Value(simdjson::dom::element e, std::string_view pointer) {
  switch (e.type()) {
    case simdjson::dom::element_type::STRING: return Checked(e.get_string()).size();
    case simdjson::dom::element_type::INT64: return model::Weigh(Checked(e.get_int64()));
    case simdjson::dom::element_type::UINT64: return Checked(e.get_uint64());
    case simdjson::dom::element_type::DOUBLE: return model::Weigh(Checked(e.get_double()));
    case simdjson::dom::element_type::ARRAY: return Checked(e.get_array()).size();
    case simdjson::dom::element_type::OBJECT: return Checked(e.get_object()).size();
    default: BadAccessField(pointer);
  }
}

// nlohmann's json::size() of the root: 0 for null, the element count of an
// array or object, 1 for any other scalar (RFC 8259 allows any value as the
// root).
std::uint64_t RootSize(simdjson::dom::element e) {
  switch (e.type()) {
    case simdjson::dom::element_type::NULL_VALUE: return 0;
    case simdjson::dom::element_type::ARRAY: return Checked(e.get_array()).size();
    case simdjson::dom::element_type::OBJECT: return Checked(e.get_object()).size();
    default: return 1;
  }
}

// parse() copies the input into the parser's reused, padded buffer.
simdjson::dom::element Parse(simdjson::dom::parser& parser, std::string_view bytes) {
  return Checked(parser.parse(bytes.data(), bytes.size()));
}

class SimdjsonDocument final : public JsonDocumentCodec {
 public:
  explicit SimdjsonDocument(std::shared_ptr<const Document> doc)
      : JsonDocumentCodec(std::move(doc)) {
    for (const std::string& payload : this->doc().payloads) {
      auto& parser = held_.emplace_back(std::make_unique<simdjson::dom::parser>());
      roots_.push_back(Parse(*parser, payload));
    }
  }
  std::uint64_t Decode(std::string_view bytes) const override {
    return RootSize(Parse(parser_, bytes));
  }
  std::string Encode(std::size_t i) const override { return simdjson::minify(roots_.at(i)); }
  std::uint64_t AccessFull(std::string_view bytes) const override {
    const simdjson::dom::element root = Parse(parser_, bytes);
    if (doc().access_each.empty()) return Fields(root);
    const auto records = root.at_pointer(doc().access_each).get_array();
    if (records.error()) BadAccessEach(doc().access_each);
    std::uint64_t sum = 0;
    for (const simdjson::dom::element record : records.value_unsafe()) sum += Fields(record);
    return sum;
  }

 private:
  std::uint64_t Fields(simdjson::dom::element base) const {
    std::uint64_t sum = 0;
    for (const std::string& p : doc().access) {
      const auto field = base.at_pointer(p);
      if (field.error()) BadAccessField(p);
      sum += Value(field.value_unsafe(), p);
    }
    return sum;
  }


  mutable simdjson::dom::parser parser_;
  // The trees parsed at setup, each in a parser of its own (a DOM lives in its parser).
  std::vector<std::unique_ptr<simdjson::dom::parser>> held_;
  std::vector<simdjson::dom::element> roots_;
};

}  // namespace

DocumentLibrary SimdjsonSchemalessLibrary() {
  return {{.lib = "simdjson", .format = "json", .variant = "schemaless", .version = Version(),
           .home = kHome, .capabilities = {"schemaless", "validates"}, .ops = kJsonDocumentOps},
          OpenJson<SimdjsonDocument>()};
}

Library SimdjsonLibrary() {
  return MakeLibrary<SimdjsonCodec>(
      {.lib = "simdjson", .format = "json", .version = Version(),
       .home = kHome, .capabilities = {"reflection", "validates"}, .ops = {"decode", "access_full"},
       .missing_ops_reason = "simdjson 3.0.1 has no writer for application data (it only "
                             "minifies its own DOM: see variant=schemaless)"});
}

SERBENCH_REGISTER(SimdjsonLibrary);
SERBENCH_REGISTER(SimdjsonSchemalessLibrary);

}  // namespace serbench::adapters
