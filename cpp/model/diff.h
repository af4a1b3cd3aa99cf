// FirstDifference: walks two values of a described model type field by field
// and names the first difference with its path, e.g.
// `records[2].items[0].unit_price: want 9.99, got 9.98`.
#pragma once

#include <cstddef>
#include <iomanip>
#include <optional>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "cpp/model/describe.h"
#include "cpp/model/timestamp.h"

namespace serbench::model {
namespace diff_internal {

inline std::string Show(const std::string& s) {
  std::ostringstream out;
  out << std::quoted(s);  // so "" and " " are told apart
  return out.str();
}
inline std::string Show(Timestamp t) { return FormatTimestamp(t); }
template <typename T>
std::string Show(const T& v) {
  if constexpr (NamedEnum<T>) {
    return std::string(EnumName(v));
  } else if constexpr (std::is_floating_point_v<T>) {
    std::ostringstream out;
    out.precision(17);
    out << v;
    return out.str();
  } else {
    return std::to_string(+v);  // + prints uint8 as a number
  }
}

// Accumulates the first difference; later comparisons are skipped.
class Differ {
 public:
  template <typename T>
  void Compare(const std::string& path, const T& want, const T& got) {
    if (first_) return;
    if constexpr (UnionWrapper<T>) {
      Compare(path, want.entry, got.entry);
    } else if constexpr (Described<T>) {
      ForEachField<T>([&](const auto& f) {
        Compare(path + "." + std::string(f.name), want.*f.member, got.*f.member);
      });
    } else if constexpr (IsVector<T>::value) {
      CompareList(path, want, got);
    } else if constexpr (IsOptional<T>::value) {
      if (want.has_value() != got.has_value()) {
        Fail(path, want ? "present" : "absent", got ? "present" : "absent");
      } else if (want) {
        Compare(path, *want, *got);
      }
    } else if constexpr (TaggedUnion<T>) {
      CompareUnion(path, want, got);
    } else if (want != got) {
      Fail(path, Show(want), Show(got));
    }
  }

  std::optional<std::string> result() && { return std::move(first_); }

 private:
  void Fail(const std::string& path, const std::string& want, const std::string& got) {
    first_ = path + ": want " + want + ", got " + got;
  }

  template <typename T>
  void CompareList(const std::string& path, const std::vector<T>& want,
                   const std::vector<T>& got) {
    if (want.size() != got.size()) {
      Fail(path, std::to_string(want.size()) + " elements", std::to_string(got.size()));
      return;
    }
    for (std::size_t i = 0; i < want.size() && !first_; ++i) {
      Compare(path + "[" + std::to_string(i) + "]", want[i], got[i]);
    }
  }

  template <typename V>
  void CompareUnion(const std::string& path, const V& want, const V& got) {
    if (want.index() != got.index()) {
      const auto tag = [](const V& v) {
        return std::visit([](const auto& a) { return std::string(a.kType); }, v);
      };
      Fail(path + ".type", tag(want), tag(got));
      return;
    }
    std::visit(
        [&](const auto& w) {
          Compare(path, w, std::get<std::decay_t<decltype(w)>>(got));
        },
        want);
  }

  std::optional<std::string> first_;
};

}  // namespace diff_internal

// nullopt when `got` equals `want` field by field.
template <typename T>
std::optional<std::string> FirstDifference(const std::vector<T>& want,
                                           const std::vector<T>& got) {
  diff_internal::Differ d;
  d.Compare("records", want, got);
  return std::move(d).result();
}

}  // namespace serbench::model
