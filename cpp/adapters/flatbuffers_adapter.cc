#include "cpp/adapters/flatbuffers_adapter.h"

#include "cpp/adapters/flatbuffers_binding.h"
#include "cpp/adapters/registry.h"

namespace serbench::adapters {
namespace {

constexpr char kHome[] = "https://flatbuffers.dev/";

template <typename R, bool kVerify>
class FlatbuffersCodec final : public NativeCodec<R, fbs::Binding<R, kVerify>> {
 public:
  std::uint64_t AccessLazy(std::string_view bytes) const override {
    std::uint64_t sum = 0;
    if (const auto* list = fbs::Root<R>(bytes).records()) {
      for (const auto* t : *list) sum += fbs::AccessFew(*t);  // generated: access.py
    }
    return sum;
  }
};

template <typename R>
using VerifiedCodec = FlatbuffersCodec<R, true>;
template <typename R>
using UnverifiedCodec = FlatbuffersCodec<R, false>;

std::string Version() {
  return std::to_string(FLATBUFFERS_VERSION_MAJOR) + "." +
         std::to_string(FLATBUFFERS_VERSION_MINOR) + "." +
         std::to_string(FLATBUFFERS_VERSION_REVISION);
}

}  // namespace

Library FlatbuffersLibrary() {
  return MakeLibrary<VerifiedCodec>(
      {.lib = "flatbuffers", .format = "flatbuffers", .version = Version(),
       .home = kHome, .capabilities = {"codegen", "validates", "zero_copy"},
       .ops = {"encode", "decode", "roundtrip", "access_full", "convert", "access_lazy"},
       .lazy_ops = {{"access_lazy", "reads the access fields in place from the verified buffer "
                                    "(no UnPack)"}}});
}

Library FlatbuffersNoverifyLibrary() {
  return MakeLibrary<UnverifiedCodec>(
      {.lib = "flatbuffers", .format = "flatbuffers", .variant = "noverify",
       .version = Version(), .home = kHome, .capabilities = {"codegen"}, .ops = {},
       .missing_ops_reason = "robustness only (cpp/robustness): never timed"});
}

SERBENCH_REGISTER(FlatbuffersLibrary);

}  // namespace serbench::adapters
