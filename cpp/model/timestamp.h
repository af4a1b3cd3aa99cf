// RFC 3339 UTC timestamps with exactly six fractional digits, the canonical
// JSON spelling of a Timestamp (schemas/README.md).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "cpp/model/describe.h"

namespace serbench::model {

// e.g. "2024-05-01T12:30:45.123456Z"
std::string FormatTimestamp(Timestamp t);

// Accepts exactly the format FormatTimestamp writes; nullopt otherwise.
std::optional<Timestamp> ParseTimestamp(std::string_view text);

}  // namespace serbench::model
