// The FlatBuffers binding (codec.h): the native objects are the generated
// object API's PayloadT. Verification limits are parameters, so a hardened
// reader (robustness) is the same binding with tighter limits.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cpp/adapters/codec.h"
#include "cpp/adapters/flatbuffers_mapping.h"

namespace serbench::adapters::fbs {

// The Verifier's limits; the defaults are FlatBuffers' own (depth 64,
// 1,000,000 tables).
struct Limits {
  std::uint32_t max_depth = 64;
  std::uint32_t max_tables = 1000000;
};

// The root table of a payload, verified first unless kVerify is false
// (then garbage is read as it is); throws DecodeError if verification fails.
template <typename R, bool kVerify = true>
const typename Schema<R>::Payload& Root(std::string_view bytes, Limits limits = {}) {
  using Payload = typename Schema<R>::Payload;
  const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.data());
  if constexpr (kVerify) {
    ::flatbuffers::Verifier verifier(data, bytes.size(), limits.max_depth, limits.max_tables);
    if (!verifier.VerifyBuffer<Payload>(nullptr)) {
      throw DecodeError("flatbuffers: Payload fails verification");
    }
  }
  return *::flatbuffers::GetRoot<Payload>(data);
}

template <typename R, bool kVerify = true, Limits kLimits = Limits{}>
struct Binding {
  using Native = typename Schema<R>::Payload::NativeTableType;  // PayloadT
  using Object = typename decltype(Native::records)::value_type::element_type;  // e.g. UserT

  static Native ToNative(const std::vector<R>& records) {
    Native payload;
    payload.records.reserve(records.size());
    for (const R& r : records) {
      fbs::ToNative(r, *payload.records.emplace_back(std::make_unique<Object>()));
    }
    return payload;
  }
  // Pack into a fresh builder (default initial size, growing).
  static std::string Encode(const Native& payload) {
    ::flatbuffers::FlatBufferBuilder b;
    b.Finish(Schema<R>::Payload::Pack(b, &payload));
    return std::string(reinterpret_cast<const char*>(b.GetBufferPointer()), b.GetSize());
  }
  static Native Decode(std::string_view bytes) {
    Native payload;
    Root<R, kVerify>(bytes, kLimits).UnPackTo(&payload);
    return payload;
  }
  static std::vector<R> ToModel(const Native& payload) {
    std::vector<R> records;
    records.reserve(payload.records.size());
    for (const auto& t : payload.records) records.push_back(fbs::ToModel(*t));
    return records;
  }
  static std::uint64_t Access(const Native& payload) {
    std::uint64_t sum = 0;
    for (const auto& t : payload.records) sum += fbs::AccessFew(*t);
    return sum;
  }
};

}  // namespace serbench::adapters::fbs
