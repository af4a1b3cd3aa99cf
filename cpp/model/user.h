// The `user` dataset (schemas/user): flat records.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "cpp/model/describe.h"

namespace serbench::model {

struct Address {
  std::string street;
  std::string city;
  std::string postcode;
  std::string country;

  bool operator==(const Address&) const = default;
  static constexpr auto Fields() {
    return std::tuple{Field{"street", &Address::street}, Field{"city", &Address::city},
                      Field{"postcode", &Address::postcode},
                      Field{"country", &Address::country}};
  }
};

struct User {
  static constexpr std::string_view kDataset = "user";

  std::string name;
  std::string email;
  std::uint32_t age = 0;
  std::vector<std::string> tags;
  Address address;

  bool operator==(const User&) const = default;
  static constexpr auto Fields() {
    return std::tuple{Field{"name", &User::name}, Field{"email", &User::email},
                      Field{"age", &User::age}, Field{"tags", &User::tags},
                      Field{"address", &User::address}};
  }
};

}  // namespace serbench::model
