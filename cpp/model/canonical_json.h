// The canonical JSON conventions (schemas/README.md) over nlohmann::json, for
// every described model type: fixture loading, the nlohmann adapter and the
// interop tool all use it.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "cpp/model/checked.h"
#include "cpp/model/describe.h"
#include "cpp/model/timestamp.h"

namespace serbench::model {

using Json = nlohmann::json;

template <typename T>
Json ToJson(const T& v) {
  if constexpr (UnionWrapper<T>) {
    return ToJson(v.entry);
  } else if constexpr (Described<T>) {
    Json out = Json::object();
    ForEachField<T>([&](const auto& f) {
      const auto& member = v.*f.member;
      if constexpr (IsOptional<std::decay_t<decltype(member)>>::value) {
        if (member) out[f.name] = ToJson(*member);  // absent: omitted
      } else {
        out[f.name] = ToJson(member);
      }
    });
    return out;
  } else if constexpr (IsVector<T>::value) {
    Json out = Json::array();
    for (const auto& e : v) out.push_back(ToJson(e));
    return out;
  } else if constexpr (TaggedUnion<T>) {
    return std::visit([](const auto& alt) {
      Json out = ToJson(alt);
      out["type"] = alt.kType;
      return out;
    }, v);
  } else if constexpr (std::is_same_v<T, Timestamp>) {
    return FormatTimestamp(v);
  } else if constexpr (NamedEnum<T>) {
    return EnumName(v);
  } else {
    return Json(v);
  }
}

// Throws std::exception (nlohmann's, OutOfRange, invalid_argument) on input
// that does not follow the conventions.
template <typename T>
void FromJson(const Json& j, T& v) {
  if constexpr (UnionWrapper<T>) {
    FromJson(j, v.entry);
  } else if constexpr (Described<T>) {
    if (!j.is_object()) throw std::invalid_argument("not an object: " + j.dump());
    ForEachField<T>([&](const auto& f) {
      auto& member = v.*f.member;
      using M = std::decay_t<decltype(member)>;
      const auto it = j.find(f.name);
      if constexpr (IsOptional<M>::value) {
        if (it == j.end()) {
          member.reset();
        } else {
          FromJson(*it, member.emplace());
        }
      } else {
        if (it == j.end()) throw std::invalid_argument("missing field " + std::string(f.name));
        FromJson(*it, member);
      }
    });
  } else if constexpr (IsVector<T>::value) {
    if (!j.is_array()) throw std::invalid_argument("not an array: " + j.dump());
    v.resize(j.size());
    for (std::size_t i = 0; i < v.size(); ++i) FromJson(j[i], v[i]);
  } else if constexpr (TaggedUnion<T>) {
    const auto index = AlternativeIndex<T>(j.at("type").get_ref<const std::string&>());
    if (!index) throw std::invalid_argument("unknown union type in " + j.dump());
    v = MakeAlternative<T>(*index);
    std::visit([&](auto& alt) { FromJson(j, alt); }, v);
  } else if constexpr (std::is_same_v<T, Timestamp>) {
    const auto t = ParseTimestamp(j.get_ref<const std::string&>());
    if (!t) throw std::invalid_argument("not an RFC 3339 timestamp: " + j.dump());
    v = *t;
  } else if constexpr (NamedEnum<T>) {
    const auto e = EnumFromName<T>(j.get_ref<const std::string&>());
    if (!e) throw std::invalid_argument("unknown enum name " + j.dump());
    v = *e;
  } else if constexpr (std::is_same_v<T, std::string>) {
    v = j.get_ref<const std::string&>();
  } else if constexpr (std::is_floating_point_v<T>) {
    if (!j.is_number()) throw std::invalid_argument("not a number: " + j.dump());
    v = static_cast<T>(j.get<double>());
  } else if constexpr (std::is_integral_v<T>) {
    if (j.is_number_unsigned()) {
      v = CheckedInt<T>(j.get<std::uint64_t>());
    } else if (j.is_number_integer()) {
      v = CheckedInt<T>(j.get<std::int64_t>());
    } else {
      throw std::invalid_argument("not an integer: " + j.dump());
    }
  }
}

// {"records": [...]} <-> records.
template <typename R>
Json PayloadToJson(const std::vector<R>& records) {
  return Json{{"records", ToJson(records)}};
}

template <typename R>
std::vector<R> PayloadFromJson(const Json& j) {
  std::vector<R> records;
  FromJson(j.at("records"), records);
  return records;
}

}  // namespace serbench::model
