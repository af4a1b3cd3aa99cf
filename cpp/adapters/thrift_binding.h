// The Thrift binding (codec.h): the native objects are the generated Payload
// struct (`thrift --gen cpp`), written and read through protocol `Wire`
// (Binary or Compact) over a TMemoryBuffer.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <thrift/TConfiguration.h>
#include <thrift/Thrift.h>
#include <thrift/protocol/TBinaryProtocol.h>
#include <thrift/protocol/TCompactProtocol.h>
#include <thrift/transport/TBufferTransports.h>

#include "cpp/adapters/codec.h"
#include "cpp/adapters/thrift_mapping.h"
#include "cpp/model/checked.h"

namespace serbench::adapters::th {

using ::apache::thrift::transport::TMemoryBuffer;

// A reader over `bytes` in place. The message size limit is the input's
// size, so a list of scalars claiming more elements than the bytes left
// could hold is refused before it is allocated.
inline std::shared_ptr<TMemoryBuffer> Observe(std::string_view bytes) {
  if (bytes.size() > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max())) {
    throw DecodeError("thrift: payload over 2 GiB");
  }
  const int size = static_cast<int>(bytes.size());
  auto* data = reinterpret_cast<std::uint8_t*>(const_cast<char*>(bytes.data()));  // only read
  return std::make_shared<TMemoryBuffer>(data, size, TMemoryBuffer::OBSERVE,
                                         std::make_shared<::apache::thrift::TConfiguration>(size));
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
struct Binding {
  using Native = typename Schema<R>::Payload;
  using Protocol = typename Wire::Protocol;

  static Native ToNative(const std::vector<R>& records) {
    Native payload;
    payload.records.resize(records.size());
    for (std::size_t i = 0; i < records.size(); ++i) th::ToNative(records[i], payload.records[i]);
    return payload;
  }
  // A fresh TMemoryBuffer, its bytes copied once into the string.
  static std::string Encode(const Native& payload) {
    auto buffer = std::make_shared<TMemoryBuffer>();
    Protocol protocol(buffer);
    payload.write(&protocol);
    return buffer->getBufferAsString();
  }
  static Native Decode(std::string_view bytes) {
    try {
      auto buffer = Observe(bytes);
      // Every string byte and every list element takes at least one input
      // byte: longer lengths are lies, refused before allocating (both
      // protocols otherwise size their buffers from the length read).
      Protocol protocol = Wire::Reader(buffer, static_cast<std::int32_t>(bytes.size()));
      Native payload;
      payload.read(&protocol);
      if (buffer->available_read() != 0) throw DecodeError("thrift: trailing bytes");
      return payload;
    } catch (const ::apache::thrift::TException& e) {
      throw DecodeError(std::string("thrift: ") + e.what());
    }
  }
  static std::vector<R> ToModel(const Native& payload) {
    try {
      std::vector<R> records;
      records.reserve(payload.records.size());
      for (const auto& r : payload.records) records.push_back(th::ToModel(r));
      return records;
    } catch (const model::OutOfRange& e) {
      throw DecodeError(std::string("thrift: ") + e.what());
    }
  }
  static std::uint64_t Access(const Native& payload) {
    std::uint64_t sum = 0;
    for (const auto& r : payload.records) sum += th::AccessFew(r);
    return sum;
  }
};

}  // namespace serbench::adapters::th
