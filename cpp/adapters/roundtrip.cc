#include "cpp/adapters/roundtrip.h"

#include <exception>

namespace serbench::adapters {

std::optional<std::string> RoundTripError(const UserAdapter& adapter,
                                          const std::vector<model::User>& fixture) {
  try {
    return model::FirstDifference(fixture, adapter.Decode(adapter.Encode(fixture)));
  } catch (const std::exception& e) {
    return std::string("round trip threw: ") + e.what();
  }
}

}  // namespace serbench::adapters
