// Google Benchmark suite of the C++ adapters. PlanSuite verifies every
// library on every fixture and builds the cases; measured ones are timed
// here, the rest are listed with their reason in DIR/cpp-cases.json.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cpp/bench/build_info.h"
#include "cpp/bench/case_id.h"
#include "cpp/bench/catalog.h"
#include "cpp/bench/cli.h"
#include "cpp/bench/driver.h"
#include "cpp/bench/plan.h"
#include "cpp/bench/rounds.h"
#include "cpp/model/fixture.h"

namespace serbench::bench {
namespace {

// Every language's suite times the CPU time of the thread that runs the calls: on a
// shared machine it leaves out the time other tenants hold the core (the
// methodology says why). Google Benchmark's cpu_time is that clock.
constexpr char kClock[] =
    "thread CPU time: Google Benchmark's cpu_time, the timing thread's CPU time "
    "(CLOCK_THREAD_CPUTIME_ID)";

#if defined(__clang__)
constexpr char kCompiler[] = "clang " __clang_version__;
#else
constexpr char kCompiler[] = "gcc " __VERSION__;
#endif

// Times p.op once per iteration, one run per sample (whatever
// --benchmark_repetitions says: the rounds are the suite's). Wire size and the
// untimed allocation count and peak heap of one operation go in as counters.
void Register(const PlannedCase& p) {
  auto* registered = benchmark::RegisterBenchmark(CaseId(p.c).c_str(), [&p](benchmark::State& state) {
    for (auto _ : state) p.op();
    state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(p.wire_bytes));
    state.counters["wire_bytes"] = static_cast<double>(p.wire_bytes);
    state.counters["records"] = static_cast<double>(p.c.size);
    if (!p.allocs) return;  // counted by round 0's worker only
    state.counters["allocs_per_op"] = static_cast<double>(p.allocs->allocs);
    state.counters["alloc_bytes_per_op"] = static_cast<double>(p.allocs->bytes);
    state.counters["peak_heap_bytes"] = static_cast<double>(p.allocs->peak_bytes);
  });
  registered->Repetitions(1);
}

// The console table, plus one `progress: <done>/<total> <case id>` line on
// stderr per sample (a case's run in one round).
class ProgressReporter final : public benchmark::ConsoleReporter {
 public:
  explicit ProgressReporter(std::size_t total)
      : benchmark::ConsoleReporter(OO_Tabular), total_(total) {}

  void ReportRuns(const std::vector<Run>& runs) override {
    benchmark::ConsoleReporter::ReportRuns(runs);
    // One call per case and round: its run, or its aggregates.
    const auto loop = std::find_if(runs.begin(), runs.end(),
                                   [](const Run& run) { return run.run_type == Run::RT_Iteration; });
    if (loop != runs.end()) {
      std::cerr << "progress: " << ++done_ << "/" << total_ << " " << WithoutRepeats(loop->run_name.str())
                << std::endl;
    }
  }

 private:
  std::size_t total_;
  std::size_t done_ = 0;
};

void AddContext(const Plan& plan, const Options& options, std::uint64_t seed) {
  benchmark::AddCustomContext("serbench.lang", "cpp");
  benchmark::AddCustomContext("clock", kClock);
  benchmark::AddCustomContext("serbench.profile", options.profile);
  benchmark::AddCustomContext("serbench.rounds", std::to_string(ProfileOf(options).rounds));
  benchmark::AddCustomContext("serbench.round_seed", std::to_string(seed));
  benchmark::AddCustomContext("serbench.round_order",
                              "per round, the process's cases shuffled by mt19937_64 seeded "
                              "with seed_seq{seed low, seed high, round} (cpp/bench/rounds.cc)");
  benchmark::AddCustomContext("isolation",
                              "one process per dataset and round; no garbage collector (C++): "
                              "the heap holds only this dataset's fixtures, native objects and "
                              "payloads");
  benchmark::AddCustomContext("cxx.compiler", kCompiler);
  benchmark::AddCustomContext("cxx.flags", SERBENCH_CXXFLAGS);
  benchmark::AddCustomContext("cxx.compilation_mode", SERBENCH_COMPILATION_MODE);
  benchmark::AddCustomContext("cxx.alloc_counting",
                              "replaced malloc/free (operator new included), one untimed op "
                              "after a warm-up, in round 0's worker: allocs_per_op, "
                              "alloc_bytes_per_op, peak_heap_bytes");
  // One entry per (lib, variant): a variant of several formats (nlohmann's
  // schema-less JSON, MessagePack and CBOR) has one version and capabilities,
  // and Google Benchmark refuses a context key twice (on stderr).
  std::set<std::string> added;
  for (const adapters::LibraryInfo& info : plan.libraries) {
    const std::string key = "lib." + info.lib + (info.variant.empty() ? "" : "." + info.variant);
    if (!added.insert(key).second) continue;
    std::string capabilities;
    for (const std::string& c : info.capabilities) capabilities += (capabilities.empty() ? "" : ",") + c;
    benchmark::AddCustomContext(key + ".version", info.version);
    benchmark::AddCustomContext(key + ".format", info.format);
    benchmark::AddCustomContext(key + ".capabilities", capabilities);
  }
}

// No benchmark::MemoryManager: libbenchmark 1.7.1 hands it pointers into a
// vector it grows per repetition, so with repetitions > 1 the JSON's
// max_bytes_used / total_allocated_bytes are read from freed memory
// (google/benchmark#1939, fixed upstream by #1941). The plan's own untimed
// pass gives the same figures per operation.
void InitializeBenchmark(const std::string& argv0, const std::vector<std::string>& flags) {
  std::vector<std::string> args = {argv0};
  args.insert(args.end(), flags.begin(), flags.end());
  static std::vector<std::string> kept;  // Initialize keeps pointers into argv
  kept = std::move(args);
  static std::vector<char*> argv;
  for (std::string& arg : kept) argv.push_back(arg.data());
  int argc = static_cast<int>(argv.size());
  benchmark::Initialize(&argc, argv.data());
}

// A round's Google Benchmark JSON (non-finite values as null: WithoutNonFinite).
nlohmann::json ReadRoundJson(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::stringstream text;
  text << in.rdbuf();
  return nlohmann::json::parse(WithoutNonFinite(text.str()));
}

// Runs the rounds (all, or `only` one): in round r every case once, in
// RoundOrder(seed, r). Each round is one Google Benchmark pass writing its JSON
// to `round_json`; its iteration rows (one run of each case) are kept with
// repetition_index = r, its aggregate rows dropped. Returns {context, benchmarks}.
nlohmann::json RunRounds(const std::vector<const PlannedCase*>& measured, int rounds,
                         std::optional<int> only, std::uint64_t seed,
                         const std::filesystem::path& round_json) {
  nlohmann::json result = {{"context", nlohmann::json::object()},
                           {"benchmarks", nlohmann::json::array()}};
  const int first = only.value_or(0);
  const int last = only ? *only + 1 : rounds;
  ProgressReporter display(measured.size() * static_cast<std::size_t>(last - first));
  display.SetOutputStream(&std::cerr);
  display.SetErrorStream(&std::cerr);
  for (int round = first; round < last; ++round) {
    benchmark::ClearRegisteredBenchmarks();
    for (std::size_t i : RoundOrder(measured.size(), seed, round)) Register(*measured[i]);
    benchmark::RunSpecifiedBenchmarks(&display);
    // A --benchmark_filter that matches no case here leaves the file empty.
    if (!std::filesystem::exists(round_json) || std::filesystem::file_size(round_json) == 0) {
      continue;
    }
    nlohmann::json pass = ReadRoundJson(round_json);
    if (result["context"].empty()) result["context"] = pass["context"];
    for (nlohmann::json& row : pass["benchmarks"]) {
      if (row.value("run_type", "iteration") != "iteration") continue;  // the runner derives its own
      for (const char* key : {"name", "run_name"}) row[key] = WithoutRepeats(row.value(key, ""));
      row["repetition_index"] = round;
      row["repetitions"] = rounds;
      result["benchmarks"].push_back(std::move(row));
    }
  }
  std::filesystem::remove(round_json);
  return result;
}

// `bazel run` starts the binary inside its runfiles tree; a relative --out
// means relative to where the command was typed.
std::filesystem::path FromInvocationDir(const std::filesystem::path& path) {
  const char* dir = std::getenv("BUILD_WORKING_DIRECTORY");
  return path.is_relative() && dir != nullptr ? std::filesystem::path(dir) / path : path;
}

void Write(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

std::size_t Count(const Plan& plan, const std::string& status) {
  return std::count_if(plan.cases.begin(), plan.cases.end(),
                       [&](const PlannedCase& p) { return p.status == status; });
}

std::set<std::string> ReadCaseIds(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("cannot read --cases file " + path.string());
  std::set<std::string> ids;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) ids.insert(line);
  }
  return ids;
}

// The libraries the case ids name (their `lib=` parts).
std::set<std::string> LibrariesOf(const std::set<std::string>& ids) {
  std::set<std::string> libs;
  for (const std::string& id : ids) {
    const std::size_t at = id.find("/lib=");
    if (at != std::string::npos) libs.insert(id.substr(at + 5, id.find('/', at + 5) - (at + 5)));
  }
  return libs;
}

// The ids of the cases a catalog (cpp-cases.json) lists as measured.
std::set<std::string> MeasuredIn(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("cannot read --verified catalog " + path.string());
  const nlohmann::json catalog = nlohmann::json::parse(in);  // alive through the loop
  std::set<std::string> ids;
  for (const nlohmann::json& c : catalog.at("cases")) {
    if (c.at("status") == "measured") ids.insert(c.at("id").get<std::string>());
  }
  return ids;
}

// A worker: plans this process's cases (one dataset, under the driver),
// writes the catalog, times the measured cases in rounds, writes cpp.json.
int Worker(const Options& options, const std::string& argv0) {
  Plan plan;
  try {
    const std::set<std::string> ids = options.cases ? ReadCaseIds(*options.cases) : std::set<std::string>{};
    const Profile profile = ProfileOf(options);
    const std::optional<std::set<std::string>> verified =
        options.verified ? std::optional(MeasuredIn(*options.verified)) : std::nullopt;
    plan = PlanSuite({.library = options.library,
                      .dataset = options.dataset,
                      .document = options.document,
                      .proto_plugin = options.proto_plugin,
                      .message = options.message,
                      .decode_only = profile.every_document_op ? std::nullopt
                                                               : std::optional<std::string>(kDecodeOnly),
                      .decode_only_reason = "the " + options.profile + " profile times only decode of " +
                                            kDecodeOnly + ": run --profile full",
                      .libraries = LibrariesOf(ids),
                      .verified = verified});
    if (options.cases) KeepListed(plan, ids);
    // The checking worker's catalog lists the other cases.
    if (verified) KeepListed(plan, *verified);
    if (options.payloads) WritePayloads(plan, *options.payloads);
  } catch (const std::invalid_argument& e) {
    std::cerr << e.what() << "\n" << kUsage << "\n";
    return 2;
  }
  std::filesystem::create_directories(options.out);
  Write(options.out / "cpp-cases.json", CatalogJson(plan, options.profile));
  std::vector<const PlannedCase*> measured;
  for (const PlannedCase& p : plan.cases) {
    if (p.status == "measured") measured.push_back(&p);
    if (p.status == "refused") std::cerr << "refused " << CaseId(p.c) << ": " << p.reason << "\n";
  }
  const std::uint64_t seed = options.seed ? *options.seed : std::random_device{}();
  AddContext(plan, options, seed);
  if (!measured.empty()) {
    const std::filesystem::path round_json = options.out / "round.json";
    InitializeBenchmark(argv0, BenchmarkFlags(options, round_json));
    Write(options.out / "cpp.json",
          RunRounds(measured, ProfileOf(options).rounds, options.round, seed, round_json).dump(1));
  }
  std::cerr << "wrote " << (options.out / "cpp.json").string() << " (" << measured.size()
            << " measured, " << Count(plan, "refused") << " refused, "
            << Count(plan, "not_applicable") << " not applicable, " << Count(plan, "not_measured")
            << " not measured)\n";
  return 0;  // refused cases are results too, listed in the catalog
}

int Main(int argc, char** argv) {
  model::SetArgv0(argv[0]);
  Options options;
  try {
    options = ParseArgs({argv + 1, argv + argc});
  } catch (const UsageError& e) {
    std::cerr << e.what() << "\n" << kUsage << "\n";
    return 2;
  }
  options.out = FromInvocationDir(options.out);
  if (options.cases) options.cases = FromInvocationDir(*options.cases);
  if (options.payloads) options.payloads = FromInvocationDir(*options.payloads);
  if (options.isolation == "none") return Worker(options, argv[0]);
  return Drive(options, argv[0]);
}

}  // namespace
}  // namespace serbench::bench

int main(int argc, char** argv) {
  try {
    return serbench::bench::Main(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "bench: " << e.what() << "\n";
    return 1;
  }
}
