#include "cpp/model/canonical_json.h"

#include <gtest/gtest.h>

#include "cpp/model/diff.h"
#include "cpp/model/examples.h"
#include "cpp/model/fixture.h"
#include "cpp/model/samples.h"

namespace serbench::model {
namespace {

template <typename R>
class CanonicalJsonTest : public testing::Test {};
TYPED_TEST_SUITE(CanonicalJsonTest, RecordTypes);

TYPED_TEST(CanonicalJsonTest, RoundTripsSamplesThroughText) {
  const auto samples = Samples<TypeParam>();
  const std::string text = PayloadToJson(samples).dump();
  EXPECT_EQ(FirstDifference(samples, ParseFixture<TypeParam>(text)), std::nullopt);
}

TEST(CanonicalJsonTest, WritesTheConventions) {
  const Json j = PayloadToJson(Examples<Node>());
  const Json& root = j["records"][0];
  EXPECT_EQ(root["type"], "directory");
  EXPECT_EQ(root["created_at"], "1970-01-01T00:00:00.000009Z");
  EXPECT_FALSE(root.contains("updated_at"));  // absent optional: omitted
  EXPECT_EQ(root["contents"][0]["permissions"], "READ_WRITE");
  EXPECT_EQ(PayloadToJson(Examples<Monster>())["records"][0]["inventory"],
            Json::parse("[0, 1, 255]"));
}

constexpr char kOneUser[] = R"({"records": [{"name": "A", "email": "a@b", "age": AGE,
  "tags": ["t"], "address": {"street": "s", "city": "c", "postcode": "p", "country": "GB"}}]})";

std::string OneUserWithAge(const std::string& age) {
  std::string json = kOneUser;
  return json.replace(json.find("AGE"), 3, age);
}

TEST(CanonicalJsonTest, ParsesEveryField) {
  const User want{"A", "a@b", 7, {"t"}, {"s", "c", "p", "GB"}};
  EXPECT_EQ(ParseFixture<User>(OneUserWithAge("7")), std::vector<User>{want});
}

TEST(CanonicalJsonTest, RefusesIntegersOutsideTheField) {
  EXPECT_ANY_THROW(ParseFixture<User>(OneUserWithAge("4294967296")));
  EXPECT_ANY_THROW(ParseFixture<User>(OneUserWithAge("-1")));
  EXPECT_ANY_THROW(ParseFixture<User>(OneUserWithAge("1.5")));
}

TEST(CanonicalJsonTest, RefusesMissingFieldUnknownEnumAndUnknownUnionType) {
  EXPECT_ANY_THROW(ParseFixture<User>(R"({"records": [{"name": "A"}]})"));
  EXPECT_ANY_THROW(ParseFixture<Node>(R"({"records": [{"type": "link"}]})"));
  Json order = PayloadToJson(Examples<Order>());
  order["records"][0]["status"] = "LOST";
  EXPECT_ANY_THROW(PayloadFromJson<Order>(order));
}

}  // namespace
}  // namespace serbench::model
