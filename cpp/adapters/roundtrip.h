// The check every case passes before it is timed or trusted.
#pragma once

#include <exception>
#include <optional>
#include <string>
#include <vector>

#include "cpp/adapters/codec.h"
#include "cpp/model/diff.h"

namespace serbench::adapters {

// Encodes `fixture`, decodes the bytes and compares field by field; for a
// zero-copy library also checks that lazy access reads what full decode
// reads. Returns why the library is refused (the first differing field, or
// what it threw), or nullopt when everything matches.
template <typename R>
std::optional<std::string> RoundTripError(const Library& library, const std::vector<R>& fixture) {
  const Codec<R>& codec = library.codec<R>();
  try {
    const std::string bytes = codec.Encode(fixture);
    if (auto diff = model::FirstDifference(fixture, codec.Decode(bytes))) return diff;
    if (codec.Materialize(bytes) != fixture.size()) return "materialized a wrong record count";
    const std::uint64_t want = model::AccessAll(fixture);
    if (library.Times("access_lazy") && codec.AccessLazy(bytes) != want) {
      return "access_lazy: want " + std::to_string(want) + ", got " +
             std::to_string(codec.AccessLazy(bytes));
    }
    return std::nullopt;
  } catch (const std::exception& e) {
    return std::string("round trip threw: ") + e.what();
  }
}

}  // namespace serbench::adapters
