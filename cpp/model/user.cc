#include "cpp/model/user.h"

#include <cstddef>
#include <iomanip>
#include <sstream>
#include <utility>

namespace serbench::model {
namespace {

// Strings are shown quoted and escaped, so "" and " " are told apart.
std::string Show(const std::string& s) {
  std::ostringstream out;
  out << std::quoted(s);
  return out.str();
}

std::string Show(std::uint32_t n) { return std::to_string(n); }

// Accumulates the first difference found; later comparisons are skipped.
class Differ {
 public:
  template <typename T>
  void Field(const std::string& path, const T& want, const T& got) {
    if (!first_ && want != got) {
      first_ = path + ": want " + Show(want) + ", got " + Show(got);
    }
  }

  void Count(const std::string& path, std::size_t want, std::size_t got) {
    if (!first_ && want != got) {
      first_ = path + ": want " + std::to_string(want) + " elements, got " +
               std::to_string(got);
    }
  }

  bool found() const { return first_.has_value(); }
  std::optional<std::string> result() && { return std::move(first_); }

 private:
  std::optional<std::string> first_;
};

void CompareAddress(const std::string& path, const Address& want,
                    const Address& got, Differ& d) {
  d.Field(path + ".street", want.street, got.street);
  d.Field(path + ".city", want.city, got.city);
  d.Field(path + ".postcode", want.postcode, got.postcode);
  d.Field(path + ".country", want.country, got.country);
}

void CompareUser(const std::string& path, const User& want, const User& got,
                 Differ& d) {
  d.Field(path + ".name", want.name, got.name);
  d.Field(path + ".email", want.email, got.email);
  d.Field(path + ".age", want.age, got.age);
  d.Count(path + ".tags", want.tags.size(), got.tags.size());
  for (std::size_t i = 0; i < want.tags.size() && !d.found(); ++i) {
    d.Field(path + ".tags[" + std::to_string(i) + "]", want.tags[i],
            got.tags[i]);
  }
  CompareAddress(path + ".address", want.address, got.address, d);
}

}  // namespace

std::optional<std::string> FirstDifference(const std::vector<User>& want,
                                           const std::vector<User>& got) {
  Differ d;
  d.Count("users", want.size(), got.size());
  for (std::size_t i = 0; i < want.size() && !d.found(); ++i) {
    CompareUser("users[" + std::to_string(i) + "]", want[i], got[i], d);
  }
  return std::move(d).result();
}

}  // namespace serbench::model
