#include "cpp/model/timestamp.h"

#include <gtest/gtest.h>

namespace serbench::model {
namespace {

TEST(TimestampTest, FormatsWithSixFractionalDigits) {
  EXPECT_EQ(FormatTimestamp({0}), "1970-01-01T00:00:00.000000Z");
  EXPECT_EQ(FormatTimestamp({1714566645123456}), "2024-05-01T12:30:45.123456Z");
}

TEST(TimestampTest, FormatsTimesBeforeTheEpoch) {
  EXPECT_EQ(FormatTimestamp({-1}), "1969-12-31T23:59:59.999999Z");
}

TEST(TimestampTest, ParsesWhatItFormats) {
  for (std::int64_t micros : {0ll, -1ll, 1714566645123456ll, 951782400000000ll /* 2000-02-29 */}) {
    EXPECT_EQ(ParseTimestamp(FormatTimestamp({micros})), Timestamp{micros}) << micros;
  }
}

TEST(TimestampTest, RefusesOtherSpellings) {
  EXPECT_EQ(ParseTimestamp("2024-05-01T12:30:45Z"), std::nullopt);
  EXPECT_EQ(ParseTimestamp("2024-05-01T12:30:45.123456+00:00"), std::nullopt);
  EXPECT_EQ(ParseTimestamp("2024-02-30T12:30:45.123456Z"), std::nullopt);
  EXPECT_EQ(ParseTimestamp("2024-05-01T24:30:45.123456Z"), std::nullopt);
  EXPECT_EQ(ParseTimestamp(""), std::nullopt);
}

}  // namespace
}  // namespace serbench::model
