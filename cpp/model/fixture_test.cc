#include "cpp/model/fixture.h"

#include <gtest/gtest.h>

namespace serbench::model {
namespace {

TEST(LoadUserFixtureTest, FindsFixtureThroughRunfiles) {
  const std::vector<User> users = LoadUserFixture();
  ASSERT_EQ(users.size(), 3u);
  EXPECT_EQ(users[0].name, "Ada Lovelace");
  EXPECT_EQ(users[0].tags, (std::vector<std::string>{"math", "engines", "poetry"}));
  EXPECT_EQ(users[1].age, 0u);
  EXPECT_TRUE(users[1].tags.empty());
  EXPECT_EQ(users[1].address.street, "");
  EXPECT_EQ(users[1].address.city, "東京");
  EXPECT_EQ(users[2].age, 4294967295u);
  EXPECT_EQ(users[2].tags[2], "x\"y");
}

constexpr char kOneUser[] = R"({"records": [{"name": "A", "email": "a@b", "age": AGE,
  "tags": ["t"], "address": {"street": "s", "city": "c", "postcode": "p", "country": "GB"}}]})";

std::string OneUserWithAge(const std::string& age) {
  std::string json = kOneUser;
  return json.replace(json.find("AGE"), 3, age);
}

TEST(ParseUsersTest, ParsesEveryField) {
  const User want{.name = "A", .email = "a@b", .age = 7, .tags = {"t"},
                  .address = {"s", "c", "p", "GB"}};
  EXPECT_EQ(ParseUsers(OneUserWithAge("7")), std::vector<User>{want});
}

TEST(ParseUsersTest, RejectsAgesOutsideUint32) {
  EXPECT_ANY_THROW(ParseUsers(OneUserWithAge("4294967296")));
  EXPECT_ANY_THROW(ParseUsers(OneUserWithAge("-1")));
  EXPECT_ANY_THROW(ParseUsers(OneUserWithAge("1.5")));
}

TEST(ParseUsersTest, RejectsMissingField) {
  EXPECT_ANY_THROW(ParseUsers(R"({"records": [{"name": "A"}]})"));
}

}  // namespace
}  // namespace serbench::model
