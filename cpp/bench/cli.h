// The command line every serbench bench binary accepts (see the common
// brief), its profiles, and their translation into Google Benchmark flags.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace serbench::bench {

inline constexpr char kUsage[] =
    "usage: bench --out DIR [--profile quick|standard|full] [--library NAME] [--dataset NAME]\n"
    "             [--cases FILE] [--rounds N] [--seed N] [--isolation dataset|none]\n"
    "             [--round R [--verified CATALOG]]\n"
    "             [--payloads DIR] [--document PATH [--proto-plugin SO --message NAME]]\n"
    "             [--benchmark_*=...]\n"
    "  writes Google Benchmark JSON to DIR/cpp.json, the case catalog to DIR/cpp-cases.json\n"
    "  and the calibration to DIR/cpp-calibration.json; --payloads: each measured encode\n"
    "  case's payload, once before timing, to DIR/<case id, '/' as ','>.bin;\n"
    "  --document: measure this JSON document instead of every dataset, named by --dataset\n"
    "  (default mine); --proto-plugin, --message: protobuf measures it as that message of\n"
    "  the plugin (runner mine --proto builds it)";

// The quick and standard profiles time only the decode of this tens-of-MiB document:
// its encode and round trip take seconds per call in the slowest libraries.
inline constexpr char kDecodeOnly[] = "packages";

// How much a profile measures: `rounds` samples per case, each one Google Benchmark
// run of at least `min_time` seconds (nullopt: its default, 0.5). One run a round:
// the runner shows a case by its fastest round, and the rounds lie minutes apart,
// so more runs back to back within a round bought little agreement between runs.
struct Profile {
  int rounds;
  std::optional<double> min_time;
  bool every_document_op = false;  // false: only decode of kDecodeOnly
};

struct Options {
  std::string profile = "quick";
  std::filesystem::path out;
  std::optional<std::string> library;
  std::optional<std::string> dataset;
  // A file of case ids, one per line: only those are measured.
  std::optional<std::filesystem::path> cases;
  std::optional<int> rounds;  // overrides the profile's
  // Only this round of them (a worker: the driver runs each round's datasets in
  // processes of their own).
  std::optional<int> round;
  std::optional<std::uint64_t> seed;  // of the round orders; random if absent
  // The catalog (cpp-cases.json) of the worker that checked this dataset's cases
  // (round 0's, given to later rounds' workers by the driver): only its measured
  // cases are timed, without checking their round trip or counting allocations again.
  std::optional<std::filesystem::path> verified;
  // Where each measured encode case's payload is written (untimed).
  std::optional<std::filesystem::path> payloads;
  // A user's JSON document, measured instead of every dataset under the name
  // --dataset gives it (runner mine).
  std::optional<std::filesystem::path> document;
  // With it: the plugin of the user's .proto and the full name of the message
  // the document maps to (proto_plugin.h).
  std::optional<std::filesystem::path> proto_plugin;
  std::optional<std::string> message;
  // dataset: one worker process per dataset and round (the default); none:
  // every dataset and round in this process (what a worker does).
  std::string isolation = "dataset";
  // Google Benchmark's own flags, passed through untouched (e.g. a filter).
  std::vector<std::string> benchmark_flags;
};

class UsageError : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Parses the arguments after argv[0]; accepts `--flag value` and
// `--flag=value`. Throws UsageError on anything else.
Options ParseArgs(const std::vector<std::string>& args);

// quick: 3 rounds of 0.01 s runs (a smoke run, never published);
// standard: 9 rounds of one 0.004 s run each (the published one; nine in every
// language's suite, see docs/methodology.md); full: 20 rounds
// at Google Benchmark's default 0.5 s, every op of every document. --rounds
// overrides the count.
Profile ProfileOf(const Options& options);

// The arguments a worker process gets: these options for one dataset and
// round, in this process, writing into `out`, with the seed fixed.
// `verified`: the catalog of the dataset's round 0 worker, for a later round's.
std::vector<std::string> WorkerArgs(const Options& options, const std::string& dataset, int round,
                                    const std::filesystem::path& out, std::uint64_t seed,
                                    const std::optional<std::filesystem::path>& verified = std::nullopt);

// The Google Benchmark flags of one round: the profile's min time, JSON into
// `json_out`, then the passed-through flags (each case sets its own repetitions).
std::vector<std::string> BenchmarkFlags(const Options& options,
                                        const std::filesystem::path& json_out);

}  // namespace serbench::bench
