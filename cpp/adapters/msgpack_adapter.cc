#include "cpp/adapters/msgpack_adapter.h"

#include <bit>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>

#include <msgpack.hpp>

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

}  // namespace

Library MsgpackLibrary() {
  return MakeLibrary<MsgpackCodec>({.lib = "msgpack_cxx", .format = "msgpack",
                                    .version = Version(),
                                    .home = kHome, .capabilities = {"reflection", "validates"},
                                    .ops = kAllOps});
}

SERBENCH_REGISTER(MsgpackLibrary);

}  // namespace serbench::adapters
