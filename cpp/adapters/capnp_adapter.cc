#include "cpp/adapters/capnp_adapter.h"

#include <capnp/common.h>

#include "cpp/adapters/capnp_binding.h"

namespace serbench::adapters {
namespace {

constexpr char kHome[] = "https://capnproto.org/";

// model::AccessFew of each dataset, read in place.
std::uint64_t Few(::serbench::user::capnp::User::Reader t) {
  return t.getName().size() + t.getAge();
}
std::uint64_t Few(::serbench::order::capnp::Order::Reader t) {
  return t.getId() + static_cast<std::uint64_t>(t.getStatus()) + t.getItems().size();
}
std::uint64_t Few(::serbench::filetree::capnp::Node::Reader t) {
  return t.isFile() ? t.getFile().getName().size() : t.getDirectory().getName().size() + 1;
}
std::uint64_t Few(::serbench::game::capnp::Monster::Reader t) {
  return static_cast<std::uint64_t>(t.getHp() + t.getMana()) + t.getName().size();
}
std::uint64_t Few(::serbench::mail::capnp::Mail::Reader t) {
  return t.getSubject().size() + t.getSender().getAddress().size();
}
std::uint64_t Few(::serbench::metrics::capnp::Series::Reader t) {
  return t.getName().size() + t.getValues().size();
}

template <typename R>
class CapnpCodec final : public NativeCodec<R, cp::Binding<R>> {
 public:
  std::uint64_t AccessLazy(std::string_view bytes) const override {
    return cp::Guard([&] {
      const cp::View<R> view(bytes);  // outlives the loop that reads through it
      std::uint64_t sum = 0;
      for (auto r : view.Root().getRecords()) sum += Few(r);
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

}  // namespace serbench::adapters
