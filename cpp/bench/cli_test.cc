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

TEST(ParseArgsTest, ReadsCasesRoundsSeedAndIsolation) {
  const Options options = ParseArgs({"--out=/o", "--cases", "/c.txt", "--rounds=4",
                                     "--seed", "99", "--isolation=none"});
  EXPECT_EQ(options.cases, std::filesystem::path("/c.txt"));
  EXPECT_EQ(options.rounds, 4);
  EXPECT_EQ(options.seed, 99u);
  EXPECT_EQ(options.isolation, "none");
  EXPECT_EQ(ParseArgs({"--out=/o"}).isolation, "dataset");
  const Options mine = ParseArgs({"--out=/o", "--document", "/d.json", "--dataset=mine:0123"});
  EXPECT_EQ(mine.document, std::filesystem::path("/d.json"));
  EXPECT_EQ(mine.dataset, "mine:0123");
  EXPECT_EQ(ParseArgs({"--out=/o", "--document=/d.json"}).dataset, "mine");
}

TEST(ParseArgsTest, ReadsTheUsersMessageWithTheDocumentAndPassesItToWorkers) {
  const Options options = ParseArgs({"--out=/o", "--document=/d.json", "--proto-plugin", "/p.so",
                                     "--message=shop.Item"});
  EXPECT_EQ(options.proto_plugin, std::filesystem::path("/p.so"));
  EXPECT_EQ(options.message, "shop.Item");
  const std::vector<std::string> args = WorkerArgs(options, "mine", 0, "/w", 1);
  const auto at = std::find(args.begin(), args.end(), "--proto-plugin");
  ASSERT_NE(at, args.end());
  EXPECT_EQ(std::vector<std::string>(at, at + 4),
            (std::vector<std::string>{"--proto-plugin", "/p.so", "--message", "shop.Item"}));
  EXPECT_THROW(ParseArgs({"--out=/o", "--document=/d.json", "--message=shop.Item"}), UsageError);
  EXPECT_THROW(ParseArgs({"--out=/o", "--proto-plugin=/p.so", "--message=shop.Item"}), UsageError);
}

TEST(ParseArgsTest, RefusesBadArguments) {
  EXPECT_THROW(ParseArgs({}), UsageError);
  EXPECT_THROW(ParseArgs({"--out"}), UsageError);
  EXPECT_THROW(ParseArgs({"--out=/o", "--profile=slow"}), UsageError);
  EXPECT_THROW(ParseArgs({"--out=/o", "--bogus"}), UsageError);
  EXPECT_THROW(ParseArgs({"--out=/o", "--rounds=0"}), UsageError);
  EXPECT_THROW(ParseArgs({"--out=/o", "--seed=x"}), UsageError);
  EXPECT_THROW(ParseArgs({"--out=/o", "--isolation=library"}), UsageError);
}

TEST(ProfileTest, StandardHasTenRoundsQuickThreeFullTwenty) {
  EXPECT_EQ(ProfileOf(ParseArgs({"--out=/o"})).rounds, 3);
  EXPECT_EQ(ProfileOf(ParseArgs({"--out=/o", "--profile=standard"})).rounds, 9);
  EXPECT_EQ(ProfileOf(ParseArgs({"--out=/o", "--profile=full"})).rounds, 20);
  EXPECT_EQ(ProfileOf(ParseArgs({"--out=/o", "--profile=full"})).min_time, std::nullopt);
  EXPECT_EQ(ProfileOf(ParseArgs({"--out=/o", "--profile=standard", "--rounds=12"})).rounds, 12);
}

// Only the full profile times every op of the big document; the standard one
// times short runs.
TEST(ProfileTest, FullTimesEveryDocumentOpStandardShortRuns) {
  EXPECT_FALSE(ProfileOf(ParseArgs({"--out=/o"})).every_document_op);
  EXPECT_FALSE(ProfileOf(ParseArgs({"--out=/o", "--profile=standard"})).every_document_op);
  EXPECT_TRUE(ProfileOf(ParseArgs({"--out=/o", "--profile=full"})).every_document_op);
  EXPECT_EQ(ProfileOf(ParseArgs({"--out=/o", "--profile=standard"})).min_time, 0.004);
}

TEST(BenchmarkFlagsTest, JsonOutWithTheProfilesMinTime) {
  const auto flags = BenchmarkFlags(ParseArgs({"--out=/o", "--benchmark_filter=x"}), "/o/round.json");
  EXPECT_TRUE(Has(flags, "--benchmark_out=/o/round.json"));
  EXPECT_TRUE(Has(flags, "--benchmark_out_format=json"));
  EXPECT_TRUE(Has(flags, "--benchmark_min_time=0.010000"));
  EXPECT_EQ(flags.back(), "--benchmark_filter=x");
}

TEST(BenchmarkFlagsTest, StandardTimesShortRuns) {
  const auto flags = BenchmarkFlags(ParseArgs({"--out=/o", "--profile=standard"}), "/o/r.json");
  EXPECT_TRUE(Has(flags, "--benchmark_min_time=0.004000"));
}

TEST(BenchmarkFlagsTest, FullKeepsDefaultMinTime) {
  const auto flags = BenchmarkFlags(ParseArgs({"--out=/o", "--profile=full"}), "/o/r.json");
  EXPECT_FALSE(std::any_of(flags.begin(), flags.end(), [](const std::string& f) {
    return f.starts_with("--benchmark_min_time");
  }));
}

TEST(WorkerArgsTest, OneDatasetAndRoundInProcessWithTheSeed) {
  const Options options = ParseArgs({"--out=/o", "--profile=standard", "--library=protobuf",
                                     "--cases=/c", "--payloads", "/p", "--benchmark_filter=x"});
  const auto args = WorkerArgs(options, "user", 0, "/o/parts/user", 7);
  const Options worker = ParseArgs(args);
  EXPECT_EQ(worker.dataset, "user");
  EXPECT_EQ(worker.round, 0);
  EXPECT_EQ(worker.out, "/o/parts/user");
  EXPECT_EQ(worker.seed, 7u);
  EXPECT_EQ(worker.isolation, "none");
  EXPECT_EQ(worker.profile, "standard");
  EXPECT_EQ(worker.library, "protobuf");
  EXPECT_EQ(worker.cases, std::filesystem::path("/c"));
  EXPECT_EQ(worker.payloads, std::filesystem::path("/p"));
  EXPECT_EQ(worker.benchmark_flags, std::vector<std::string>{"--benchmark_filter=x"});
  // Later rounds encode the same payloads: only round 0's worker writes them.
  EXPECT_FALSE(ParseArgs(WorkerArgs(options, "user", 3, "/o/parts/user-3", 7)).payloads);
  EXPECT_FALSE(worker.verified);
  // A later round's worker times what round 0's checked.
  const std::filesystem::path checked = "/o/parts/user-0/cpp-cases.json";
  EXPECT_EQ(ParseArgs(WorkerArgs(options, "user", 3, "/o/parts/user-3", 7, checked)).verified, checked);
}

TEST(ParseArgsTest, VerifiedGoesWithARound) {
  EXPECT_THROW(ParseArgs({"--out=/o", "--verified=/c.json"}), UsageError);
  EXPECT_EQ(ParseArgs({"--out=/o", "--round=1", "--verified=/c.json"}).verified,
            std::filesystem::path("/c.json"));
}

TEST(ParseArgsTest, RoundIsOneOfTheProfilesRounds) {
  EXPECT_EQ(ParseArgs({"--out=/o", "--profile=standard", "--round=8"}).round, 8);
  EXPECT_THROW(ParseArgs({"--out=/o", "--profile=standard", "--round=9"}), UsageError);
  EXPECT_THROW(ParseArgs({"--out=/o", "--rounds=2", "--round=2"}), UsageError);
}

}  // namespace
}  // namespace serbench::bench
