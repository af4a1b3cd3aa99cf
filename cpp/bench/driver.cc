#include "cpp/bench/driver.h"

#include <spawn.h>
#include <sys/wait.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <set>
#include <stdexcept>
#include <vector>

#include <nlohmann/json.hpp>

#include "cpp/bench/calibration.h"
#include "cpp/bench/plan.h"
#include "cpp/bench/rounds.h"

extern char** environ;

namespace serbench::bench {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

// The datasets to run: --dataset, or all; with --cases, those it names.
std::vector<std::string> Datasets(const Options& options) {
  std::vector<std::string> datasets =
      options.dataset ? std::vector<std::string>{*options.dataset} : KnownDatasets();
  if (!options.cases) return datasets;
  std::ifstream in(*options.cases);
  if (!in) throw std::invalid_argument("cannot read --cases file " + options.cases->string());
  std::set<std::string> named;
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("dataset=")) named.insert(line.substr(8, line.find('/') - 8));
  }
  std::erase_if(datasets, [&](const std::string& d) { return !named.contains(d); });
  return datasets;
}

// Runs this binary as a worker and waits; true if it exited 0.
bool RunWorker(const std::string& argv0, const std::vector<std::string>& args) {
  std::vector<std::string> all = {argv0};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& arg : all) argv.push_back(arg.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  if (posix_spawn(&pid, "/proc/self/exe", nullptr, nullptr, argv.data(), environ) != 0) {
    return false;
  }
  int status = 0;
  return waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

json Read(const fs::path& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

void Write(const fs::path& path, const json& value) {
  std::ofstream out(path);
  out << value.dump(1);
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

// The workers' cpp.json files as one: their contexts merged (the same keys
// but the date and load), their rows concatenated.
json MergeBenchmarks(const std::vector<fs::path>& parts, const Options& options) {
  json merged = {{"context", {{"serbench.lang", "cpp"}, {"serbench.profile", options.profile}}},
                 {"benchmarks", json::array()}};
  for (const fs::path& part : parts) {
    if (!fs::exists(part / "cpp.json")) continue;  // nothing measured there
    json file = Read(part / "cpp.json");
    merged["context"].update(file["context"]);
    for (json& row : file["benchmarks"]) merged["benchmarks"].push_back(std::move(row));
  }
  return merged;
}

// The workers' catalogs as one: the libraries once, each case once (every
// round's worker of a dataset lists the same cases).
json MergeCatalogs(const std::vector<fs::path>& parts, const Options& options) {
  json merged = {{"lang", "cpp"}, {"profile", options.profile},
                 {"libraries", json::array()}, {"cases", json::array()}};
  std::set<std::string> listed;
  for (const fs::path& part : parts) {
    if (!fs::exists(part / "cpp-cases.json")) continue;  // the worker failed early
    json file = Read(part / "cpp-cases.json");
    for (json& library : file["libraries"]) {
      if (std::find(merged["libraries"].begin(), merged["libraries"].end(), library) ==
          merged["libraries"].end()) {
        merged["libraries"].push_back(std::move(library));
      }
    }
    for (json& c : file["cases"]) {
      if (listed.insert(c["id"].get<std::string>()).second) merged["cases"].push_back(std::move(c));
    }
  }
  return merged;
}

}  // namespace

int Drive(const Options& options, const std::string& argv0) {
  std::vector<std::string> datasets;
  try {
    CheckKnown(options.library, KnownLibraries(), "library");
    if (!options.document) CheckKnown(options.dataset, KnownDatasets(), "dataset");
    datasets = Datasets(options);
  } catch (const std::invalid_argument& e) {
    std::cerr << e.what() << "\n" << kUsage << "\n";
    return 2;
  }
  fs::create_directories(options.out);
  json calibration = {{"lang", "cpp"}, {"samples", Calibrate("start")}};
  const std::uint64_t seed = options.seed ? *options.seed : std::random_device{}();
  const fs::path parts_dir = options.out / "parts";
  std::vector<fs::path> parts;
  int failed = 0;
  // Round-major, a fresh process per dataset and round, the datasets shuffled
  // per round: a phase of the host's load, or one process's memory layout,
  // then falls on some rounds of every dataset, not on all rounds of one, and
  // the median over the rounds averages it out. Round 0's worker checks each
  // case's round trip and counts its allocations; the later ones, the same binary
  // on the same fixtures, time what it measured (--verified): the checks took
  // most of a worker's time on the big fixtures.
  const int rounds = ProfileOf(options).rounds;
  for (int round = 0; round < rounds; ++round) {
    for (std::size_t i : RoundOrder(datasets.size(), seed, round)) {
      const std::string& dataset = datasets[i];
      const fs::path checked = parts_dir / (dataset + "-0") / "cpp-cases.json";
      const std::optional<fs::path> verified =
          round > 0 && fs::exists(checked) ? std::optional(checked) : std::nullopt;
      parts.push_back(parts_dir / (dataset + "-" + std::to_string(round)));
      if (!RunWorker(argv0, WorkerArgs(options, dataset, round, parts.back(), seed, verified))) {
        std::cerr << "bench: the worker for dataset " << dataset << ", round " << round
                  << ", failed\n";
        ++failed;
      }
    }
  }
  Write(options.out / "cpp.json", MergeBenchmarks(parts, options));
  Write(options.out / "cpp-cases.json", MergeCatalogs(parts, options));
  for (json& sample : Calibrate("end")) calibration["samples"].push_back(std::move(sample));
  Write(options.out / "cpp-calibration.json", calibration);
  fs::remove_all(parts_dir);
  std::cerr << "wrote " << (options.out / "cpp.json").string() << " (" << parts.size()
            << " worker processes, " << failed << " failed)\n";
  return failed == 0 ? 0 : 1;
}

}  // namespace serbench::bench
