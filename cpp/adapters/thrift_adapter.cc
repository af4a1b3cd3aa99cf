#include "cpp/adapters/thrift_adapter.h"

#include "cpp/adapters/registry.h"
#include "cpp/adapters/thrift_binding.h"

namespace serbench::adapters {
namespace {

constexpr char kHome[] = "https://thrift.apache.org/";

template <typename R>
using BinaryCodec = NativeCodec<R, th::Binding<R, th::Binary>>;
template <typename R>
using CompactCodec = NativeCodec<R, th::Binding<R, th::Compact>>;

// libthrift's config.h (reached through Thrift.h) names the package version.
constexpr const char* kVersion = PACKAGE_VERSION;

}  // namespace

Library ThriftLibrary() {
  return MakeLibrary<BinaryCodec>({.lib = "thrift", .format = "thrift_binary",
                                   .version = kVersion, .home = kHome, .capabilities = {"codegen"},
                                   .ops = kCodegenOps});
}

Library ThriftCompactLibrary() {
  return MakeLibrary<CompactCodec>({.lib = "thrift", .format = "thrift_compact",
                                    .variant = "compact", .version = kVersion,
                                    .home = kHome, .capabilities = {"codegen"}, .ops = kCodegenOps});
}

SERBENCH_REGISTER(ThriftLibrary);
SERBENCH_REGISTER(ThriftCompactLibrary);

}  // namespace serbench::adapters
