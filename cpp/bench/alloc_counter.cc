#include "cpp/bench/alloc_counter.h"

#include <cstdlib>
#include <new>

namespace serbench::bench {
namespace {

thread_local bool counting = false;
thread_local AllocCount counted;

void* Allocate(std::size_t size, std::size_t align) {
  if (counting) {
    ++counted.allocs;
    counted.bytes += static_cast<std::int64_t>(size);
  }
  if (size == 0) size = 1;
  void* p = align <= alignof(std::max_align_t)
                ? std::malloc(size)
                : std::aligned_alloc(align, (size + align - 1) / align * align);
  return p;
}

void* AllocateOrThrow(std::size_t size, std::size_t align) {
  void* p = Allocate(size, align);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

}  // namespace

AllocScope::AllocScope() {
  counted = {};
  counting = true;
}
AllocScope::~AllocScope() { counting = false; }
AllocCount AllocScope::count() const { return counted; }

void CountingMemoryManager::Start() { scope_ = new AllocScope(); }

void CountingMemoryManager::Stop(Result& result) {
  const AllocCount c = scope_->count();
  delete scope_;
  scope_ = nullptr;
  result.num_allocs = c.allocs;
  result.total_allocated_bytes = c.bytes;
}

void CountingMemoryManager::Stop(Result* result) { Stop(*result); }

}  // namespace serbench::bench

// The replaced global allocation functions. The library's default operator
// delete frees with std::free, which matches malloc and aligned_alloc here.
void* operator new(std::size_t n) {
  return serbench::bench::AllocateOrThrow(n, alignof(std::max_align_t));
}
void* operator new[](std::size_t n) {
  return serbench::bench::AllocateOrThrow(n, alignof(std::max_align_t));
}
void* operator new(std::size_t n, std::align_val_t a) {
  return serbench::bench::AllocateOrThrow(n, static_cast<std::size_t>(a));
}
void* operator new[](std::size_t n, std::align_val_t a) {
  return serbench::bench::AllocateOrThrow(n, static_cast<std::size_t>(a));
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  return serbench::bench::Allocate(n, alignof(std::max_align_t));
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept {
  return serbench::bench::Allocate(n, alignof(std::max_align_t));
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
