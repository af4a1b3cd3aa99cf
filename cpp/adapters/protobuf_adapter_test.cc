#include "cpp/adapters/protobuf_adapter.h"

#include <gtest/gtest.h>

#include "cpp/adapters/roundtrip.h"
#include "cpp/model/fixture.h"

namespace serbench::adapters {
namespace {

TEST(ProtobufAdapterTest, RoundTripsFixtureFieldByField) {
  EXPECT_EQ(RoundTripError(ProtobufAdapter(), model::LoadUserFixture()), std::nullopt);
}

TEST(ProtobufAdapterTest, RefusesTruncatedBytes) {
  const ProtobufAdapter adapter;
  const std::string bytes = adapter.Encode(model::LoadUserFixture());
  EXPECT_THROW(adapter.Decode(std::string_view(bytes).substr(0, bytes.size() - 1)),
               DecodeError);
}

TEST(ProtobufAdapterTest, ReportsLinkedVersion) {
  EXPECT_EQ(ProtobufAdapter().info().version, "3.21.12");
}

}  // namespace
}  // namespace serbench::adapters
