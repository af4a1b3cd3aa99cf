#include "cpp/bench/cli.h"

#include <algorithm>

#include <gtest/gtest.h>

namespace serbench::bench {
namespace {

bool Has(const std::vector<std::string>& flags, const std::string& flag) {
  return std::find(flags.begin(), flags.end(), flag) != flags.end();
}

TEST(ParseArgsTest, DefaultsToQuickProfile) {
  const Options options = ParseArgs({"--out", "/tmp/x"});
  EXPECT_EQ(options.profile, "quick");
  EXPECT_EQ(options.out, "/tmp/x");
  EXPECT_EQ(options.library, std::nullopt);
  EXPECT_EQ(options.dataset, std::nullopt);
}

TEST(ParseArgsTest, AcceptsBothValueSpellings) {
  const Options options = ParseArgs(
      {"--profile=full", "--out=/o", "--library", "protobuf", "--dataset=user"});
  EXPECT_EQ(options.profile, "full");
  EXPECT_EQ(options.out, "/o");
  EXPECT_EQ(options.library, "protobuf");
  EXPECT_EQ(options.dataset, "user");
}

TEST(ParseArgsTest, PassesBenchmarkFlagsThrough) {
  EXPECT_EQ(ParseArgs({"--out=/o", "--benchmark_filter=encode"}).benchmark_flags,
            std::vector<std::string>{"--benchmark_filter=encode"});
}

TEST(ParseArgsTest, RefusesBadArguments) {
  EXPECT_THROW(ParseArgs({}), UsageError);
  EXPECT_THROW(ParseArgs({"--out"}), UsageError);
  EXPECT_THROW(ParseArgs({"--out=/o", "--profile=slow"}), UsageError);
  EXPECT_THROW(ParseArgs({"--out=/o", "--bogus"}), UsageError);
}

TEST(BenchmarkFlagsTest, QuickIsShortWithThreeRepetitions) {
  const auto flags = BenchmarkFlags(ParseArgs({"--out=/o"}));
  EXPECT_TRUE(Has(flags, "--benchmark_out=/o/cpp.json"));
  EXPECT_TRUE(Has(flags, "--benchmark_out_format=json"));
  EXPECT_TRUE(Has(flags, "--benchmark_min_time=0.01"));
  EXPECT_TRUE(Has(flags, "--benchmark_repetitions=3"));
}

TEST(BenchmarkFlagsTest, FullKeepsDefaultMinTimeWithTenRepetitions) {
  const auto flags = BenchmarkFlags(ParseArgs({"--out=/o", "--profile=full"}));
  EXPECT_TRUE(Has(flags, "--benchmark_repetitions=10"));
  EXPECT_FALSE(std::any_of(flags.begin(), flags.end(), [](const std::string& f) {
    return f.starts_with("--benchmark_min_time");
  }));
}

}  // namespace
}  // namespace serbench::bench
