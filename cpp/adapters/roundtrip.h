// The check every case passes before it is timed or trusted.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cpp/adapters/adapter.h"
#include "cpp/model/user.h"

namespace serbench::adapters {

// Encodes `fixture`, decodes the bytes and compares field by field. Returns
// why the adapter is refused (naming the first differing field, or what it
// threw), or nullopt when the round trip reproduces the fixture exactly.
std::optional<std::string> RoundTripError(const UserAdapter& adapter,
                                          const std::vector<model::User>& fixture);

}  // namespace serbench::adapters
