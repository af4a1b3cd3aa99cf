#include "cpp/bench/alloc_counter.h"

#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace serbench::bench {
namespace {

constexpr std::int64_t kKiB = 1024;
constexpr std::int64_t kMiB = 1024 * kKiB;

// Storing each block's address in a volatile global keeps the compiler from
// eliding allocation/free pairs whose memory is never read.
void* volatile escaped = nullptr;

void Allocate1MiBFreeThenTwo100KiB() {
  auto big = std::make_unique<char[]>(kMiB);
  escaped = big.get();
  big.reset();
  auto a = std::make_unique<char[]>(100 * kKiB);
  auto b = std::make_unique<char[]>(100 * kKiB);
  escaped = a.get();
  escaped = b.get();
}

TEST(AllocScopeTest, PeakIsTheLargestLiveHeapNotTheTotal) {
  const AllocScope scope;
  Allocate1MiBFreeThenTwo100KiB();
  const AllocCount c = scope.count();
  EXPECT_EQ(c.allocs, 3);
  EXPECT_EQ(c.bytes, kMiB + 200 * kKiB);
  EXPECT_GE(c.peak_bytes, kMiB);
  // Usable sizes add at most a page of rounding per block.
  EXPECT_LT(c.peak_bytes, kMiB + 4 * kKiB);
}

TEST(AllocScopeTest, PeakCountsBlocksLiveTogether) {
  const AllocScope scope;
  {
    std::vector<std::unique_ptr<char[]>> blocks;
    for (int i = 0; i < 3; ++i) {
      blocks.push_back(std::make_unique<char[]>(100 * kKiB));
      escaped = blocks.back().get();
    }
  }
  EXPECT_GE(scope.count().peak_bytes, 300 * kKiB);
}

// Libraries that call malloc directly (RapidJSON, msgpack's zone) are seen.
TEST(AllocScopeTest, SeesMallocAndRealloc) {
  const AllocScope scope;
  void* p = std::malloc(1000);
  escaped = p;
  p = std::realloc(p, 200 * kKiB);
  escaped = p;
  std::free(p);
  const AllocCount c = scope.count();
  EXPECT_EQ(c.allocs, 2);
  EXPECT_EQ(c.bytes, 1000 + 200 * kKiB);
  EXPECT_GE(c.peak_bytes, 200 * kKiB);
}

TEST(AllocScopeTest, MemcpyIntoABufferAllocatedBeforehandAllocatesNothing) {
  const std::string src(64 * kKiB, 'x');
  std::string dst(src.size(), '\0');
  const AllocScope scope;
  std::memcpy(dst.data(), src.data(), src.size());
  escaped = dst.data();
  const AllocCount c = scope.count();
  EXPECT_EQ(c.allocs, 0);
  EXPECT_EQ(c.bytes, 0);
  EXPECT_EQ(c.peak_bytes, 0);
}

TEST(AllocScopeTest, CountsOnlyWhileOpenAndStartsFromZero) {
  Allocate1MiBFreeThenTwo100KiB();
  {
    const AllocScope scope;
    escaped = std::make_unique<char[]>(10).get();
    EXPECT_EQ(scope.count().allocs, 1);
  }
  const AllocScope scope;
  EXPECT_EQ(scope.count().allocs, 0);
  EXPECT_EQ(scope.count().peak_bytes, 0);
}

}  // namespace
}  // namespace serbench::bench
