// Hand-written records for the tests that assert exact values (a diff's message,
// the canonical JSON conventions); the generic tests run over samples.h instead.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "cpp/model/datasets.h"

namespace serbench::model {

template <typename R>
std::vector<R> Examples();

template <>
inline std::vector<User> Examples<User>() {
  return {
      {"Ada Lovelace", "ada@example.org", 36, {"math", "engines"}, {"1 Road", "London", "SW1", "GB"}},
      {"Zoë \"Z\" \\ Ω", "", 0, {}, {"", "東京", "100-0001", "JP"}},
      {"", "x@y", std::numeric_limits<std::uint32_t>::max(), {"", "a\nb"}, {}},
  };
}

template <>
inline std::vector<Order> Examples<Order>() {
  return {
      {(1ull << 53) - 1, Timestamp{1714566645123456}, OrderStatus::kPaid,
       {42, "Jörg", "j@example.de", "+49 30 1234"}, {"Unter den Linden 1", "Berlin", "10117", "DE"},
       {{"SKU-1", "Tea \"green\"", 3, 4.5}, {"SKU-2", "", 1, 0.01}}, 13.51, "EUR"},
      {0, Timestamp{0}, OrderStatus::kCancelled, {}, {}, {}, 0, ""},
  };
}

template <>
inline std::vector<Node> Examples<Node>() {
  File file{"a.txt", "ann", Timestamp{-1}, std::nullopt, std::nullopt, 12, Permission::kReadWrite};
  File edited{"b", "bob", Timestamp{5}, "carl", Timestamp{6}, 0, Permission::kRead};
  Directory inner{"inner", "ann", Timestamp{7}, std::nullopt, Timestamp{8}, {Node{edited}}};
  Directory root{"ルート", "root", Timestamp{9}, "eve", std::nullopt,
                 {Node{file}, Node{inner}, Node{Directory{}}}};
  return {Node{root}, Node{file}};
}

template <>
inline std::vector<Monster> Examples<Monster>() {
  return {
      {{1.25f, -2.5f, 0}, 150, std::numeric_limits<std::int16_t>::min(), "Orc", {0, 1, 255},
       Color::kBlue, {{"axe", 5}, {"", -3}}, Weapon{"axe", 5}, {{0, 0, 0}, {0.25f, 0.5f, -1}}},
      {{}, 0, 32767, "Ørk", {}, Color::kRed, {}, Shield{"wood", 2}, {}},
  };
}

}  // namespace serbench::model
