// Every C++ library (and variant) of the suite. Adding a library: its
// adapter files (its LibraryInfo names its version and home page), one line in
// registry.cc, one dep in BUILD.bazel.
#pragma once

#include <vector>

#include "cpp/adapters/codec.h"
#include "cpp/adapters/document.h"

namespace serbench::adapters {

// Built once, in a stable order, never destroyed.
const std::vector<Library>& Libraries();
// Those timing the real documents (document.h), in the same way.
const std::vector<DocumentLibrary>& DocumentLibraries();

// Libraries the suite knows of but does not build: catalog status
// not_measured on every synthetic case, with the reason.
struct UnbuiltLibrary {
  LibraryInfo info;  // version: the Debian candidate it would use
  std::string reason;
};
const std::vector<UnbuiltLibrary>& UnbuiltLibraries();

}  // namespace serbench::adapters
