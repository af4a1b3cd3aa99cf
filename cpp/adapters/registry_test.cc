#include "cpp/adapters/registry.h"

#include <algorithm>
#include <regex>
#include <set>
#include <tuple>

#include <gtest/gtest.h>

namespace serbench::adapters {
namespace {

TEST(RegistryTest, LibVariantPairsAreUnique) {
  std::set<std::pair<std::string, std::string>> seen;
  for (const Library& library : Libraries()) {
    EXPECT_TRUE(seen.emplace(library.info.lib, library.info.variant).second) << library.info.lib;
  }
}

// Registration runs in link order; the lists must not depend on it.
template <typename L>
void ExpectSortedByLibAndVariant(const std::vector<L>& libraries) {
  ASSERT_FALSE(libraries.empty());
  EXPECT_TRUE(std::is_sorted(libraries.begin(), libraries.end(), [](const L& a, const L& b) {
    return std::tie(a.info.lib, a.info.variant) < std::tie(b.info.lib, b.info.variant);
  }));
}

TEST(RegistryTest, ListsAreSortedByLibAndVariant) {
  ExpectSortedByLibAndVariant(Libraries());
  ExpectSortedByLibAndVariant(DocumentLibraries());
}

TEST(RegistryTest, MetadataFollowsTheContract) {
  const std::regex name("[a-z0-9_]+");
  const std::set<std::string> capabilities = {"codegen", "reflection", "schemaless", "validates",
                                              "zero_copy"};
  for (const Library& library : Libraries()) {
    const LibraryInfo& info = library.info;
    EXPECT_TRUE(std::regex_match(info.lib, name)) << info.lib;
    EXPECT_TRUE(info.variant.empty() || std::regex_match(info.variant, name)) << info.lib;
    EXPECT_FALSE(info.version.empty()) << info.lib;
    EXPECT_TRUE(info.home.starts_with("https://")) << info.lib;  // the docs link it
    for (const std::string& c : info.capabilities) EXPECT_TRUE(capabilities.count(c)) << c;
    // Lazy access is only for zero-copy libraries, never under decode.
    const std::size_t zero_copy = std::count(info.capabilities.begin(),
                                             info.capabilities.end(), "zero_copy");
    EXPECT_EQ(library.Times("access_lazy"), zero_copy == 1) << info.lib;
    EXPECT_EQ(info.ops.size() < 4 + zero_copy, !info.missing_ops_reason.empty()) << info.lib;
  }
}

// Real documents are never read in place here, and a document library that
// shares a (lib, variant) with a record library carries the same metadata.
TEST(RegistryTest, DocumentLibrariesFollowTheContract) {
  const std::regex name("[a-z0-9_]+");
  for (const DocumentLibrary& library : DocumentLibraries()) {
    const LibraryInfo& info = library.info;
    EXPECT_TRUE(std::regex_match(info.lib, name)) << info.lib;
    EXPECT_TRUE(info.variant.empty() || std::regex_match(info.variant, name)) << info.lib;
    EXPECT_EQ(std::count(info.ops.begin(), info.ops.end(), "access_lazy"), 0) << info.lib;
    EXPECT_NE(library.open, nullptr) << info.lib;
    EXPECT_TRUE(info.home.starts_with("https://")) << info.lib;
    for (const Library& typed : Libraries()) {
      if (typed.info.lib == info.lib && typed.info.variant == info.variant) {
        EXPECT_EQ(typed.info.version, info.version) << info.lib;
        EXPECT_EQ(typed.info.capabilities, info.capabilities) << info.lib;
      }
    }
  }
}

TEST(RegistryTest, UnbuiltLibrariesSayWhy) {
  for (const UnbuiltLibrary& library : UnbuiltLibraries()) {
    EXPECT_TRUE(library.info.ops.empty()) << library.info.lib;
    EXPECT_TRUE(library.reason.starts_with("not built: ")) << library.info.lib;
  }
}

TEST(RegistryTest, EveryLibraryHasACodecPerDataset) {
  for (const Library& library : Libraries()) {
    std::apply([&](const auto&... codec) { EXPECT_TRUE((... && (codec != nullptr))); },
               library.codecs);
  }
}

}  // namespace
}  // namespace serbench::adapters
