#include "cpp/adapters/rapidjson_adapter.h"

#include <memory>
#include <optional>
#include <string>

#include <rapidjson/document.h>
#include <rapidjson/pointer.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "cpp/adapters/json_document_codec.h"
#include "cpp/adapters/registry.h"
#include "cpp/adapters/tree_walk.h"
#include "cpp/model/weigh.h"

namespace serbench::adapters {
namespace {

constexpr char kHome[] = "https://rapidjson.org/";

using Writer = rapidjson::Writer<rapidjson::StringBuffer>;
// Full precision: the default parser may be off by an ulp on doubles.
constexpr unsigned kParseFlags =
    rapidjson::kParseFullPrecisionFlag | rapidjson::kParseValidateEncodingFlag;

class Sink {
 public:
  explicit Sink(Writer& w) : w_(w) {}
  void StartObject(std::size_t) { w_.StartObject(); }
  void EndObject() { w_.EndObject(); }
  void StartArray(std::size_t) { w_.StartArray(); }
  void EndArray() { w_.EndArray(); }
  void Key(std::string_view k) { w_.Key(k.data(), static_cast<rapidjson::SizeType>(k.size())); }
  void String(std::string_view s) {
    w_.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
  }
  void Uint(std::uint64_t u) { w_.Uint64(u); }
  void Int(std::int64_t i) { w_.Int64(i); }
  void Double(double d) { w_.Double(d); }

 private:
  Writer& w_;
};

class Node {
 public:
  explicit Node(const rapidjson::Value& v) : v_(&v) {}

  Node Object() const {
    if (!v_->IsObject()) throw DecodeError("rapidjson: not an object");
    return *this;
  }
  std::optional<Node> Find(std::string_view name) const {
    const auto it = v_->FindMember(
        rapidjson::Value(rapidjson::StringRef(name.data(), name.size())));
    if (it == v_->MemberEnd()) return std::nullopt;
    return Node(it->value);
  }
  template <typename F>
  void ForEachElement(F&& f) const {
    if (!v_->IsArray()) throw DecodeError("rapidjson: not an array");
    for (const auto& e : v_->GetArray()) f(Node(e));
  }
  std::string_view String() const {
    if (!v_->IsString()) throw DecodeError("rapidjson: not a string");
    return {v_->GetString(), v_->GetStringLength()};
  }
  std::uint64_t Uint() const {
    if (!v_->IsUint64()) throw DecodeError("rapidjson: not a uint64");
    return v_->GetUint64();
  }
  std::int64_t Int() const {
    if (!v_->IsInt64()) throw DecodeError("rapidjson: not an int64");
    return v_->GetInt64();
  }
  double Double() const {
    if (!v_->IsNumber()) throw DecodeError("rapidjson: not a number");
    return v_->GetDouble();
  }

 private:
  const rapidjson::Value* v_;
};

template <typename R>
class RapidjsonCodec final : public Codec<R> {
 public:
  std::string Encode(const std::vector<R>& records) const override {
    rapidjson::StringBuffer buffer;
    Writer writer(buffer);
    Sink sink(writer);
    WritePayload(sink, records);
    return std::string(buffer.GetString(), buffer.GetSize());
  }
  std::vector<R> Decode(std::string_view bytes) const override {
    rapidjson::Document document;
    document.Parse<kParseFlags>(bytes.data(), bytes.size());
    if (document.HasParseError()) throw DecodeError("rapidjson: invalid JSON");
    return ReadPayload<R>(Node(document));
  }
};

void Parse(rapidjson::Document& document, std::string_view bytes) {
  document.Parse<kParseFlags>(bytes.data(), bytes.size());
  if (document.HasParseError()) throw DecodeError("rapidjson: invalid JSON");
}

// The access-field reading rule of document_codec.h.
std::uint64_t Value(const rapidjson::Value* v, std::string_view pointer) {
  if (v == nullptr) BadAccessField(pointer);
  if (v->IsString()) return v->GetStringLength();
  if (v->IsUint64()) return v->GetUint64();
  if (v->IsInt64()) return model::Weigh(v->GetInt64());
  if (v->IsDouble()) return model::Weigh(v->GetDouble());
  if (v->IsArray()) return v->Size();
  if (v->IsObject()) return v->MemberCount();
  BadAccessField(pointer);
}

// nlohmann's json::size() of the root: 0 for null, the element count of an
// array or object, 1 for any other scalar (RFC 8259 allows any value as the
// root).
std::uint64_t RootSize(const rapidjson::Value& v) {
  if (v.IsNull()) return 0;
  if (v.IsArray()) return v.Size();
  if (v.IsObject()) return v.MemberCount();
  return 1;
}

// The document as rapidjson::Document DOMs (default MemoryPoolAllocator).
class RapidjsonDocument final : public JsonDocumentCodec {
 public:
  explicit RapidjsonDocument(std::shared_ptr<const Document> doc)
      : JsonDocumentCodec(std::move(doc)) {
    for (const std::string& payload : this->doc().payloads) {
      Parse(*trees_.emplace_back(std::make_unique<rapidjson::Document>()), payload);
    }
    for (const std::string& p : this->doc().access) fields_.emplace_back(p.data(), p.size());
    const std::string& each = this->doc().access_each;
    if (!each.empty()) each_.emplace(each.data(), each.size());
  }
  std::uint64_t Decode(std::string_view bytes) const override {
    rapidjson::Document document;
    Parse(document, bytes);
    return RootSize(document);
  }
  std::string Encode(std::size_t i) const override {
    rapidjson::StringBuffer buffer;
    Writer writer(buffer);
    trees_.at(i)->Accept(writer);
    return std::string(buffer.GetString(), buffer.GetSize());
  }
  std::uint64_t AccessFull(std::string_view bytes) const override {
    rapidjson::Document document;
    Parse(document, bytes);
    if (!each_) return Fields(document);
    const rapidjson::Value* records = each_->Get(document);
    if (records == nullptr || !records->IsArray()) BadAccessEach(doc().access_each);
    std::uint64_t sum = 0;
    for (const rapidjson::Value& record : records->GetArray()) sum += Fields(record);
    return sum;
  }

 private:
  std::uint64_t Fields(const rapidjson::Value& base) const {
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < fields_.size(); ++i) {
      sum += Value(fields_[i].Get(base), doc().access[i]);
    }
    return sum;
  }

  std::vector<std::unique_ptr<rapidjson::Document>> trees_;
  // Parsed once, at setup: the access fields and Document::access_each.
  std::vector<rapidjson::Pointer> fields_;
  std::optional<rapidjson::Pointer> each_;
};

}  // namespace

DocumentLibrary RapidjsonSchemalessLibrary() {
  return {{.lib = "rapidjson", .format = "json", .variant = "schemaless",
           .version = RAPIDJSON_VERSION_STRING, .home = kHome, .capabilities = {"schemaless", "validates"},
           .ops = kJsonDocumentOps},
          OpenJson<RapidjsonDocument>()};
}

Library RapidjsonLibrary() {
  return MakeLibrary<RapidjsonCodec>({.lib = "rapidjson", .format = "json",
                                      .version = RAPIDJSON_VERSION_STRING,
                                      .home = kHome, .capabilities = {"reflection", "validates"},
                                      .ops = kAllOps});
}

SERBENCH_REGISTER(RapidjsonLibrary);
SERBENCH_REGISTER(RapidjsonSchemalessLibrary);

}  // namespace serbench::adapters
