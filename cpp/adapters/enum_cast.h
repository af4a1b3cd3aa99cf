// Checked conversion of a decoded enum number into a model enum: formats
// with open enums (protobuf, Cap'n Proto, FlatBuffers) can carry numbers the
// model has no name for.
#pragma once

#include <string>

#include "cpp/adapters/codec.h"
#include "cpp/model/describe.h"

namespace serbench::adapters {

template <model::NamedEnum E, typename N>
E EnumCast(N number) {
  const auto names = EnumNames(E{});
  if (number < 0 || static_cast<std::size_t>(number) >= names.size()) {
    throw DecodeError("unknown enum value " + std::to_string(+number));
  }
  return static_cast<E>(number);
}

}  // namespace serbench::adapters
