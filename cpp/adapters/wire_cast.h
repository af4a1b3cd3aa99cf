// Value conversions between a model field and a generated class's field,
// chosen by the two types, so the generated mappings (//cpp/codegen) spell
// none: timestamps are int64 microseconds, enums travel by value (checked on
// the way in: formats with open enums can carry numbers the model has no
// name for), integers are narrowed only when they fit (Thrift has no
// unsigned types; protobuf no 16-bit ones), floats change width by cast.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include "cpp/adapters/codec.h"
#include "cpp/model/checked.h"
#include "cpp/model/describe.h"

namespace serbench::adapters {

template <typename T>
inline constexpr bool kInteger = std::is_integral_v<T> && !std::is_same_v<T, bool>;

template <model::NamedEnum E>
E EnumCast(std::int64_t number) {
  const auto names = EnumNames(E{});
  if (number < 0 || static_cast<std::uint64_t>(number) >= names.size()) {
    throw DecodeError("unknown enum value " + std::to_string(number));
  }
  return static_cast<E>(number);
}

// A model value as the generated field's type W. Throws model::OutOfRange
// for an integer W cannot hold.
template <typename W, typename M>
W ToWire(const M& m) {
  if constexpr (std::is_same_v<M, model::Timestamp>) {
    return static_cast<W>(m.micros);
  } else if constexpr (kInteger<M> && kInteger<W>) {
    return model::CheckedInt<W>(m);
  } else {
    return static_cast<W>(m);  // enums by value, float widths
  }
}

// A generated field's value as the model's type M. Throws DecodeError for an
// enum number M has no name for, model::OutOfRange for an integer M cannot
// hold.
template <typename M, typename W>
M FromWire(const W& w) {
  if constexpr (std::is_same_v<M, model::Timestamp>) {
    return M{static_cast<std::int64_t>(w)};
  } else if constexpr (std::is_enum_v<M>) {
    return EnumCast<M>(static_cast<std::int64_t>(w));
  } else if constexpr (kInteger<M> && kInteger<W>) {
    return model::CheckedInt<M>(w);
  } else {
    return static_cast<M>(w);
  }
}

}  // namespace serbench::adapters
