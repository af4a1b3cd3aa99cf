#include "tools/hostnoise/spread.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace serbench::hostnoise {
namespace {

TEST(SpreadOf, TakesNearestRankPercentilesOfTheReadings) {
  // Ten readings 1..10, unordered: p10 is the 1st, p90 the 9th.
  const Spread s = SpreadOf({7, 3, 10, 1, 5, 2, 9, 4, 8, 6});
  EXPECT_EQ(s.min, 1);
  EXPECT_EQ(s.p10, 1);
  EXPECT_EQ(s.p90, 9);
  EXPECT_EQ(s.max, 10);
  EXPECT_DOUBLE_EQ(s.moved, 8.0);
}

TEST(SpreadOf, LeavesOutOneOutlierOfTwenty) {
  std::vector<double> readings(19, 100.0);
  readings.push_back(500.0);
  const Spread s = SpreadOf(readings);
  EXPECT_EQ(s.max, 500);
  EXPECT_DOUBLE_EQ(s.moved, 0.0);
}

TEST(SpreadOf, OneReadingDidNotMove) { EXPECT_DOUBLE_EQ(SpreadOf({3.5}).moved, 0.0); }

TEST(SpreadOf, RefusesNoReadings) { EXPECT_THROW(SpreadOf({}), std::invalid_argument); }

}  // namespace
}  // namespace serbench::hostnoise
