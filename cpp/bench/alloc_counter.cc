#include "cpp/bench/alloc_counter.h"

#include <malloc.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstdlib>

// glibc's own allocator, which the replacements below forward to.
extern "C" {
void* __libc_malloc(std::size_t size) noexcept;
void* __libc_calloc(std::size_t count, std::size_t size) noexcept;
void* __libc_realloc(void* p, std::size_t size) noexcept;
void* __libc_memalign(std::size_t align, std::size_t size) noexcept;
void* __libc_valloc(std::size_t size) noexcept;
void* __libc_pvalloc(std::size_t size) noexcept;
void __libc_free(void* p) noexcept;
}

namespace serbench::bench {
namespace {

// constinit: valid from the process's first malloc, before any dynamic
// initialization runs.
constinit thread_local bool counting = false;
constinit thread_local AllocCount counted = {};
constinit thread_local std::int64_t live = 0;  // usable bytes allocated minus freed

// The bytes p holds while counting, else 0.
std::int64_t LiveSize(void* p) {
  return counting && p != nullptr ? static_cast<std::int64_t>(malloc_usable_size(p)) : 0;
}

void Release(std::int64_t usable) { live -= usable; }

// Records a successful allocation of `requested` bytes at p.
void* Allocated(void* p, std::size_t requested) {
  if (counting && p != nullptr) {
    ++counted.allocs;
    counted.bytes += static_cast<std::int64_t>(requested);
    live += LiveSize(p);
    counted.peak_bytes = std::max(counted.peak_bytes, live);
  }
  return p;
}

}  // namespace

AllocScope::AllocScope() {
  counted = {};
  live = 0;
  counting = true;
}
AllocScope::~AllocScope() { counting = false; }
AllocCount AllocScope::count() const { return counted; }

}  // namespace serbench::bench

// The replaced C allocation functions: the set glibc's manual ("Replacing
// malloc") lists. Freeing, while counting, memory allocated before the scope
// opened lowers the live bytes too: the peak is relative to the heap at the
// start.
extern "C" {

using serbench::bench::Allocated;
using serbench::bench::LiveSize;
using serbench::bench::Release;

void* malloc(std::size_t size) noexcept { return Allocated(__libc_malloc(size), size); }

void* calloc(std::size_t count, std::size_t size) noexcept {
  return Allocated(__libc_calloc(count, size), count * size);
}

// realloc(p, 0) frees p and returns null; a failed realloc leaves p as it was.
void* realloc(void* p, std::size_t size) noexcept {
  const std::int64_t before = LiveSize(p);
  void* q = __libc_realloc(p, size);
  if (q != nullptr || size == 0) Release(before);
  return Allocated(q, size);
}

void* aligned_alloc(std::size_t align, std::size_t size) noexcept {
  return Allocated(__libc_memalign(align, size), size);
}

void* memalign(std::size_t align, std::size_t size) noexcept {
  return Allocated(__libc_memalign(align, size), size);
}

int posix_memalign(void** out, std::size_t align, std::size_t size) noexcept {
  if (align % sizeof(void*) != 0 || (align & (align - 1)) != 0) return EINVAL;
  void* p = Allocated(__libc_memalign(align, size), size);
  if (p == nullptr) return ENOMEM;
  *out = p;
  return 0;
}

void* valloc(std::size_t size) noexcept { return Allocated(__libc_valloc(size), size); }

void* pvalloc(std::size_t size) noexcept { return Allocated(__libc_pvalloc(size), size); }

void free(void* p) noexcept {
  Release(LiveSize(p));
  __libc_free(p);
}

}  // extern "C"
