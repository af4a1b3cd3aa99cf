#include "cpp/adapters/cereal_adapter.h"

#include <istream>
#include <sstream>

#include <cereal/archives/binary.hpp>
#include <cereal/types/optional.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/variant.hpp>
#include <cereal/types/vector.hpp>
#include <cereal/version.hpp>

#include "cpp/adapters/view_buffer.h"

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

template <typename R>
class CerealCodec final : public Codec<R> {
 public:
  std::string Encode(const std::vector<R>& records) const override {
    std::ostringstream out;
    {
      cereal::BinaryOutputArchive archive(out);
      archive(records);
    }
    return std::move(out).str();
  }
  std::vector<R> Decode(std::string_view bytes) const override {
    ViewBuffer buffer(bytes);
    std::istream in(&buffer);
    std::vector<R> records;
    try {
      cereal::BinaryInputArchive archive(in);
      archive(records);
    } catch (const cereal::Exception& e) {
      throw DecodeError(std::string("cereal: ") + e.what());
    }
    if (buffer.HasUnread()) throw DecodeError("cereal: trailing bytes");
    return records;
  }
};

}  // namespace

Library CerealLibrary() {
  return MakeLibrary<CerealCodec>(
      {.lib = "cereal", .format = "cereal",
       .version = std::to_string(CEREAL_VERSION_MAJOR) + "." +
                  std::to_string(CEREAL_VERSION_MINOR) + "." + std::to_string(CEREAL_VERSION_PATCH),
       .capabilities = {"reflection"}, .ops = kAllOps});
}

}  // namespace serbench::adapters
