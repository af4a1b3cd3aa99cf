#include "cpp/adapters/msgpack_adapter.h"

#include <bit>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <msgpack.hpp>

#include "cpp/adapters/binary_tree_document.h"
#include "cpp/adapters/registry.h"
#include "cpp/adapters/tree_walk.h"

namespace serbench::adapters {
namespace {

constexpr char kHome[] = "https://github.com/msgpack/msgpack-c/tree/cpp_master";

// Writes straight into the std::string the codec returns.
struct StringBuffer {
  std::string out;
  void write(const char* data, std::size_t n) { out.append(data, n); }
};

class Sink {
 public:
  Sink(msgpack::packer<StringBuffer>& p, StringBuffer& out) : p_(p), out_(out) {}
  void StartObject(std::size_t n) { p_.pack_map(static_cast<std::uint32_t>(n)); }
  void EndObject() {}
  void StartArray(std::size_t n) { p_.pack_array(static_cast<std::uint32_t>(n)); }
  void EndArray() {}
  void Key(std::string_view k) { String(k); }
  void String(std::string_view s) {
    p_.pack_str(static_cast<std::uint32_t>(s.size()));
    p_.pack_str_body(s.data(), static_cast<std::uint32_t>(s.size()));
  }
  void Uint(std::uint64_t u) { p_.pack_uint64(u); }
  void Int(std::int64_t i) { p_.pack_int64(i); }
  // msgpack-cxx's pack_double writes integral values as integers; the contract
  // wants every float field as a float 64 (0xcb, then the big-endian bits).
  void Double(double d) {
    const auto bits = std::bit_cast<std::uint64_t>(d);
    char bytes[9] = {static_cast<char>(0xcb)};
    for (int i = 0; i < 8; ++i) bytes[1 + i] = static_cast<char>(bits >> (56 - 8 * i));
    out_.write(bytes, sizeof bytes);
  }

 private:
  msgpack::packer<StringBuffer>& p_;
  StringBuffer& out_;
};

class Node {
 public:
  explicit Node(const msgpack::object& o) : o_(&o) {}

  Node Object() const {
    if (o_->type != msgpack::type::MAP) throw DecodeError("msgpack: not a map");
    return *this;
  }
  std::optional<Node> Find(std::string_view name) const {
    const msgpack::object_map& map = o_->via.map;
    for (std::uint32_t i = 0; i < map.size; ++i) {
      const msgpack::object_kv& kv = map.ptr[i];
      if (kv.key.type == msgpack::type::STR &&
          std::string_view(kv.key.via.str.ptr, kv.key.via.str.size) == name) {
        return Node(kv.val);
      }
    }
    return std::nullopt;
  }
  template <typename F>
  void ForEachElement(F&& f) const {
    if (o_->type != msgpack::type::ARRAY) throw DecodeError("msgpack: not an array");
    for (std::uint32_t i = 0; i < o_->via.array.size; ++i) f(Node(o_->via.array.ptr[i]));
  }
  std::string_view String() const {
    if (o_->type != msgpack::type::STR) throw DecodeError("msgpack: not a str");
    return {o_->via.str.ptr, o_->via.str.size};
  }
  std::uint64_t Uint() const {
    if (o_->type != msgpack::type::POSITIVE_INTEGER) throw DecodeError("msgpack: not a uint");
    return o_->via.u64;
  }
  std::int64_t Int() const {
    if (o_->type == msgpack::type::NEGATIVE_INTEGER) return o_->via.i64;
    return model::CheckedInt<std::int64_t>(Uint());
  }
  double Double() const {
    switch (o_->type) {
      case msgpack::type::FLOAT32:
      case msgpack::type::FLOAT64: return o_->via.f64;
      case msgpack::type::POSITIVE_INTEGER: return static_cast<double>(o_->via.u64);
      case msgpack::type::NEGATIVE_INTEGER: return static_cast<double>(o_->via.i64);
      default: throw DecodeError("msgpack: not a number");
    }
  }

 private:
  const msgpack::object* o_;
};

template <typename R>
class MsgpackCodec final : public Codec<R> {
 public:
  std::string Encode(const std::vector<R>& records) const override {
    StringBuffer buffer;
    msgpack::packer<StringBuffer> packer(buffer);
    Sink sink(packer, buffer);
    WritePayload(sink, records);
    return std::move(buffer.out);
  }
  std::vector<R> Decode(std::string_view bytes) const override {
    msgpack::object_handle handle;
    try {
      handle = msgpack::unpack(bytes.data(), bytes.size());
    } catch (const msgpack::unpack_error& e) {
      throw DecodeError(std::string("msgpack: ") + e.what());
    }
    return ReadPayload<R>(Node(handle.get()));
  }
};

std::string Version() { return msgpack_version(); }

using binary_tree::Json;

// The document's tree as MessagePack (the setup of its object tree); floats
// stay float 64 (Sink::Double), as the JSON number they were.
void Pack(msgpack::packer<StringBuffer>& packer, Sink& sink, const Json& value) {
  switch (value.type()) {
    case Json::value_t::null: packer.pack_nil(); break;
    case Json::value_t::boolean: value.get<bool>() ? packer.pack_true() : packer.pack_false(); break;
    case Json::value_t::number_integer: sink.Int(value.get<std::int64_t>()); break;
    case Json::value_t::number_unsigned: sink.Uint(value.get<std::uint64_t>()); break;
    case Json::value_t::number_float: sink.Double(value.get<double>()); break;
    case Json::value_t::string: sink.String(value.get_ref<const std::string&>()); break;
    case Json::value_t::array:
      sink.StartArray(value.size());
      for (const Json& item : value) Pack(packer, sink, item);
      break;
    case Json::value_t::object:
      sink.StartObject(value.size());
      for (const auto& [key, item] : value.items()) {
        sink.Key(key);
        Pack(packer, sink, item);
      }
      break;
    default: throw DecodeError("msgpack: no MessagePack value for a JSON " + std::string(value.type_name()));
  }
}

// msgpack::object written back (the timed encode). msgpack::pack would write
// an integral float as an integer; Sink::Double keeps it a float 64.
void Pack(msgpack::packer<StringBuffer>& packer, Sink& sink, const msgpack::object& o) {
  switch (o.type) {
    case msgpack::type::FLOAT32:
    case msgpack::type::FLOAT64: sink.Double(o.via.f64); break;
    case msgpack::type::ARRAY:
      sink.StartArray(o.via.array.size);
      for (std::uint32_t i = 0; i < o.via.array.size; ++i) Pack(packer, sink, o.via.array.ptr[i]);
      break;
    case msgpack::type::MAP:
      sink.StartObject(o.via.map.size);
      for (std::uint32_t i = 0; i < o.via.map.size; ++i) {
        packer.pack(o.via.map.ptr[i].key);
        Pack(packer, sink, o.via.map.ptr[i].val);
      }
      break;
    default: packer.pack(o);  // nil, booleans, integers, strings: as msgpack-cxx writes them
  }
}

template <typename T>
std::string Packed(const T& tree) {
  StringBuffer buffer;
  msgpack::packer<StringBuffer> packer(buffer);
  Sink sink(packer, buffer);
  Pack(packer, sink, tree);
  return std::move(buffer.out);
}

// msgpack::object back to a tree, for the round-trip check (never timed).
Json ToJson(const msgpack::object& o) {
  switch (o.type) {
    case msgpack::type::NIL: return nullptr;
    case msgpack::type::BOOLEAN: return o.via.boolean;
    case msgpack::type::POSITIVE_INTEGER: return o.via.u64;
    case msgpack::type::NEGATIVE_INTEGER: return o.via.i64;
    case msgpack::type::FLOAT32:
    case msgpack::type::FLOAT64: return o.via.f64;
    case msgpack::type::STR: return std::string(o.via.str.ptr, o.via.str.size);
    case msgpack::type::ARRAY: {
      Json items = Json::array();
      for (std::uint32_t i = 0; i < o.via.array.size; ++i) items.push_back(ToJson(o.via.array.ptr[i]));
      return items;
    }
    case msgpack::type::MAP: {
      Json map = Json::object();
      for (std::uint32_t i = 0; i < o.via.map.size; ++i) {
        const msgpack::object_kv& kv = o.via.map.ptr[i];
        map[kv.key.as<std::string>()] = ToJson(kv.val);
      }
      return map;
    }
    default: throw DecodeError("msgpack: no JSON value for MessagePack type " + std::to_string(o.type));
  }
}

msgpack::object_handle Unpack(std::string_view bytes) {
  try {
    return msgpack::unpack(bytes.data(), bytes.size());
  } catch (const msgpack::unpack_error& e) {
    throw DecodeError(std::string("msgpack: ") + e.what());
  }
}

// msgpack-cxx's own tree of the document: msgpack::object in the handle's zone.
struct ObjectTree {
  using Native = std::shared_ptr<const msgpack::object_handle>;
  static constexpr char kFormat[] = "msgpack";
  static Native FromJson(const Json& tree) {
    return std::make_shared<const msgpack::object_handle>(Unpack(Packed(tree)));
  }
  static std::string Write(const Json&, const Native& native) { return Packed(native->get()); }
  static std::size_t Read(std::string_view bytes) {
    const msgpack::object root = Unpack(bytes).get();
    return root.type == msgpack::type::MAP ? root.via.map.size
           : root.type == msgpack::type::ARRAY ? root.via.array.size
                                               : 1;
  }
  static Json ToJson(std::string_view bytes) { return serbench::adapters::ToJson(Unpack(bytes).get()); }
};

}  // namespace

Library MsgpackLibrary() {
  return MakeLibrary<MsgpackCodec>({.lib = "msgpack_cxx", .format = "msgpack",
                                    .version = Version(),
                                    .home = kHome, .capabilities = {"reflection", "validates"},
                                    .ops = kAllOps});
}

DocumentLibrary MsgpackSchemalessLibrary() {
  return {{.lib = "msgpack_cxx", .format = "msgpack", .variant = "schemaless", .version = Version(),
           .home = kHome, .capabilities = {"schemaless", "validates"},
           .ops = {"encode", "decode", "roundtrip"},
           .missing_ops_reason = "access_full reads JSON pointers: timed for the JSON DOMs"},
          [](std::shared_ptr<const Document> doc) -> std::unique_ptr<const DocumentCodec> {
            if (doc->format != "json") return nullptr;
            return std::make_unique<const binary_tree::BinaryDocument<ObjectTree>>(std::move(doc));
          }};
}

SERBENCH_REGISTER(MsgpackLibrary);
SERBENCH_REGISTER(MsgpackSchemalessLibrary);

}  // namespace serbench::adapters
