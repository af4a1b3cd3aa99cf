#include "cpp/adapters/cereal_adapter.h"

#include <cereal/archives/binary.hpp>
#include <cereal/types/optional.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/variant.hpp>
#include <cereal/types/vector.hpp>
#include <cereal/version.hpp>

#include "cpp/adapters/archive_codec.h"
#include "cpp/adapters/registry.h"

// cereal finds these by name in its own namespace: one overload for every
// described struct, one for each of the two model types without Fields().
namespace cereal {

template <class Archive, serbench::model::Described T>
void serialize(Archive& archive, T& value) {
  serbench::model::ForEachField<T>([&](const auto& field) { archive(value.*field.member); });
}

template <class Archive>
void serialize(Archive& archive, serbench::model::Timestamp& t) {
  archive(t.micros);
}

template <class Archive>
void serialize(Archive& archive, serbench::model::Node& node) {
  archive(node.entry);
}

}  // namespace cereal

namespace serbench::adapters {
namespace {

constexpr char kHome[] = "https://uscilab.github.io/cereal/";

struct CerealArchives {
  static constexpr const char* kName = "cereal";
  using Out = cereal::BinaryOutputArchive;
  using In = cereal::BinaryInputArchive;
  using Error = cereal::Exception;
};

template <typename R>
using CerealCodec = ArchiveCodec<R, CerealArchives>;

}  // namespace

Library CerealLibrary() {
  return MakeLibrary<CerealCodec>(
      {.lib = "cereal", .format = "cereal",
       .version = std::to_string(CEREAL_VERSION_MAJOR) + "." +
                  std::to_string(CEREAL_VERSION_MINOR) + "." + std::to_string(CEREAL_VERSION_PATCH),
       .home = kHome, .capabilities = {"reflection"}, .ops = kAllOps});
}

SERBENCH_REGISTER(CerealLibrary);

}  // namespace serbench::adapters
