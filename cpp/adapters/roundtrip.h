// The check every case passes before it is timed or trusted.
#pragma once

#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cpp/adapters/codec.h"

namespace serbench::adapters {

// Prepares the library's timed ops on `fixture` and runs the check of every
// op it times (each decodes or converts what the op produces and compares
// it with the fixture field by field; access_lazy compares with what full
// decode reads). Returns why the library is refused (the op and the first
// differing field, or what was thrown), or nullopt when everything matches.
template <typename R>
std::optional<std::string> RoundTripError(const Library& library, const std::vector<R>& fixture) {
  try {
    const PreparedOps prepared =
        library.codec<R>().Prepare(std::make_shared<const std::vector<R>>(fixture));
    for (const std::string& op : library.info.ops) {
      if (auto error = prepared.ops.at(op).check()) return op + ": " + *error;
    }
    return std::nullopt;
  } catch (const std::exception& e) {
    return std::string("round trip threw: ") + e.what();
  }
}

}  // namespace serbench::adapters
