#include "cpp/adapters/flatbuffers_adapter.h"

#include <gtest/gtest.h>

#include "cpp/adapters/roundtrip.h"
#include "cpp/model/fixture.h"

namespace serbench::adapters {
namespace {

TEST(FlatbuffersAdapterTest, RoundTripsFixtureFieldByField) {
  EXPECT_EQ(RoundTripError(FlatbuffersAdapter(), model::LoadUserFixture()),
            std::nullopt);
}

TEST(FlatbuffersAdapterTest, VerifierRefusesTruncatedBytes) {
  const FlatbuffersAdapter adapter;
  const std::string bytes = adapter.Encode(model::LoadUserFixture());
  EXPECT_THROW(adapter.Decode(std::string_view(bytes).substr(0, bytes.size() / 2)),
               DecodeError);
}

TEST(FlatbuffersAdapterTest, VerifierRefusesLyingRootOffset) {
  std::string bytes = FlatbuffersAdapter().Encode(model::LoadUserFixture());
  bytes[0] = bytes[1] = bytes[2] = bytes[3] = '\x7f';
  EXPECT_THROW(FlatbuffersAdapter().Decode(bytes), DecodeError);
}

TEST(FlatbuffersAdapterTest, ReportsHeaderVersion) {
  EXPECT_EQ(FlatbuffersAdapter().info().version, "25.12.19");
}

}  // namespace
}  // namespace serbench::adapters
