#include "cpp/adapters/capnp_adapter.h"

#include <capnp/common.h>

#include "cpp/adapters/capnp_binding.h"
#include "cpp/adapters/registry.h"

namespace serbench::adapters {
namespace {

constexpr char kHome[] = "https://capnproto.org/";

template <typename R>
class CapnpCodec final : public NativeCodec<R, cp::Binding<R>> {
 public:
  std::uint64_t AccessLazy(std::string_view bytes) const override {
    return cp::Guard([&] {
      const cp::View<R> view(bytes);  // outlives the loop that reads through it
      std::uint64_t sum = 0;
      for (auto r : view.Root().getRecords()) sum += cp::AccessFew(r);  // generated: access.py
      return sum;
    });
  }
};

}  // namespace

Library CapnpLibrary() {
  return MakeLibrary<CapnpCodec>(
      {.lib = "capnp", .format = "capnp",
       .version = std::to_string(CAPNP_VERSION_MAJOR) + "." +
                  std::to_string(CAPNP_VERSION_MINOR) + "." + std::to_string(CAPNP_VERSION_MICRO),
       .home = kHome, .capabilities = {"codegen", "zero_copy"},
       .ops = {"encode", "decode", "roundtrip", "access_full", "convert", "access_lazy"},
       .lazy_ops = {
           {"encode", "the MessageBuilder is filled at setup, already in wire layout: encode "
                      "only writes its segments out"},
           {"decode", "returns a reader over the bytes; fields are read (and checked) on access"},
           {"roundtrip", "encode and decode as above: neither lays out nor materializes values"},
           {"access_lazy", "reads the access fields in place"}}});
}

SERBENCH_REGISTER(CapnpLibrary);

}  // namespace serbench::adapters
