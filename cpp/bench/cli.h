// The command line every serbench bench binary accepts (see the common
// brief), and its translation into Google Benchmark flags.
#pragma once

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace serbench::bench {

inline constexpr char kUsage[] =
    "usage: bench --out DIR [--profile quick|full] [--library NAME] "
    "[--dataset NAME] [--benchmark_*=...]\n"
    "  writes Google Benchmark JSON to DIR/cpp.json";

struct Options {
  std::string profile = "quick";
  std::filesystem::path out;
  std::optional<std::string> library;
  std::optional<std::string> dataset;
  // Google Benchmark's own flags, passed through untouched (e.g. a filter).
  std::vector<std::string> benchmark_flags;
};

class UsageError : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Parses the arguments after argv[0]; accepts `--flag value` and
// `--flag=value`. Throws UsageError on anything else.
Options ParseArgs(const std::vector<std::string>& args);

// quick: 0.01 s min time, 3 repetitions; full: default min time, 10
// repetitions. Repetitions make Google Benchmark write one row per repetition.
std::vector<std::string> BenchmarkFlags(const Options& options);

}  // namespace serbench::bench
