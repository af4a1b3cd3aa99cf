// Counts heap use on the calling thread while an AllocScope is open. It
// replaces the C allocation functions (malloc, calloc, realloc, the aligned
// ones, free), forwarding to glibc's allocator, so it sees operator new
// (libstdc++ allocates with malloc) and libraries that call malloc directly
// (RapidJSON's allocator, msgpack's zone, ...) alike. Link it only into
// binaries that count.
#pragma once

#include <cstdint>

namespace serbench::bench {

struct AllocCount {
  std::int64_t allocs = 0;      // allocation calls (realloc included)
  std::int64_t bytes = 0;       // bytes requested by those calls
  std::int64_t peak_bytes = 0;  // peak of live heap bytes (usable sizes) above the start
};

// Counts while alive; scopes do not nest.
class AllocScope {
 public:
  AllocScope();
  ~AllocScope();
  AllocScope(const AllocScope&) = delete;
  AllocScope& operator=(const AllocScope&) = delete;
  AllocCount count() const;
};

}  // namespace serbench::bench
