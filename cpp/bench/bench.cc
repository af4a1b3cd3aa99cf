// Google Benchmark suite of the C++ adapters. PlanSuite verifies every
// library on every fixture and builds the cases; measured ones are timed
// here, the rest are listed with their reason in DIR/cpp-cases.json.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "cpp/bench/build_info.h"
#include "cpp/bench/case_id.h"
#include "cpp/bench/catalog.h"
#include "cpp/bench/cli.h"
#include "cpp/bench/plan.h"
#include "cpp/model/fixture.h"

namespace serbench::bench {
namespace {

#if defined(__clang__)
constexpr char kCompiler[] = "clang " __clang_version__;
#else
constexpr char kCompiler[] = "gcc " __VERSION__;
#endif

// Times p.op once per iteration. Wire size and the untimed allocation count
// and peak heap of one operation go in as counters.
void Register(const PlannedCase& p) {
  benchmark::RegisterBenchmark(CaseId(p.c).c_str(), [&p](benchmark::State& state) {
    for (auto _ : state) p.op();
    state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(p.wire_bytes));
    state.counters["wire_bytes"] = static_cast<double>(p.wire_bytes);
    state.counters["records"] = static_cast<double>(p.c.size);
    state.counters["allocs_per_op"] = static_cast<double>(p.allocs.allocs);
    state.counters["alloc_bytes_per_op"] = static_cast<double>(p.allocs.bytes);
    state.counters["peak_heap_bytes"] = static_cast<double>(p.allocs.peak_bytes);
  });
}

// The console table, plus one `progress: <done>/<total> <case id>` line on
// stderr as each case finishes (all its repetitions).
class ProgressReporter final : public benchmark::ConsoleReporter {
 public:
  explicit ProgressReporter(std::size_t total)
      : benchmark::ConsoleReporter(OO_Tabular), total_(total) {}

  void ReportRuns(const std::vector<Run>& runs) override {
    benchmark::ConsoleReporter::ReportRuns(runs);
    for (const Run& run : runs) {
      const std::string name = run.run_name.str();
      if (run.run_type == Run::RT_Iteration && done_.insert(name).second) {
        std::cerr << "progress: " << done_.size() << "/" << total_ << " " << name << std::endl;
      }
    }
  }

 private:
  std::size_t total_;
  std::set<std::string> done_;
};

void AddContext(const Plan& plan, const std::string& profile) {
  benchmark::AddCustomContext("serbench.lang", "cpp");
  benchmark::AddCustomContext("serbench.profile", profile);
  benchmark::AddCustomContext("cxx.compiler", kCompiler);
  benchmark::AddCustomContext("cxx.flags", SERBENCH_CXXFLAGS);
  benchmark::AddCustomContext("cxx.compilation_mode", SERBENCH_COMPILATION_MODE);
  benchmark::AddCustomContext("cxx.alloc_counting",
                              "replaced malloc/free (operator new included), one untimed op "
                              "after a warm-up: allocs_per_op, alloc_bytes_per_op, "
                              "peak_heap_bytes");
  for (const adapters::LibraryInfo& info : plan.libraries) {
    const std::string key = "lib." + info.lib + (info.variant.empty() ? "" : "." + info.variant);
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
void RunBenchmarks(const std::string& argv0, const std::vector<std::string>& flags,
                   std::size_t total) {
  std::vector<std::string> args = {argv0};
  args.insert(args.end(), flags.begin(), flags.end());
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  int argc = static_cast<int>(argv.size());
  benchmark::Initialize(&argc, argv.data());
  ProgressReporter display(total);
  display.SetOutputStream(&std::cerr);
  display.SetErrorStream(&std::cerr);
  benchmark::RunSpecifiedBenchmarks(&display);
  benchmark::Shutdown();
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

int Main(int argc, char** argv) {
  Options options;
  Plan plan;
  model::SetArgv0(argv[0]);
  try {
    options = ParseArgs({argv + 1, argv + argc});
    plan = PlanSuite({.library = options.library, .dataset = options.dataset});
  } catch (const std::exception& e) {  // UsageError, or an unknown name
    std::cerr << e.what() << "\n" << kUsage << "\n";
    return 2;
  }
  options.out = FromInvocationDir(options.out);
  std::filesystem::create_directories(options.out);
  Write(options.out / "cpp-cases.json", CatalogJson(plan, options.profile));
  for (const PlannedCase& p : plan.cases) {
    if (p.status == "measured") Register(p);
    if (p.status == "refused") std::cerr << "refused " << CaseId(p.c) << ": " << p.reason << "\n";
  }
  AddContext(plan, options.profile);
  const std::size_t measured = Count(plan, "measured");
  if (measured > 0) RunBenchmarks(argv[0], BenchmarkFlags(options), measured);
  std::cerr << "wrote " << (options.out / "cpp.json").string() << " (" << measured
            << " measured, " << Count(plan, "refused") << " refused, "
            << Count(plan, "not_applicable") << " not applicable, " << Count(plan, "not_measured")
            << " not measured)\n";
  return 0;  // refused cases are results too, listed in the catalog
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
