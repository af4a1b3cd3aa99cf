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

std::uint64_t Number(const std::string& flag, const std::string& text) {
  try {
    std::size_t end = 0;
    const unsigned long long n = std::stoull(text, &end);
    if (end == text.size()) return n;
  } catch (const std::exception&) {
  }
  throw UsageError(flag + " must be a number, not " + text);
}

void Validate(const Options& options) {
  if (options.profile != "quick" && options.profile != "standard" && options.profile != "full") {
    throw UsageError("--profile must be quick, standard or full, not " + options.profile);
  }
  if (options.isolation != "dataset" && options.isolation != "none") {
    throw UsageError("--isolation must be dataset or none, not " + options.isolation);
  }
  if (options.rounds && *options.rounds < 1) throw UsageError("--rounds must be at least 1");
  if (options.round && *options.round >= ProfileOf(options).rounds) {
    throw UsageError("--round must be below the profile's rounds");
  }
  if (options.verified && !options.round) throw UsageError("--verified goes with --round");
  if (options.out.empty()) throw UsageError("--out DIR is required");
  if (options.proto_plugin.has_value() != options.message.has_value() ||
      (options.message && !options.document)) {
    throw UsageError("--proto-plugin SO and --message NAME go together, with --document");
  }
}

// The dataset name of a --document run without --dataset.
constexpr char kDocument[] = "mine";

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
    } else if (auto v = Value(args, i, "cases")) {
      options.cases = *v;
    } else if (auto v = Value(args, i, "rounds")) {
      options.rounds = static_cast<int>(Number("--rounds", *v));
    } else if (auto v = Value(args, i, "round")) {
      options.round = static_cast<int>(Number("--round", *v));
    } else if (auto v = Value(args, i, "verified")) {
      options.verified = *v;
    } else if (auto v = Value(args, i, "seed")) {
      options.seed = Number("--seed", *v);
    } else if (auto v = Value(args, i, "payloads")) {
      options.payloads = *v;
    } else if (auto v = Value(args, i, "document")) {
      options.document = *v;
    } else if (auto v = Value(args, i, "proto-plugin")) {
      options.proto_plugin = *v;
    } else if (auto v = Value(args, i, "message")) {
      options.message = *v;
    } else if (auto v = Value(args, i, "isolation")) {
      options.isolation = *v;
    } else if (args[i].starts_with("--benchmark_")) {
      options.benchmark_flags.push_back(args[i]);
    } else {
      throw UsageError("unknown argument: " + args[i]);
    }
  }
  Validate(options);
  if (options.document && !options.dataset) options.dataset = kDocument;
  return options;
}

Profile ProfileOf(const Options& options) {
  Profile profile = options.profile == "full"       ? Profile{20, std::nullopt, true}
                    : options.profile == "standard" ? Profile{9, 0.004}
                                                    : Profile{3, 0.01};
  if (options.rounds) profile.rounds = *options.rounds;
  return profile;
}

std::vector<std::string> WorkerArgs(const Options& options, const std::string& dataset, int round,
                                    const std::filesystem::path& out, std::uint64_t seed,
                                    const std::optional<std::filesystem::path>& verified) {
  std::vector<std::string> args = {"--profile", options.profile, "--out", out.string(),
                                   "--dataset", dataset, "--round", std::to_string(round),
                                   "--seed", std::to_string(seed), "--isolation", "none"};
  if (options.library) args.insert(args.end(), {"--library", *options.library});
  if (options.cases) args.insert(args.end(), {"--cases", options.cases->string()});
  // Every round's worker encodes the same payloads: round 0's writes them.
  if (options.payloads && round == 0) {
    args.insert(args.end(), {"--payloads", options.payloads->string()});
  }
  if (verified) args.insert(args.end(), {"--verified", verified->string()});
  if (options.rounds) args.insert(args.end(), {"--rounds", std::to_string(*options.rounds)});
  if (options.document) args.insert(args.end(), {"--document", options.document->string()});
  if (options.proto_plugin) {
    args.insert(args.end(), {"--proto-plugin", options.proto_plugin->string(), "--message", *options.message});
  }
  args.insert(args.end(), options.benchmark_flags.begin(), options.benchmark_flags.end());
  return args;
}

std::vector<std::string> BenchmarkFlags(const Options& options,
                                        const std::filesystem::path& json_out) {
  std::vector<std::string> flags = {
      "--benchmark_out=" + json_out.string(),
      "--benchmark_out_format=json",
  };
  const Profile profile = ProfileOf(options);
  if (profile.min_time) {
    flags.push_back("--benchmark_min_time=" + std::to_string(*profile.min_time));
  }
  flags.insert(flags.end(), options.benchmark_flags.begin(), options.benchmark_flags.end());
  return flags;
}

}  // namespace serbench::bench
