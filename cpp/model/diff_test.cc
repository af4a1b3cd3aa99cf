#include "cpp/model/diff.h"

#include <gtest/gtest.h>

#include "cpp/model/examples.h"

namespace serbench::model {
namespace {

TEST(FirstDifferenceTest, EqualPayloadsHaveNone) {
  EXPECT_EQ(FirstDifference(Examples<User>(), Examples<User>()), std::nullopt);
  EXPECT_EQ(FirstDifference(Examples<Node>(), Examples<Node>()), std::nullopt);
}

TEST(FirstDifferenceTest, NamesNestedStringField) {
  auto got = Examples<User>();
  got[1].address.city = "Kyoto";
  EXPECT_EQ(FirstDifference(Examples<User>(), got),
            R"(records[1].address.city: want "東京", got "Kyoto")");
}

TEST(FirstDifferenceTest, ReportsOnlyTheFirstDifference) {
  auto got = Examples<User>();
  got[0].age = 37;
  got[1].name = "y";
  EXPECT_EQ(FirstDifference(Examples<User>(), got), "records[0].age: want 36, got 37");
}

TEST(FirstDifferenceTest, NamesListLengthBeforeElements) {
  auto got = Examples<User>();
  got[0].tags.push_back("extra");
  EXPECT_EQ(FirstDifference(Examples<User>(), got),
            "records[0].tags: want 2 elements, got 3");
  EXPECT_EQ(FirstDifference(Examples<User>(), {}), "records: want 3 elements, got 0");
}

TEST(FirstDifferenceTest, NamesEnumTimestampAndDouble) {
  auto got = Examples<Order>();
  got[0].status = OrderStatus::kShipped;
  EXPECT_EQ(FirstDifference(Examples<Order>(), got), "records[0].status: want PAID, got SHIPPED");
  got = Examples<Order>();
  got[0].created_at.micros += 1;
  EXPECT_EQ(FirstDifference(Examples<Order>(), got),
            "records[0].created_at: want 2024-05-01T12:30:45.123456Z, "
            "got 2024-05-01T12:30:45.123457Z");
  got = Examples<Order>();
  got[0].items[1].unit_price = 0.02;
  EXPECT_EQ(FirstDifference(Examples<Order>(), got),
            "records[0].items[1].unit_price: want 0.01, got 0.02");
}

TEST(FirstDifferenceTest, NamesUnionTagAndOptionalPresence) {
  auto got = Examples<Node>();
  got[1] = Node{Directory{}};
  EXPECT_EQ(FirstDifference(Examples<Node>(), got),
            "records[1].type: want file, got directory");
  got = Examples<Node>();
  std::get<File>(std::get<Directory>(got[0].entry).contents[0].entry).updated_by = "z";
  EXPECT_EQ(FirstDifference(Examples<Node>(), got),
            "records[0].contents[0].updated_by: want absent, got present");
}

TEST(FirstDifferenceTest, ShowsBytesAsNumbers) {
  auto got = Examples<Monster>();
  got[0].inventory[2] = 7;
  EXPECT_EQ(FirstDifference(Examples<Monster>(), got),
            "records[0].inventory[2]: want 255, got 7");
}

}  // namespace
}  // namespace serbench::model
