// Range-checked narrowing of decoded integers, shared by every decoder: a
// value that does not fit the model's field is an error, never truncated.
#pragma once

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>  // std::in_range

namespace serbench::model {

class OutOfRange : public std::out_of_range {
  using std::out_of_range::out_of_range;
};

template <typename To, typename From>
To CheckedInt(From v) {
  static_assert(std::is_integral_v<To> && std::is_integral_v<From>);
  if (!std::in_range<To>(v)) {
    throw OutOfRange("integer " + std::to_string(v) + " does not fit the field");
  }
  return static_cast<To>(v);
}

}  // namespace serbench::model
