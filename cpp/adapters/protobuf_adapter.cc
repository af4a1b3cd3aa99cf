#include "cpp/adapters/protobuf_adapter.h"

#include <google/protobuf/arena.h>
#include <google/protobuf/stubs/common.h>

#include "cpp/adapters/protobuf_mapping.h"

namespace serbench::adapters {
namespace {

using google::protobuf::Arena;

// A Payload message owned on the stack (heap strings and sub-messages) or,
// for the arena variant, allocated on an Arena that frees everything at once.
template <typename P, bool kArena>
struct Message {
  P message;
  P& operator*() { return message; }
};

template <typename P>
struct Message<P, true> {
  Arena arena;
  P* message = Arena::CreateMessage<P>(&arena);
  P& operator*() { return *message; }
};

template <typename R, bool kArena>
class ProtobufCodec final : public Codec<R> {
  using Payload = typename proto::PayloadOf<R>::type;

 public:
  std::string Encode(const std::vector<R>& records) const override {
    Message<Payload, kArena> payload;
    proto::PayloadToProto(records, *payload);
    return (*payload).SerializeAsString();
  }
  std::vector<R> Decode(std::string_view bytes) const override {
    Message<Payload, kArena> payload;
    if (!(*payload).ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
      throw DecodeError("protobuf: cannot parse Payload");
    }
    return proto::PayloadFromProto<R>(*payload);
  }
};

template <typename R>
using HeapCodec = ProtobufCodec<R, false>;
template <typename R>
using ArenaCodec = ProtobufCodec<R, true>;

// GOOGLE_PROTOBUF_VERSION is major*1000000 + minor*1000 + patch.
std::string Version() {
  constexpr int v = GOOGLE_PROTOBUF_VERSION;
  return std::to_string(v / 1000000) + "." + std::to_string(v / 1000 % 1000) + "." +
         std::to_string(v % 1000);
}

LibraryInfo Info(std::string variant) {
  return {.lib = "protobuf", .format = "protobuf", .variant = std::move(variant),
          .version = Version(), .capabilities = {"codegen", "validates"}, .ops = kAllOps};
}

}  // namespace

Library ProtobufLibrary() { return MakeLibrary<HeapCodec>(Info("")); }
Library ProtobufArenaLibrary() { return MakeLibrary<ArenaCodec>(Info("arena")); }

}  // namespace serbench::adapters
