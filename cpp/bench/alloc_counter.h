// Counts heap allocations made through operator new (every variant) on the
// calling thread while a Scope is open. Linked into the bench binary only:
// it replaces the global operator new. Memory taken with malloc directly
// (not through new) is not seen.
#pragma once

#include <cstdint>

#include <benchmark/benchmark.h>

namespace serbench::bench {

struct AllocCount {
  std::int64_t allocs = 0;
  std::int64_t bytes = 0;
};

// Counts while alive; scopes do not nest.
class AllocScope {
 public:
  AllocScope();
  ~AllocScope();
  AllocCount count() const;
};

// Google Benchmark's hook: it runs a separate, untimed pass of each benchmark
// between Start and Stop and reports allocations in the JSON.
class CountingMemoryManager final : public benchmark::MemoryManager {
 public:
  void Start() override;
  void Stop(Result& result) override;
  void Stop(Result* result) override;

 private:
  AllocScope* scope_ = nullptr;
};

}  // namespace serbench::bench
