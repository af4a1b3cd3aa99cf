#include "cpp/adapters/capnp_adapter.h"

#include <algorithm>
#include <cstdint>

#include <capnp/common.h>
#include <capnp/message.h>
#include <capnp/serialize.h>
#include <kj/exception.h>
#include <kj/io.h>

#include "cpp/adapters/capnp_mapping.h"

namespace serbench::adapters {
namespace {

using ::capnp::word;

std::string Flatten(::capnp::MessageBuilder& message) {
  std::string bytes(::capnp::computeSerializedSizeInWords(message) * sizeof(word), '\0');
  kj::ArrayOutputStream out(
      kj::arrayPtr(reinterpret_cast<kj::byte*>(bytes.data()), bytes.size()));
  ::capnp::writeMessage(out, message);
  return bytes;
}

// A full read visits each word once; the default limit (64 MiB) would stop
// payloads larger than that, and an unbounded one would let a message that
// points many times at one object make a reader loop. Twice the message size
// allows both full decode and the round-trip checks' repeat reads.
::capnp::ReaderOptions Options(std::size_t words) {
  ::capnp::ReaderOptions options;
  options.traversalLimitInWords = std::max<std::uint64_t>(2 * words, options.traversalLimitInWords);
  return options;
}

// Calls read(root) on the payload in `bytes`, read in place. kj::Exception
// (Cap'n Proto's bounds and pointer checks) is not a std::exception, so it
// becomes a DecodeError here.
template <typename R, typename F>
auto ReadPayload(std::string_view bytes, F read) {
  using Payload = typename cp::Schema<R>::Payload;
  if (bytes.size() % sizeof(word) != 0) throw DecodeError("capnp: size is not whole words");
  if (reinterpret_cast<std::uintptr_t>(bytes.data()) % alignof(word) != 0) {
    throw DecodeError("capnp: bytes are not word-aligned");  // never so for a std::string
  }
  const kj::ArrayPtr<const word> words(reinterpret_cast<const word*>(bytes.data()),
                                       bytes.size() / sizeof(word));
  try {
    ::capnp::FlatArrayMessageReader reader(words, Options(words.size()));
    return read(reader.getRoot<Payload>());
  } catch (const kj::Exception& e) {
    throw DecodeError(std::string("capnp: ") + e.getDescription().cStr());
  }
}

template <typename R>
class CapnpCodec final : public Codec<R> {
  using Payload = typename cp::Schema<R>::Payload;

 public:
  std::string Encode(const std::vector<R>& records) const override {
    ::capnp::MallocMessageBuilder message;
    auto list = message.initRoot<Payload>().initRecords(records.size());
    for (unsigned i = 0; i < records.size(); ++i) cp::Build(list[i], records[i]);
    return Flatten(message);
  }
  std::vector<R> Decode(std::string_view bytes) const override {
    return ReadPayload<R>(bytes, [](typename Payload::Reader payload) {
      std::vector<R> records;
      records.reserve(payload.getRecords().size());
      for (auto r : payload.getRecords()) records.push_back(cp::Read(r));
      return records;
    });
  }
  std::uint64_t AccessLazy(std::string_view bytes) const override {
    return ReadPayload<R>(bytes, [](typename Payload::Reader payload) {
      std::uint64_t sum = 0;
      for (auto r : payload.getRecords()) sum += cp::Few(r);
      return sum;
    });
  }
};

}  // namespace

Library CapnpLibrary() {
  return MakeLibrary<CapnpCodec>(
      {.lib = "capnp", .format = "capnp",
       .version = std::to_string(CAPNP_VERSION_MAJOR) + "." +
                  std::to_string(CAPNP_VERSION_MINOR) + "." + std::to_string(CAPNP_VERSION_MICRO),
       .capabilities = {"codegen", "zero_copy"},
       .ops = {"encode", "decode", "roundtrip", "access_full", "access_lazy"}});
}

}  // namespace serbench::adapters
