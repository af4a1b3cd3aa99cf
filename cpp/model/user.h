// The plain native model of the `user` dataset (schemas/user), shared by every
// C++ adapter. Adapters convert between it and their format.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace serbench::model {

struct Address {
  std::string street;
  std::string city;
  std::string postcode;
  std::string country;

  bool operator==(const Address&) const = default;
};

struct User {
  std::string name;
  std::string email;
  std::uint32_t age = 0;
  std::vector<std::string> tags;
  Address address;

  bool operator==(const User&) const = default;
};

// Names the first field where `got` differs from `want`, with both values,
// e.g. `users[2].age: want 4294967295, got 0`; nullopt when they are equal.
std::optional<std::string> FirstDifference(const std::vector<User>& want,
                                           const std::vector<User>& got);

}  // namespace serbench::model
