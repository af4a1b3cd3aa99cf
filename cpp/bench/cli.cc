#include "cpp/bench/cli.h"

#include <cstddef>

namespace serbench::bench {
namespace {

// Reads the value of `--name` at args[i] (either `--name=v` or `--name v`),
// advancing i past it; nullopt if args[i] is not `--name`.
std::optional<std::string> Value(const std::vector<std::string>& args,
                                 std::size_t& i, const std::string& name) {
  const std::string flag = "--" + name;
  if (args[i].starts_with(flag + "=")) return args[i].substr(flag.size() + 1);
  if (args[i] != flag) return std::nullopt;
  if (++i == args.size()) throw UsageError(flag + " needs a value");
  return args[i];
}

}  // namespace

Options ParseArgs(const std::vector<std::string>& args) {
  Options options;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (auto v = Value(args, i, "profile")) {
      options.profile = *v;
    } else if (auto v = Value(args, i, "out")) {
      options.out = *v;
    } else if (auto v = Value(args, i, "library")) {
      options.library = *v;
    } else if (auto v = Value(args, i, "dataset")) {
      options.dataset = *v;
    } else if (args[i].starts_with("--benchmark_")) {
      options.benchmark_flags.push_back(args[i]);
    } else {
      throw UsageError("unknown argument: " + args[i]);
    }
  }
  if (options.profile != "quick" && options.profile != "full") {
    throw UsageError("--profile must be quick or full, not " + options.profile);
  }
  if (options.out.empty()) throw UsageError("--out DIR is required");
  return options;
}

std::vector<std::string> BenchmarkFlags(const Options& options) {
  std::vector<std::string> flags = {
      "--benchmark_out=" + (options.out / "cpp.json").string(),
      "--benchmark_out_format=json",
  };
  if (options.profile == "quick") {
    flags.push_back("--benchmark_min_time=0.01");
    flags.push_back("--benchmark_repetitions=3");
  } else {
    flags.push_back("--benchmark_repetitions=10");
  }
  flags.insert(flags.end(), options.benchmark_flags.begin(),
               options.benchmark_flags.end());
  return flags;
}

}  // namespace serbench::bench
