// The protobuf binding (codec.h): the native objects are the generated
// Payload message, on the heap or (kArena) on a google::protobuf::Arena that
// frees it at once. A parse may bound the nesting depth (CodedInputStream's
// recursion limit; protobuf's default is 100).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <google/protobuf/arena.h>
#include <google/protobuf/io/coded_stream.h>

#include "cpp/adapters/codec.h"
#include "cpp/adapters/protobuf_mapping.h"

namespace serbench::adapters::proto {

// protobuf's own default recursion limit (io::CodedInputStream).
inline constexpr int kDefaultRecursionLimit = 100;

// Where a message lives: inline, or on its own Arena.
template <typename P, bool kArena>
struct Storage {
  P message;
  P& get() { return message; }
  const P& get() const { return message; }
};
template <typename P>
struct Storage<P, true> {
  google::protobuf::Arena arena;
  P* message = google::protobuf::Arena::CreateMessage<P>(&arena);
  P& get() { return *message; }
  const P& get() const { return *message; }
};

// A Payload message built from records or parsed from bytes, in place
// (an Arena is neither copyable nor movable).
template <typename P, bool kArena, int kRecursionLimit>
class Message {
 public:
  template <typename R>
  explicit Message(const std::vector<R>& records) {
    P& payload = storage_.get();
    payload.mutable_records()->Reserve(static_cast<int>(records.size()));
    for (const R& r : records) proto::ToNative(r, *payload.add_records());
  }
  // Throws DecodeError when the bytes are not a Payload (or nest deeper
  // than the recursion limit).
  explicit Message(std::string_view bytes) {
    if (!Parse(bytes)) throw DecodeError("protobuf: cannot parse Payload");
  }
  const P& operator*() const { return storage_.get(); }

 private:
  // ParseFromArray (the fast path) applies protobuf's default limit; another
  // limit needs a CodedInputStream.
  bool Parse(std::string_view bytes) {
    if constexpr (kRecursionLimit == kDefaultRecursionLimit) {
      return storage_.get().ParseFromArray(bytes.data(), static_cast<int>(bytes.size()));
    } else {
      google::protobuf::io::CodedInputStream in(
          reinterpret_cast<const std::uint8_t*>(bytes.data()), static_cast<int>(bytes.size()));
      in.SetRecursionLimit(kRecursionLimit);
      return storage_.get().ParseFromCodedStream(&in) && in.ConsumedEntireMessage();
    }
  }

  Storage<P, kArena> storage_;
};

template <typename R, bool kArena, int kRecursionLimit = kDefaultRecursionLimit>
struct Binding {
  using Native = Message<typename Schema<R>::Payload, kArena, kRecursionLimit>;

  static Native ToNative(const std::vector<R>& records) { return Native(records); }
  static std::string Encode(const Native& payload) { return (*payload).SerializeAsString(); }
  static Native Decode(std::string_view bytes) { return Native(bytes); }
  static std::vector<R> ToModel(const Native& payload) {
    std::vector<R> records;
    records.reserve((*payload).records_size());
    for (const auto& r : (*payload).records()) records.push_back(proto::ToModel(r));
    return records;
  }
  static std::uint64_t Access(const Native& payload) {
    std::uint64_t sum = 0;
    for (const auto& r : (*payload).records()) sum += proto::AccessFew(r);
    return sum;
  }
};

}  // namespace serbench::adapters::proto
