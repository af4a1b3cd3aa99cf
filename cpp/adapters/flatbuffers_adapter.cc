#include "cpp/adapters/flatbuffers_adapter.h"

#include "cpp/adapters/flatbuffers_binding.h"

namespace serbench::adapters {
namespace {

constexpr char kHome[] = "https://flatbuffers.dev/";

using ::flatbuffers::String;

std::size_t Len(const String* s) { return s == nullptr ? 0 : s->size(); }

// model::AccessFew of each dataset, read in place from a verified table.
std::uint64_t Few(const ::serbench::user::fbs::User& t) { return Len(t.name()) + t.age(); }

std::uint64_t Few(const ::serbench::order::fbs::Order& t) {
  return t.id() + static_cast<std::uint64_t>(t.status()) + (t.items() ? t.items()->size() : 0);
}

std::uint64_t Few(const ::serbench::filetree::fbs::Node& t) {
  if (const auto* f = t.entry_as_File()) return Len(f->name());
  const auto* d = t.entry_as_Directory();
  return d == nullptr ? 0 : Len(d->name()) + 1;
}

std::uint64_t Few(const ::serbench::game::fbs::Monster& t) {
  return static_cast<std::uint64_t>(t.hp() + t.mana()) + Len(t.name());
}

std::uint64_t Few(const ::serbench::mail::fbs::Mail& t) {
  return Len(t.subject()) + (t.sender() == nullptr ? 0 : Len(t.sender()->address()));
}

std::uint64_t Few(const ::serbench::metrics::fbs::Series& t) {
  return Len(t.name()) + (t.values() == nullptr ? 0 : t.values()->size());
}

template <typename R, bool kVerify>
class FlatbuffersCodec final : public NativeCodec<R, fbs::Binding<R, kVerify>> {
 public:
  std::uint64_t AccessLazy(std::string_view bytes) const override {
    std::uint64_t sum = 0;
    if (const auto* list = fbs::Root<R>(bytes).records()) {
      for (const auto* t : *list) sum += Few(*t);
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

}  // namespace serbench::adapters
