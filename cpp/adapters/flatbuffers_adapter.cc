#include "cpp/adapters/flatbuffers_adapter.h"

#include <memory>

#include "cpp/adapters/flatbuffers_mapping.h"

namespace serbench::adapters {
namespace {

using fbs::FlatBufferBuilder;

// The root table of a payload, verified first unless kVerify is false
// (then garbage is read as it is); throws DecodeError if verification fails.
template <typename R, bool kVerify = true>
const typename fbs::Schema<R>::Payload& Root(std::string_view bytes) {
  using Payload = typename fbs::Schema<R>::Payload;
  const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.data());
  if constexpr (kVerify) {
    ::flatbuffers::Verifier verifier(data, bytes.size());
    if (!verifier.VerifyBuffer<Payload>(nullptr)) {
      throw DecodeError("flatbuffers: Payload fails verification");
    }
  }
  return *::flatbuffers::GetRoot<Payload>(data);
}

template <typename R>
class FlatbuffersCodec : public Codec<R> {
 public:
  std::string Encode(const std::vector<R>& records) const override {
    FlatBufferBuilder b;
    std::vector<decltype(fbs::Build(b, records.front()))> offsets;
    offsets.reserve(records.size());
    for (const R& r : records) offsets.push_back(fbs::Build(b, r));
    const auto list = b.CreateVector(offsets);
    typename fbs::Schema<R>::Payload::Builder payload(b);
    payload.add_records(list);
    b.Finish(payload.Finish());
    return std::string(reinterpret_cast<const char*>(b.GetBufferPointer()), b.GetSize());
  }
  std::vector<R> Decode(std::string_view bytes) const override {
    std::vector<R> records;
    if (const auto* list = Root<R>(bytes).records()) {
      records.reserve(list->size());
      for (const auto* t : *list) records.push_back(fbs::Read(*t));
    }
    return records;
  }
  std::uint64_t AccessLazy(std::string_view bytes) const override {
    std::uint64_t sum = 0;
    if (const auto* list = Root<R>(bytes).records()) {
      for (const auto* t : *list) sum += fbs::Few(*t);
    }
    return sum;
  }
};

template <typename R, bool kVerify>
class UnpackCodec final : public FlatbuffersCodec<R> {
 public:
  // Verified by repacking what UnPack produced and reading that back.
  std::vector<R> Decode(std::string_view bytes) const override {
    const auto unpacked = Unpack(bytes);
    FlatBufferBuilder b;
    b.Finish(fbs::Schema<R>::Payload::Pack(b, unpacked.get()));
    return FlatbuffersCodec<R>::Decode(
        {reinterpret_cast<const char*>(b.GetBufferPointer()), b.GetSize()});
  }
  std::size_t Materialize(std::string_view bytes) const override {
    return Unpack(bytes)->records.size();
  }

 private:
  static auto Unpack(std::string_view bytes) {
    return std::unique_ptr<typename fbs::Schema<R>::Payload::NativeTableType>(
        Root<R, kVerify>(bytes).UnPack());
  }
};

template <typename R>
using ObjectApiCodec = UnpackCodec<R, true>;
template <typename R>
using UnverifiedObjectApiCodec = UnpackCodec<R, false>;

std::string Version() {
  return std::to_string(FLATBUFFERS_VERSION_MAJOR) + "." +
         std::to_string(FLATBUFFERS_VERSION_MINOR) + "." +
         std::to_string(FLATBUFFERS_VERSION_REVISION);
}

}  // namespace

Library FlatbuffersLibrary() {
  return MakeLibrary<FlatbuffersCodec>(
      {.lib = "flatbuffers", .format = "flatbuffers", .version = Version(),
       .capabilities = {"codegen", "validates", "zero_copy"},
       .ops = {"encode", "decode", "roundtrip", "access_full", "access_lazy"}});
}

Library FlatbuffersObjectApiLibrary() {
  return MakeLibrary<ObjectApiCodec>(
      {.lib = "flatbuffers", .format = "flatbuffers", .variant = "object_api",
       .version = Version(), .capabilities = {"codegen", "validates"}, .ops = {"decode"},
       .missing_ops_reason = "object_api times only verify + UnPack into the generated T "
                             "types; its payload and other ops are those of lib=flatbuffers"});
}

Library FlatbuffersNoverifyLibrary() {
  return MakeLibrary<UnverifiedObjectApiCodec>(
      {.lib = "flatbuffers", .format = "flatbuffers", .variant = "noverify",
       .version = Version(), .capabilities = {"codegen"}, .ops = {},
       .missing_ops_reason = "robustness only (cpp/robustness): never timed"});
}

}  // namespace serbench::adapters
