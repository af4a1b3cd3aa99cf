// Every C++ adapter of the `user` dataset. Adding a library: its adapter
// files, one line in registry.cc, one dep in BUILD.bazel.
#pragma once

#include <vector>

#include "cpp/adapters/adapter.h"

namespace serbench::adapters {

// Adapters live for the whole process, in a stable order.
const std::vector<const UserAdapter*>& Registry();

}  // namespace serbench::adapters
