// Watches how far this host's speed moves: every few seconds it times the
// suites' calibration workloads (a CPU loop, a 1 MiB copy) beside two whose
// data lies outside a core's own caches (a random walk over 24 MiB, first
// writes to 4 MiB of fresh memory), then says how far each moved.
//
//   bazel run //tools/hostnoise -- [--seconds N] [--every S]

#include <sys/mman.h>

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <functional>
#include <iostream>
#include <map>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "cpp/bench/calibration.h"
#include "tools/hostnoise/spread.h"

namespace serbench::hostnoise {
namespace {

constexpr std::size_t kWalkBytes = 24u << 20;  // past a core's L2, most of an L3
constexpr int kWalkSteps = 1 << 18;
constexpr std::size_t kFreshBytes = 4u << 20;
constexpr std::size_t kPage = 4096;

// A single random cycle through every slot (Sattolo's algorithm), so each
// step's load depends on the last and the prefetcher cannot guess the next.
std::vector<std::uint32_t> RandomCycle(std::size_t slots) {
  std::vector<std::uint32_t> next(slots);
  std::iota(next.begin(), next.end(), 0u);
  std::mt19937_64 random(14);
  for (std::size_t i = slots - 1; i > 0; --i) {
    std::swap(next[i], next[std::uniform_int_distribution<std::size_t>(0, i - 1)(random)]);
  }
  return next;
}

double WalkNs(const std::vector<std::uint32_t>& next) {
  return bench::MedianNs(
      [&] {
        std::uint32_t at = 0;
        for (int i = 0; i < kWalkSteps; ++i) at = next[at];
        benchmark::DoNotOptimize(at);
      },
      1);
}

// One write a page to memory just mapped: each takes a page fault, as an
// allocation's first use of memory the process has not touched does.
double FreshPagesNs() {
  return bench::MedianNs(
      [] {
        void* mapped = mmap(nullptr, kFreshBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (mapped == MAP_FAILED) throw std::runtime_error("mmap failed");
        auto* bytes = static_cast<volatile char*>(mapped);
        for (std::size_t at = 0; at < kFreshBytes; at += kPage) bytes[at] = 1;
        munmap(mapped, kFreshBytes);
      },
      1);
}

struct Workload {
  std::string name;
  std::function<double()> median_ns;
};

struct Options {
  int seconds = 420;
  int every = 10;
};

int Positive(const std::string& flag, const std::string& value) {
  std::size_t used = 0;
  int parsed = 0;
  try {
    parsed = std::stoi(value, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != value.size() || parsed <= 0) throw std::invalid_argument(flag + " takes a positive integer");
  return parsed;
}

Options Parse(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (i + 1 >= argc) throw std::invalid_argument("unknown or incomplete argument: " + flag);
    if (flag == "--seconds") {
      options.seconds = Positive(flag, argv[++i]);
    } else if (flag == "--every") {
      options.every = Positive(flag, argv[++i]);
    } else {
      throw std::invalid_argument("unknown argument: " + flag);
    }
  }
  return options;
}

std::string Clock() {
  const std::time_t now = std::time(nullptr);
  char text[16];
  std::strftime(text, sizeof text, "%H:%M:%S", std::gmtime(&now));
  return text;
}

void Watch(const Options& options) {
  const std::vector<std::uint32_t> cycle = RandomCycle(kWalkBytes / sizeof(std::uint32_t));
  const std::vector<Workload> workloads = {
      {"cpu_loop", bench::CpuLoopNs},
      {"memcpy_1mib", bench::MemcpyNs},
      {"walk_24mib", [&] { return WalkNs(cycle); }},
      {"fresh_pages_4mib", FreshPagesNs},
  };
  std::map<std::string, std::vector<double>> readings;
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(options.seconds);
  while (true) {
    std::cout << Clock();
    for (const Workload& w : workloads) {
      const double ms = w.median_ns() / 1e6;
      readings[w.name].push_back(ms);
      std::printf("  %s %.3f ms", w.name.c_str(), ms);
      std::fflush(stdout);
    }
    std::cout << std::endl;
    if (std::chrono::steady_clock::now() >= end) break;
    std::this_thread::sleep_for(std::chrono::seconds(options.every));
  }
  std::printf("%-18s %8s %10s %10s %10s %10s %8s\n", "workload (ms)", "readings", "min", "p10", "p90", "max",
              "moved");
  for (const Workload& w : workloads) {
    const Spread s = SpreadOf(readings[w.name]);
    std::printf("%-18s %8zu %10.3f %10.3f %10.3f %10.3f %7.1f%%\n", w.name.c_str(), readings[w.name].size(), s.min,
                s.p10, s.p90, s.max, 100 * s.moved);
  }
  std::cout << "each reading: the median of " << bench::kCalibrationSamples
            << " timings (wall clock); moved: p90 / p10 - 1 over the readings" << std::endl;
}

}  // namespace
}  // namespace serbench::hostnoise

int main(int argc, char** argv) {
  try {
    serbench::hostnoise::Watch(serbench::hostnoise::Parse(argc, argv));
  } catch (const std::invalid_argument& e) {
    std::cerr << "hostnoise: " << e.what() << "\nusage: hostnoise [--seconds N] [--every S]" << std::endl;
    return 2;
  }
  return 0;
}
