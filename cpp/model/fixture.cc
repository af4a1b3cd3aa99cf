#include "cpp/model/fixture.h"

#include <fstream>
#include <limits>
#include <memory>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "tools/cpp/runfiles/runfiles.h"

namespace serbench::model {
namespace {

using bazel::tools::cpp::runfiles::Runfiles;
using nlohmann::json;

constexpr char kFixtureRunfile[] = "serbench/schemas/user/fixture.json";

// nlohmann would silently truncate an out-of-range age; the fixture tests
// the uint32 edges, so reject rather than wrap.
std::uint32_t ToUint32(const json& j) {
  if (!j.is_number_unsigned() ||
      j.get<std::uint64_t>() > std::numeric_limits<std::uint32_t>::max()) {
    throw std::out_of_range("age is not a uint32: " + j.dump());
  }
  return static_cast<std::uint32_t>(j.get<std::uint64_t>());
}

Address ToAddress(const json& j) {
  return Address{
      .street = j.at("street").get<std::string>(),
      .city = j.at("city").get<std::string>(),
      .postcode = j.at("postcode").get<std::string>(),
      .country = j.at("country").get<std::string>(),
  };
}

User ToUser(const json& j) {
  return User{
      .name = j.at("name").get<std::string>(),
      .email = j.at("email").get<std::string>(),
      .age = ToUint32(j.at("age")),
      .tags = j.at("tags").get<std::vector<std::string>>(),
      .address = ToAddress(j.at("address")),
  };
}

std::string FixturePath(const std::string& argv0) {
  std::string error;
  std::unique_ptr<Runfiles> runfiles(Runfiles::Create(argv0, &error));
  if (runfiles == nullptr) throw std::runtime_error(error);
  return runfiles->Rlocation(kFixtureRunfile);
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream contents;
  contents << in.rdbuf();
  return contents.str();
}

}  // namespace

std::vector<User> ParseUsers(std::string_view text) {
  const json document = json::parse(text);  // outlives the loop below
  std::vector<User> users;
  for (const json& j : document.at("records")) users.push_back(ToUser(j));
  return users;
}

std::vector<User> LoadUserFixture(const std::string& argv0) {
  return ParseUsers(ReadFile(FixturePath(argv0)));
}

}  // namespace serbench::model
