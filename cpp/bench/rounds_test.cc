#include "cpp/bench/rounds.h"

#include <algorithm>
#include <set>

#include <gtest/gtest.h>

namespace serbench::bench {
namespace {

TEST(RoundOrderTest, EveryCaseOncePerRound) {
  for (int round = 0; round < 10; ++round) {
    std::vector<std::size_t> order = RoundOrder(50, 7, round);
    std::sort(order.begin(), order.end());
    for (std::size_t i = 0; i < order.size(); ++i) EXPECT_EQ(order[i], i);
  }
}

TEST(RoundOrderTest, ShuffledDifferentlyPerRoundAndReproducible) {
  std::set<std::vector<std::size_t>> orders;
  for (int round = 0; round < 10; ++round) {
    EXPECT_EQ(RoundOrder(20, 42, round), RoundOrder(20, 42, round));
    orders.insert(RoundOrder(20, 42, round));
  }
  EXPECT_EQ(orders.size(), 10u);  // 20! orders: ten rounds never repeat one
  EXPECT_NE(RoundOrder(20, 42, 0), RoundOrder(20, 43, 0));
}

// Over many rounds each case is first about equally often: no position is
// reserved for a case (say, the registry's first library).
TEST(RoundOrderTest, NoCaseKeepsItsPlace) {
  std::vector<int> first(4, 0);
  for (int round = 0; round < 4000; ++round) ++first[RoundOrder(4, 1, round).front()];
  for (int count : first) {
    EXPECT_GT(count, 850);
    EXPECT_LT(count, 1150);
  }
}

TEST(WithoutNonFiniteTest, BareNonFiniteValuesBecomeNull) {
  EXPECT_EQ(WithoutNonFinite(R"({"cv": NaN, "a": -NaN, "b": Infinity, "c": -Infinity, "d": 1.5})"),
            R"({"cv": null, "a": null, "b": null, "c": null, "d": 1.5})");
  EXPECT_EQ(WithoutNonFinite(R"({"name": "NaN"})"), R"({"name": "NaN"})");
}

TEST(WithoutRepeatsTest, DropsOnlyATrailingRepeatCount) {
  EXPECT_EQ(WithoutRepeats("dataset=user/size=1/op=decode/format=f/lib=l/repeats:3"),
            "dataset=user/size=1/op=decode/format=f/lib=l");
  EXPECT_EQ(WithoutRepeats("dataset=user/size=1/op=decode/format=f/lib=l"),
            "dataset=user/size=1/op=decode/format=f/lib=l");
  EXPECT_EQ(WithoutRepeats("a/repeats:x"), "a/repeats:x");
}

}  // namespace
}  // namespace serbench::bench
