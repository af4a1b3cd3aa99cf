#include "cpp/adapters/registry.h"

#include <set>
#include <utility>

#include <gtest/gtest.h>

#include "cpp/adapters/roundtrip.h"
#include "cpp/model/fixture.h"

namespace serbench::adapters {
namespace {

TEST(RegistryTest, EveryAdapterRoundTripsTheFixture) {
  const std::vector<model::User> fixture = model::LoadUserFixture();
  for (const UserAdapter* adapter : Registry()) {
    EXPECT_EQ(RoundTripError(*adapter, fixture), std::nullopt) << adapter->info().lib;
  }
}

TEST(RegistryTest, LibFormatPairsAreUnique) {
  std::set<std::pair<std::string, std::string>> seen;
  for (const UserAdapter* adapter : Registry()) {
    EXPECT_TRUE(seen.emplace(adapter->info().lib, adapter->info().format).second)
        << adapter->info().lib;
  }
}

}  // namespace
}  // namespace serbench::adapters
