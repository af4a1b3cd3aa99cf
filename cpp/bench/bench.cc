// Google Benchmark suite of the C++ adapters: every registered adapter times
// encode, decode and roundtrip on the user fixture, after its round trip is
// checked. A refused adapter is reported and makes the exit status 1.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <exception>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "cpp/adapters/registry.h"
#include "cpp/adapters/roundtrip.h"
#include "cpp/bench/build_info.h"
#include "cpp/bench/case_id.h"
#include "cpp/bench/cli.h"
#include "cpp/model/fixture.h"

namespace serbench::bench {
namespace {

using adapters::UserAdapter;
using model::User;

constexpr char kDataset[] = "user";

#if defined(__clang__)
constexpr char kCompiler[] = "clang " __clang_version__;
#else
constexpr char kCompiler[] = "gcc " __VERSION__;
#endif

Case CaseFor(const UserAdapter& adapter, std::size_t size, const std::string& op) {
  return Case{.dataset = kDataset, .size = size, .op = op,
              .format = adapter.info().format, .lib = adapter.info().lib};
}

// Times `op` once per iteration; records the payload size so the runner can
// report wire bytes and bytes/s.
template <typename Op>
void Register(const Case& c, std::size_t wire_bytes, Op op) {
  benchmark::RegisterBenchmark(CaseId(c).c_str(), [=](benchmark::State& state) {
    for (auto _ : state) op();
    state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(wire_bytes));
    state.counters["wire_bytes"] = static_cast<double>(wire_bytes);
    state.counters["records"] = static_cast<double>(c.size);
  });
}

// Inputs (objects, payload) are built here, outside the timed loops. Results
// escape through DoNotOptimize and ClobberMemory so no work is elided; their
// destruction stays in the loop, as for any caller.
void RegisterAdapter(const UserAdapter& adapter, const std::vector<User>& users) {
  const std::string payload = adapter.Encode(users);
  Register(CaseFor(adapter, users.size(), "encode"), payload.size(), [&adapter, &users] {
    std::string bytes = adapter.Encode(users);
    benchmark::DoNotOptimize(bytes);
    benchmark::ClobberMemory();
  });
  Register(CaseFor(adapter, users.size(), "decode"), payload.size(), [&adapter, payload] {
    std::vector<User> decoded = adapter.Decode(payload);
    benchmark::DoNotOptimize(decoded);
    benchmark::ClobberMemory();
  });
  Register(CaseFor(adapter, users.size(), "roundtrip"), payload.size(), [&adapter, &users] {
    std::vector<User> decoded = adapter.Decode(adapter.Encode(users));
    benchmark::DoNotOptimize(decoded);
    benchmark::ClobberMemory();
  });
}

struct Selection {
  int registered = 0;
  int refused = 0;
};

// Checks and registers the adapters the filters select.
Selection RegisterSelected(const Options& options, const std::vector<User>& users) {
  Selection selection;
  if (options.dataset && *options.dataset != kDataset) return selection;
  for (const UserAdapter* adapter : adapters::Registry()) {
    if (options.library && *options.library != adapter->info().lib) continue;
    const std::string cases = CaseId(CaseFor(*adapter, users.size(), "*"));
    if (auto error = adapters::RoundTripError(*adapter, users)) {
      std::cerr << "refused " << cases << ": " << *error << "\n";
      ++selection.refused;
      continue;
    }
    std::cerr << "verified " << cases << "\n";
    RegisterAdapter(*adapter, users);
    ++selection.registered;
  }
  return selection;
}

void AddContext(const Options& options) {
  benchmark::AddCustomContext("serbench.lang", "cpp");
  benchmark::AddCustomContext("serbench.profile", options.profile);
  benchmark::AddCustomContext("cxx.compiler", kCompiler);
  benchmark::AddCustomContext("cxx.flags", SERBENCH_CXXFLAGS);
  benchmark::AddCustomContext("cxx.compilation_mode", SERBENCH_COMPILATION_MODE);
  for (const UserAdapter* adapter : adapters::Registry()) {
    const adapters::AdapterInfo& info = adapter->info();
    const std::string key = "lib." + info.lib + ".";
    benchmark::AddCustomContext(key + "version", info.version);
    benchmark::AddCustomContext(key + "format", info.format);
    benchmark::AddCustomContext(key + "zero_copy", info.zero_copy ? "true" : "false");
    benchmark::AddCustomContext(key + "codegen", info.codegen ? "true" : "false");
  }
}

// Progress and the console table go to stderr; the result is the JSON file.
void RunBenchmarks(const std::string& argv0, const std::vector<std::string>& flags) {
  std::vector<std::string> args = {argv0};
  args.insert(args.end(), flags.begin(), flags.end());
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  int argc = static_cast<int>(argv.size());
  benchmark::Initialize(&argc, argv.data());
  benchmark::ConsoleReporter display(benchmark::ConsoleReporter::OO_Tabular);
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

int Main(int argc, char** argv) {
  Options options;
  try {
    options = ParseArgs({argv + 1, argv + argc});
  } catch (const UsageError& e) {
    std::cerr << e.what() << "\n" << kUsage << "\n";
    return 2;
  }
  options.out = FromInvocationDir(options.out);
  std::filesystem::create_directories(options.out);
  const std::vector<User> users = model::LoadUserFixture(argv[0]);
  AddContext(options);
  const Selection selection = RegisterSelected(options, users);
  if (selection.registered > 0) {
    RunBenchmarks(argv[0], BenchmarkFlags(options));
    std::cerr << "wrote " << (options.out / "cpp.json").string() << "\n";
  } else if (selection.refused == 0) {
    std::cerr << "no C++ case matches the filters; nothing to run\n";
  }
  return selection.refused == 0 ? 0 : 1;
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
