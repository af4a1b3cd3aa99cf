#include "cpp/adapters/boost_serialization_adapter.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>

#include <boost/archive/archive_exception.hpp>
#include <boost/archive/binary_iarchive.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/serialization/split_free.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>
#include <boost/version.hpp>

#include "cpp/adapters/archive_codec.h"
#include "cpp/adapters/registry.h"

// Boost finds these by argument-dependent lookup through its version_type
// argument, so they live in its namespace.
namespace boost::serialization {

template <class Archive, serbench::model::Described T>
void serialize(Archive& archive, T& value, const unsigned int) {
  serbench::model::ForEachField<T>([&](const auto& field) { archive & value.*field.member; });
}

template <class Archive>
void serialize(Archive& archive, serbench::model::Timestamp& t, const unsigned int) {
  archive & t.micros;
}

template <class Archive>
void serialize(Archive& archive, serbench::model::Node& node, const unsigned int) {
  archive & node.entry;
}

template <class Archive, class T>
void save(Archive& archive, const std::optional<T>& value, const unsigned int) {
  const bool present = value.has_value();
  archive << present;
  if (present) archive << *value;
}

template <class Archive, class T>
void load(Archive& archive, std::optional<T>& value, const unsigned int) {
  bool present = false;
  archive >> present;
  value.reset();
  if (present) archive >> value.emplace();
}

template <class Archive, class T>
void serialize(Archive& archive, std::optional<T>& value, const unsigned int version) {
  split_free(archive, value, version);
}

template <class Archive, class... Alts>
void save(Archive& archive, const std::variant<Alts...>& value, const unsigned int) {
  const std::uint32_t index = static_cast<std::uint32_t>(value.index());
  archive << index;
  std::visit([&](const auto& alternative) { archive << alternative; }, value);
}

// Default-constructs alternative `I` in place and reads it, when `I` is the index.
template <std::size_t I, class Archive, class... Alts>
bool LoadAlternative(Archive& archive, std::variant<Alts...>& value, std::uint32_t index) {
  if (index != I) return false;
  archive >> value.template emplace<I>();
  return true;
}

template <class Archive, class... Alts>
void load(Archive& archive, std::variant<Alts...>& value, const unsigned int) {
  std::uint32_t index = 0;
  archive >> index;
  const bool known = [&]<std::size_t... I>(std::index_sequence<I...>) {
    return (LoadAlternative<I>(archive, value, index) || ...);
  }(std::index_sequence_for<Alts...>{});
  if (!known) {
    throw serbench::adapters::DecodeError("boost_serialization: unknown union alternative " +
                                          std::to_string(index));
  }
}

template <class Archive, class... Alts>
void serialize(Archive& archive, std::variant<Alts...>& value, const unsigned int version) {
  split_free(archive, value, version);
}

}  // namespace boost::serialization

namespace serbench::adapters {
namespace {

constexpr char kHome[] = "https://www.boost.org/doc/libs/release/libs/serialization/";

struct BoostArchives {
  static constexpr const char* kName = "boost_serialization";
  using Out = boost::archive::binary_oarchive;
  using In = boost::archive::binary_iarchive;
  using Error = boost::archive::archive_exception;
};

template <typename R>
using BoostCodec = ArchiveCodec<R, BoostArchives>;

}  // namespace

Library BoostSerializationLibrary() {
  return MakeLibrary<BoostCodec>(
      {.lib = "boost_serialization", .format = "boost_binary",
       .version = std::to_string(BOOST_VERSION / 100000) + "." +
                  std::to_string(BOOST_VERSION / 100 % 1000) + "." +
                  std::to_string(BOOST_VERSION % 100),
       .home = kHome, .capabilities = {"reflection"}, .ops = kAllOps});
}

SERBENCH_REGISTER(BoostSerializationLibrary);

}  // namespace serbench::adapters
