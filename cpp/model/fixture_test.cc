#include "cpp/model/fixture.h"

#include <gtest/gtest.h>

#include "cpp/model/datasets.h"
#include "cpp/model/diff.h"
#include "cpp/model/samples.h"

namespace serbench::model {
namespace {

TEST(FixturePathTest, FollowsTheContract) {
  EXPECT_EQ(FixturePath("order", 100), "schemas/order/order_100.json");
}

TEST(ReadRunfileTest, MissingFileThrows) {
  EXPECT_THROW(ReadRunfile("schemas/none/none_1.json"), std::runtime_error);
}

template <typename R>
class LoadFixtureTest : public testing::Test {};
TYPED_TEST_SUITE(LoadFixtureTest, RecordTypes);

// Every size loads, holds that many records, and smaller sizes are prefixes.
TYPED_TEST(LoadFixtureTest, LoadsEverySizeAsPrefixes) {
  const auto largest = LoadFixture<TypeParam>(1000);
  ASSERT_EQ(largest.size(), 1000u);
  for (std::size_t size : {1, 100}) {
    const auto records = LoadFixture<TypeParam>(size);
    EXPECT_EQ(FirstDifference(std::vector(largest.begin(), largest.begin() + size), records),
              std::nullopt);
  }
}

// Writing what was read gives the same JSON document back.
TYPED_TEST(LoadFixtureTest, ReWritesTheSameDocument) {
  const std::string text = ReadRunfile(FixturePath(TypeParam::kDataset, 100));
  EXPECT_EQ(PayloadToJson(ParseFixture<TypeParam>(text)), Json::parse(text));
}

}  // namespace
}  // namespace serbench::model
