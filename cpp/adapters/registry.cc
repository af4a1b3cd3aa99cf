#include "cpp/adapters/registry.h"

#include <algorithm>
#include <tuple>

namespace serbench::adapters {
namespace {

// Built once from the factories, in (lib, variant) order.
template <typename L>
const std::vector<L>& Built() {
  static const auto* built = [] {
    auto* all = new std::vector<L>;
    for (L (*factory)() : Factories<L>()) all->push_back(factory());
    std::sort(all->begin(), all->end(), [](const L& a, const L& b) {
      return std::tie(a.info.lib, a.info.variant) < std::tie(b.info.lib, b.info.variant);
    });
    return all;
  }();
  return *built;
}

}  // namespace

// A function-local static: registrations may run before this file's globals.
template <typename L>
std::vector<L (*)()>& Factories() {
  static auto* factories = new std::vector<L (*)()>;
  return *factories;
}
template std::vector<Library (*)()>& Factories<Library>();
template std::vector<DocumentLibrary (*)()>& Factories<DocumentLibrary>();

const std::vector<Library>& Libraries() { return Built<Library>(); }

const std::vector<DocumentLibrary>& DocumentLibraries() { return Built<DocumentLibrary>(); }

const std::vector<UnbuiltLibrary>& UnbuiltLibraries() {
  static const auto* libraries = new std::vector<UnbuiltLibrary>{
      {{.lib = "avro_cpp", .format = "avro", .version = "1.11.1", .capabilities = {"codegen"},
        .ops = {}},
       "not built: Debian bookworm has no avro-cpp package (`apt-cache search avro`: only "
       "Avro's C library, libavro-dev 1.11.1-1); no adapter yet"},
  };
  return *libraries;
}

}  // namespace serbench::adapters
