// The Cap'n Proto binding (codec.h). Cap'n Proto has no separate object
// model: its native objects are a MessageBuilder (what encode writes out)
// and a reader over the bytes (what decode returns, read in place).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <capnp/message.h>
#include <capnp/serialize.h>
#include <kj/exception.h>
#include <kj/io.h>

#include "cpp/adapters/capnp_mapping.h"
#include "cpp/adapters/codec.h"

namespace serbench::adapters::cp {

// kj::Exception (Cap'n Proto's bounds and pointer checks) is not a
// std::exception: f()'s result, or a DecodeError.
template <typename F>
auto Guard(F f) {
  try {
    return f();
  } catch (const kj::Exception& e) {
    throw DecodeError(std::string("capnp: ") + e.getDescription().cStr());
  }
}

// A full read visits each word once; the default limit (64 MiB) would stop
// payloads larger than that, and an unbounded one would let a message that
// points many times at one object make a reader loop. Twice the message size
// allows both full decode and the round-trip checks' repeat reads.
inline ::capnp::ReaderOptions Options(std::size_t words) {
  ::capnp::ReaderOptions options;
  options.traversalLimitInWords = std::max<std::uint64_t>(2 * words, options.traversalLimitInWords);
  return options;
}

// The bytes as whole, aligned words (a std::string's data always is aligned).
inline kj::ArrayPtr<const ::capnp::word> Words(std::string_view bytes) {
  if (bytes.size() % sizeof(::capnp::word) != 0) {
    throw DecodeError("capnp: size is not whole words");
  }
  if (reinterpret_cast<std::uintptr_t>(bytes.data()) % alignof(::capnp::word) != 0) {
    throw DecodeError("capnp: bytes are not word-aligned");
  }
  return {reinterpret_cast<const ::capnp::word*>(bytes.data()), bytes.size() / sizeof(::capnp::word)};
}

// A fresh MallocMessageBuilder (default first segment of 1024 words,
// growing) filled from the records. Neither copyable nor movable: built in
// place. Writing its segments out does not change it, hence mutable.
template <typename R>
struct Built {
  explicit Built(const std::vector<R>& records) {
    auto list = message.initRoot<typename Schema<R>::Payload>().initRecords(records.size());
    for (unsigned i = 0; i < records.size(); ++i) cp::ToNative(records[i], list[i]);
  }
  typename Schema<R>::Payload::Reader Root() const {
    return message.getRoot<typename Schema<R>::Payload>().asReader();
  }
  mutable ::capnp::MallocMessageBuilder message;
};

// A FlatArrayMessageReader over the bytes in place (no copy) and its root.
template <typename R>
struct View {
  explicit View(std::string_view bytes)
      : reader(Words(bytes), Options(bytes.size() / sizeof(::capnp::word))),
        root(reader.getRoot<typename Schema<R>::Payload>()) {}
  typename Schema<R>::Payload::Reader Root() const { return root; }
  ::capnp::FlatArrayMessageReader reader;
  typename Schema<R>::Payload::Reader root;
};

template <typename R>
struct Binding {
  using Native = Built<R>;
  using Decoded = View<R>;

  static Native ToNative(const std::vector<R>& records) { return Native(records); }
  // The standard unpacked framing (segment table, then the segments), the
  // bytes capnp::messageToFlatArray gives, written once into the string.
  static std::string Encode(const Native& built) {
    std::string bytes(::capnp::computeSerializedSizeInWords(built.message) * sizeof(::capnp::word),
                      '\0');
    kj::ArrayOutputStream out(
        kj::arrayPtr(reinterpret_cast<kj::byte*>(bytes.data()), bytes.size()));
    ::capnp::writeMessage(out, built.message);
    return bytes;
  }
  static Decoded Decode(std::string_view bytes) {
    return Guard([&] { return Decoded(bytes); });
  }
  template <typename N>
  static std::vector<R> ToModel(const N& native) {
    return Guard([&] {
      std::vector<R> records;
      records.reserve(native.Root().getRecords().size());
      for (auto r : native.Root().getRecords()) records.push_back(cp::ToModel(r));
      return records;
    });
  }
  // A reader is a view: Cap'n Proto's only full decode is the copy into the model.
  static std::uint64_t Access(const Decoded& view) { return model::AccessAll(ToModel(view)); }
};

}  // namespace serbench::adapters::cp
