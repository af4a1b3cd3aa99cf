#include "cpp/adapters/thrift_adapter.h"

#include <cstdint>
#include <limits>
#include <memory>
#include <utility>

#include <thrift/TConfiguration.h>
#include <thrift/Thrift.h>
#include <thrift/protocol/TBinaryProtocol.h>
#include <thrift/protocol/TCompactProtocol.h>
#include <thrift/transport/TBufferTransports.h>

#include "cpp/adapters/thrift_mapping.h"
#include "cpp/model/checked.h"

namespace serbench::adapters {
namespace {

using ::apache::thrift::TConfiguration;
using ::apache::thrift::TException;
using ::apache::thrift::transport::TMemoryBuffer;

// A reader over `bytes` in place. The message size limit is the input's
// size, so a list of scalars claiming more elements than the bytes left
// could hold is refused before it is allocated.
std::shared_ptr<TMemoryBuffer> Observe(std::string_view bytes) {
  if (bytes.size() > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max())) {
    throw DecodeError("thrift: payload over 2 GiB");
  }
  const int size = static_cast<int>(bytes.size());
  auto* data = reinterpret_cast<std::uint8_t*>(const_cast<char*>(bytes.data()));  // only read
  return std::make_shared<TMemoryBuffer>(data, size, TMemoryBuffer::OBSERVE,
                                         std::make_shared<TConfiguration>(size));
}

// The two protocols over TMemoryBuffer. A reader's string and container
// size limits are constructor arguments (only the binary protocol has
// setters); the other arguments are each protocol's defaults.
struct Binary {
  using Protocol = ::apache::thrift::protocol::TBinaryProtocolT<TMemoryBuffer>;
  static Protocol Reader(std::shared_ptr<TMemoryBuffer> in, std::int32_t limit) {
    return Protocol(std::move(in), limit, limit, /*strict_read=*/false, /*strict_write=*/true);
  }
};
struct Compact {
  using Protocol = ::apache::thrift::protocol::TCompactProtocolT<TMemoryBuffer>;
  static Protocol Reader(std::shared_ptr<TMemoryBuffer> in, std::int32_t limit) {
    return Protocol(std::move(in), limit, limit);
  }
};

template <typename R, typename Wire>
class ThriftCodec final : public Codec<R> {
  using Payload = typename th::Schema<R>::Payload;
  using Protocol = typename Wire::Protocol;

 public:
  std::string Encode(const std::vector<R>& records) const override {
    Payload payload;
    th::PayloadToThrift(records, payload);
    auto buffer = std::make_shared<TMemoryBuffer>();
    Protocol protocol(buffer);
    payload.write(&protocol);
    return buffer->getBufferAsString();
  }
  std::vector<R> Decode(std::string_view bytes) const override {
    try {
      auto buffer = Observe(bytes);
      // Every string byte and every list element takes at least one input
      // byte: longer lengths are lies, refused before allocating (both
      // protocols otherwise size their buffers from the length read).
      Protocol protocol = Wire::Reader(buffer, static_cast<std::int32_t>(bytes.size()));
      Payload payload;
      payload.read(&protocol);
      if (buffer->available_read() != 0) throw DecodeError("thrift: trailing bytes");
      return th::PayloadFromThrift<R>(payload);
    } catch (const TException& e) {
      throw DecodeError(std::string("thrift: ") + e.what());
    } catch (const model::OutOfRange& e) {
      throw DecodeError(std::string("thrift: ") + e.what());
    }
  }
};

template <typename R>
using BinaryCodec = ThriftCodec<R, Binary>;
template <typename R>
using CompactCodec = ThriftCodec<R, Compact>;

// libthrift's config.h (reached through Thrift.h) names the package version.
constexpr const char* kVersion = PACKAGE_VERSION;

}  // namespace

Library ThriftLibrary() {
  return MakeLibrary<BinaryCodec>({.lib = "thrift", .format = "thrift_binary",
                                   .version = kVersion, .capabilities = {"codegen"},
                                   .ops = kAllOps});
}

Library ThriftCompactLibrary() {
  return MakeLibrary<CompactCodec>({.lib = "thrift", .format = "thrift_compact",
                                    .variant = "compact", .version = kVersion,
                                    .capabilities = {"codegen"}, .ops = kAllOps});
}

}  // namespace serbench::adapters
