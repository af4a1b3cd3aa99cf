// Every C++ library (and variant) of the suite. Adding a library: its adapter
// files (its LibraryInfo names its version and home page), whose .cc
// registers each factory with SERBENCH_REGISTER, and its serbench_adapter
// call in BUILD.bazel, above the registry, which links every adapter declared
// there (tools/bazel/cc.bzl).
#pragma once

#include <vector>

#include "cpp/adapters/codec.h"
#include "cpp/adapters/document_codec.h"

namespace serbench::adapters {

// Built on first use from the registered factories, sorted by (lib,
// variant) so the order never depends on link order; never destroyed.
const std::vector<Library>& Libraries();
// Those timing the real documents (document_codec.h), in the same way.
const std::vector<DocumentLibrary>& DocumentLibraries();

// Libraries the suite knows of but does not build: catalog status
// not_measured on every synthetic case, with the reason.
struct UnbuiltLibrary {
  LibraryInfo info;  // version: the Debian candidate it would use
  std::string reason;
};
const std::vector<UnbuiltLibrary>& UnbuiltLibraries();

// The factories registered so far, Library or DocumentLibrary; filled
// during static initialization, before main reads them.
template <typename L>
std::vector<L (*)()>& Factories();

template <typename L>
bool Register(L (*factory)()) {
  Factories<L>().push_back(factory);
  return true;
}

}  // namespace serbench::adapters

// At namespace scope of the adapter's .cc, once per factory. The adapter's
// target is alwayslink, so the linker keeps this initializer.
#define SERBENCH_REGISTER(factory)                                   \
  [[maybe_unused]] static const bool serbench_registered_##factory = \
      ::serbench::adapters::Register(&factory)
