#include "cpp/adapters/jsoncpp_adapter.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include <jsoncpp/json/json.h>
#include <jsoncpp/json/version.h>

#include "cpp/adapters/json_document_codec.h"
#include "cpp/adapters/registry.h"
#include "cpp/adapters/tree_walk.h"
#include "cpp/model/weigh.h"

namespace serbench::adapters {
namespace {

std::unique_ptr<Json::CharReader> NewReader() {
  Json::CharReaderBuilder builder;
  Json::CharReaderBuilder::strictMode(&builder.settings_);
  builder.settings_["strictRoot"] = false;  // RFC 8259: any value may be the root
  return std::unique_ptr<Json::CharReader>(builder.newCharReader());
}

std::unique_ptr<Json::StreamWriter> NewWriter() {
  Json::StreamWriterBuilder builder;
  builder["indentation"] = "";
  builder["emitUTF8"] = true;
  builder["precision"] = 17;
  return std::unique_ptr<Json::StreamWriter>(builder.newStreamWriter());
}

Json::Value Parse(Json::CharReader& reader, std::string_view bytes) {
  Json::Value root;
  Json::String errors;
  if (!reader.parse(bytes.data(), bytes.data() + bytes.size(), &root, &errors)) {
    throw DecodeError("jsoncpp: " + errors);
  }
  return root;
}

std::string Write(Json::StreamWriter& writer, const Json::Value& root) {
  std::ostringstream out;
  writer.write(root, &out);
  return std::move(out).str();
}

// An integer without a sign: JsonCpp keeps a non-negative integer that fits
// int64 as intValue. (isUInt64() would also take a double like 3.0.)
bool IsUnsigned(const Json::Value& v) {
  return v.type() == Json::uintValue || (v.type() == Json::intValue && v.asInt64() >= 0);
}

std::string_view StringOf(const Json::Value& v) {
  const char* begin = nullptr;
  const char* end = nullptr;
  if (!v.getString(&begin, &end)) throw DecodeError("jsoncpp: not a string");
  return {begin, static_cast<std::size_t>(end - begin)};
}

// tree_walk.h's sink: each value goes into the array or object on top of the
// stack (under the last key), or becomes the root.
class Builder {
 public:
  void StartObject(std::size_t) { open_.push_back(&Put(Json::Value(Json::objectValue))); }
  void EndObject() { open_.pop_back(); }
  void StartArray(std::size_t) { open_.push_back(&Put(Json::Value(Json::arrayValue))); }
  void EndArray() { open_.pop_back(); }
  void Key(std::string_view k) { key_.assign(k); }
  void String(std::string_view s) { Put(Json::Value(s.data(), s.data() + s.size())); }
  void Uint(std::uint64_t u) { Put(Json::Value(static_cast<Json::UInt64>(u))); }
  void Int(std::int64_t i) { Put(Json::Value(static_cast<Json::Int64>(i))); }
  void Double(double d) { Put(Json::Value(d)); }

  const Json::Value& root() const { return root_; }

 private:
  Json::Value& Put(Json::Value v) {
    Json::Value* slot = &root_;
    if (!open_.empty()) {
      Json::Value& parent = *open_.back();
      slot = parent.isArray() ? &parent[parent.size()] : &parent[key_];
    }
    *slot = std::move(v);
    return *slot;
  }

  Json::Value root_;
  std::vector<Json::Value*> open_;  // Json::Value children never move
  std::string key_;
};

// tree_walk.h's node over a Json::Value.
class Node {
 public:
  explicit Node(const Json::Value& v) : v_(&v) {}

  Node Object() const {
    if (!v_->isObject()) throw DecodeError("jsoncpp: not an object");
    return *this;
  }
  std::optional<Node> Find(std::string_view name) const {
    const Json::Value* found = v_->find(name.data(), name.data() + name.size());
    if (found == nullptr) return std::nullopt;
    return Node(*found);
  }
  template <typename F>
  void ForEachElement(F&& f) const {
    if (!v_->isArray()) throw DecodeError("jsoncpp: not an array");
    for (const Json::Value& e : *v_) f(Node(e));
  }
  std::string_view String() const { return StringOf(*v_); }
  std::uint64_t Uint() const {
    if (!IsUnsigned(*v_)) throw DecodeError("jsoncpp: not a uint64");
    return v_->asUInt64();
  }
  std::int64_t Int() const {
    const bool integer = v_->type() == Json::intValue || v_->type() == Json::uintValue;
    if (!integer || !v_->isInt64()) throw DecodeError("jsoncpp: not an int64");
    return v_->asInt64();
  }
  double Double() const {
    if (!v_->isNumeric()) throw DecodeError("jsoncpp: not a number");
    return v_->asDouble();
  }

 private:
  const Json::Value* v_;
};

template <typename R>
class JsoncppCodec final : public Codec<R> {
 public:
  std::string Encode(const std::vector<R>& records) const override {
    Builder builder;
    WritePayload(builder, records);
    return Write(*writer_, builder.root());
  }
  std::vector<R> Decode(std::string_view bytes) const override {
    const Json::Value root = Parse(*reader_, bytes);
    return ReadPayload<R>(Node(root));
  }

 private:
  std::unique_ptr<Json::CharReader> reader_ = NewReader();
  std::unique_ptr<Json::StreamWriter> writer_ = NewWriter();
};

// The child named by one reference token of a JSON pointer (RFC 6901), or null.
const Json::Value* Child(const Json::Value& v, const std::string& token) {
  if (v.isObject()) return v.find(token.data(), token.data() + token.size());
  Json::ArrayIndex index = 0;
  const auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), index);
  if (!v.isArray() || error != std::errc() || end != token.data() + token.size() ||
      index >= v.size()) {
    return nullptr;
  }
  return &v[index];
}

// JsonCpp has no JSON pointers: "/a/0/b~1c" resolved token by token.
const Json::Value* Resolve(const Json::Value& root, std::string_view pointer) {
  const Json::Value* at = &root;
  while (at != nullptr && !pointer.empty()) {
    if (pointer.front() != '/') return nullptr;
    const std::size_t next = std::min(pointer.find('/', 1), pointer.size());
    std::string token(pointer.substr(1, next - 1));
    for (std::size_t i = token.find('~'); i != std::string::npos; i = token.find('~', i + 1)) {
      token.replace(i, 2, token.compare(i, 2, "~1") == 0 ? "/" : "~");
    }
    at = Child(*at, token);
    pointer.remove_prefix(next);
  }
  return at;
}

// The access-field reading rule of document_codec.h.
std::uint64_t AccessValue(const Json::Value* v, std::string_view pointer) {
  if (v == nullptr) BadAccessField(pointer);
  if (v->isString()) return StringOf(*v).size();
  if (IsUnsigned(*v)) return v->asUInt64();
  if (v->type() == Json::intValue) return model::Weigh(v->asInt64());
  if (v->type() == Json::realValue) return model::Weigh(v->asDouble());
  if (v->isArray() || v->isObject()) return v->size();
  BadAccessField(pointer);
}

// The document as Json::Value DOMs (std::map objects: keys come out sorted).
class JsoncppDocument final : public JsonDocumentCodec {
 public:
  explicit JsoncppDocument(std::shared_ptr<const Document> doc)
      : JsonDocumentCodec(std::move(doc)) {
    for (const std::string& payload : this->doc().payloads) {
      trees_.push_back(Parse(*reader_, payload));
    }
  }
  std::uint64_t Decode(std::string_view bytes) const override {
    // nlohmann's json::size() of the root (document_codec.h): 0 for null, 1 for a scalar.
    const Json::Value root = Parse(*reader_, bytes);
    if (root.isArray() || root.isObject()) return root.size();
    return root.isNull() ? 0 : 1;
  }
  std::string Encode(std::size_t i) const override { return Write(*writer_, trees_.at(i)); }
  std::uint64_t AccessFull(std::string_view bytes) const override {
    const Json::Value root = Parse(*reader_, bytes);
    if (doc().access_each.empty()) return Fields(root);
    const Json::Value* records = Resolve(root, doc().access_each);
    if (records == nullptr || !records->isArray()) BadAccessEach(doc().access_each);
    std::uint64_t sum = 0;
    for (const Json::Value& record : *records) sum += Fields(record);
    return sum;
  }

 private:
  std::uint64_t Fields(const Json::Value& base) const {
    std::uint64_t sum = 0;
    for (const std::string& p : doc().access) sum += AccessValue(Resolve(base, p), p);
    return sum;
  }


  std::unique_ptr<Json::CharReader> reader_ = NewReader();
  std::unique_ptr<Json::StreamWriter> writer_ = NewWriter();
  std::vector<Json::Value> trees_;
};

constexpr char kHome[] = "https://github.com/open-source-parsers/jsoncpp";

}  // namespace

DocumentLibrary JsoncppSchemalessLibrary() {
  return {{.lib = "jsoncpp", .format = "json", .variant = "schemaless",
           .version = JSONCPP_VERSION_STRING, .home = kHome, .capabilities = {"schemaless"},
           .ops = kJsonDocumentOps},
          OpenJson<JsoncppDocument>()};
}

Library JsoncppLibrary() {
  return MakeLibrary<JsoncppCodec>({.lib = "jsoncpp", .format = "json",
                                    .version = JSONCPP_VERSION_STRING, .home = kHome,
                                    .capabilities = {"reflection", "validates"},
                                    .ops = kAllOps});
}

SERBENCH_REGISTER(JsoncppLibrary);
SERBENCH_REGISTER(JsoncppSchemalessLibrary);

}  // namespace serbench::adapters
