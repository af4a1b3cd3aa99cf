// Every C++ library (and variant) of the suite. Adding a library: its
// adapter files, one line in registry.cc, one dep in BUILD.bazel.
#pragma once

#include <vector>

#include "cpp/adapters/codec.h"

namespace serbench::adapters {

// Built once, in a stable order, never destroyed.
const std::vector<Library>& Libraries();

}  // namespace serbench::adapters
