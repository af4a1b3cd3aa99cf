// What an access operation adds up for each value it reads (AccessFew, generated
// from the catalog's access paths by cpp/codegen/access.py): a string's length, a
// number's or an enum's value. A floating-point value counts the bits of its value
// as a double (a cast to an integer is undefined for some values, and Thrift holds
// a float32 as a double). The sum keeps the reads from being optimized away; it
// must agree between the readers of one library (the access ops' checks).
#pragma once

#include <bit>
#include <cstdint>
#include <string_view>
#include <type_traits>

namespace serbench::model {

inline std::uint64_t Weigh(std::string_view s) { return s.size(); }

template <typename T>
  requires std::is_arithmetic_v<T> || std::is_enum_v<T>
constexpr std::uint64_t Weigh(T v) {
  if constexpr (std::is_floating_point_v<T>) {
    return std::bit_cast<std::uint64_t>(static_cast<double>(v));
  } else {
    return static_cast<std::uint64_t>(v);
  }
}

}  // namespace serbench::model
