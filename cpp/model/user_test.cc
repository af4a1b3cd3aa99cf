#include "cpp/model/user.h"

#include <gtest/gtest.h>

namespace serbench::model {
namespace {

std::vector<User> TwoUsers() {
  return {
      User{.name = "Ada", .email = "ada@example.org", .age = 36,
           .tags = {"math"}, .address = {"1 Road", "London", "SW1", "GB"}},
      User{.name = "Zoë", .email = "zoe@example.com", .age = 0, .tags = {},
           .address = {"", "東京", "100-0001", "JP"}},
  };
}

TEST(FirstDifferenceTest, EqualListsHaveNone) {
  EXPECT_EQ(FirstDifference(TwoUsers(), TwoUsers()), std::nullopt);
}

TEST(FirstDifferenceTest, NamesNestedStringField) {
  auto got = TwoUsers();
  got[1].address.city = "Kyoto";
  EXPECT_EQ(FirstDifference(TwoUsers(), got),
            R"(users[1].address.city: want "東京", got "Kyoto")");
}

TEST(FirstDifferenceTest, NamesNumberField) {
  auto got = TwoUsers();
  got[0].age = 37;
  EXPECT_EQ(FirstDifference(TwoUsers(), got), "users[0].age: want 36, got 37");
}

TEST(FirstDifferenceTest, ReportsOnlyTheFirstDifference) {
  auto got = TwoUsers();
  got[0].email = "x";
  got[1].name = "y";
  EXPECT_EQ(FirstDifference(TwoUsers(), got),
            R"(users[0].email: want "ada@example.org", got "x")");
}

TEST(FirstDifferenceTest, NamesListLengthBeforeElements) {
  auto got = TwoUsers();
  got[0].tags.push_back("extra");
  EXPECT_EQ(FirstDifference(TwoUsers(), got),
            "users[0].tags: want 1 elements, got 2");
  EXPECT_EQ(FirstDifference(TwoUsers(), {}), "users: want 2 elements, got 0");
}

TEST(FirstDifferenceTest, NamesListElement) {
  auto got = TwoUsers();
  got[0].tags[0] = "poetry";
  EXPECT_EQ(FirstDifference(TwoUsers(), got),
            R"(users[0].tags[0]: want "math", got "poetry")");
}

}  // namespace
}  // namespace serbench::model
