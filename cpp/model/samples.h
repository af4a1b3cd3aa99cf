// Small hand-written payloads per dataset for unit tests: the edge cases of
// the contract (non-ASCII text, JSON escapes, empty strings and lists, both
// union alternatives, absent optionals, integer limits, negative times).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <tuple>
#include <vector>

#include "cpp/model/datasets.h"

namespace serbench::model {

// Every dataset's record type as a googletest type list, for typed tests.
template <typename T>
struct TestTypes;
template <typename... R>
struct TestTypes<std::tuple<R...>> {
  using type = testing::Types<R...>;
};
using RecordTypes = TestTypes<Records>::type;

template <typename R>
std::vector<R> Samples();

template <>
inline std::vector<User> Samples<User>() {
  return {
      {"Ada Lovelace", "ada@example.org", 36, {"math", "engines"}, {"1 Road", "London", "SW1", "GB"}},
      {"Zoë \"Z\" \\ Ω", "", 0, {}, {"", "東京", "100-0001", "JP"}},
      {"", "x@y", std::numeric_limits<std::uint32_t>::max(), {"", "a\nb"}, {}},
  };
}

template <>
inline std::vector<Order> Samples<Order>() {
  return {
      {(1ull << 53) - 1, Timestamp{1714566645123456}, OrderStatus::kPaid,
       {42, "Jörg", "j@example.de", "+49 30 1234"}, {"Unter den Linden 1", "Berlin", "10117", "DE"},
       {{"SKU-1", "Tea \"green\"", 3, 4.5}, {"SKU-2", "", 1, 0.01}}, 13.51, "EUR"},
      {0, Timestamp{0}, OrderStatus::kCancelled, {}, {}, {}, 0, ""},
  };
}

template <>
inline std::vector<Node> Samples<Node>() {
  File file{"a.txt", "ann", Timestamp{-1}, std::nullopt, std::nullopt, 12, Permission::kReadWrite};
  File edited{"b", "bob", Timestamp{5}, "carl", Timestamp{6}, 0, Permission::kRead};
  Directory inner{"inner", "ann", Timestamp{7}, std::nullopt, Timestamp{8}, {Node{edited}}};
  Directory root{"ルート", "root", Timestamp{9}, "eve", std::nullopt,
                 {Node{file}, Node{inner}, Node{Directory{}}}};
  return {Node{root}, Node{file}};
}

template <>
inline std::vector<Monster> Samples<Monster>() {
  return {
      {{1.25f, -2.5f, 0}, 150, std::numeric_limits<std::int16_t>::min(), "Orc", {0, 1, 255},
       Color::kBlue, {{"axe", 5}, {"", -3}}, Weapon{"axe", 5}, {{0, 0, 0}, {0.25f, 0.5f, -1}}},
      {{}, 0, 32767, "Ørk", {}, Color::kRed, {}, Shield{"wood", 2}, {}},
  };
}

template <>
inline std::vector<Mail> Samples<Mail>() {
  return {
      {"<1@x>", "Grüße", {"Ann", "ann@x"}, {{"Bob", "bob@y"}}, {}, Timestamp{1714566645000001},
       {{"X-Tag", "a\tb"}, {"Received", ""}}, "line 1\r\nline 2 \u2603\n"},
  };
}

template <>
inline std::vector<Series> Samples<Series>() {
  return {
      {"cpu", "%", {-1, 0, std::numeric_limits<std::int64_t>::max()}, {0.1, -1e300, 5e-324}},
      {"", "", {}, {}},
  };
}

}  // namespace serbench::model
