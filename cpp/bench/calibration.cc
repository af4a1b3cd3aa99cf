#include "cpp/bench/calibration.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <functional>
#include <vector>

#include <benchmark/benchmark.h>

namespace serbench::bench {

double MedianNs(const std::function<void()>& op, int calls) {
  op();
  std::vector<double> ns;
  for (int s = 0; s < kCalibrationSamples; ++s) {
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < calls; ++i) op();
    const std::chrono::duration<double, std::nano> took = std::chrono::steady_clock::now() - start;
    ns.push_back(took.count() / calls);
  }
  std::nth_element(ns.begin(), ns.begin() + kCalibrationSamples / 2, ns.end());
  return ns[kCalibrationSamples / 2];
}

double MemcpyNs() {
  std::vector<char> src(1 << 20, 'x');
  std::vector<char> dst(src.size());
  return MedianNs(
      [&] {
        std::memcpy(dst.data(), src.data(), src.size());
        benchmark::DoNotOptimize(dst.data());
        benchmark::ClobberMemory();
      },
      16);
}

double CpuLoopNs() {
  return MedianNs(
      [] {
        std::uint64_t x = 1;
        for (int i = 0; i < 1000000; ++i) {
          x = x * 6364136223846793005ULL + 1442695040888963407ULL;
          benchmark::DoNotOptimize(x);  // one step at a time: no vectorized shortcut
        }
      },
      1);
}

nlohmann::json Calibrate(const std::string& when) {
  return nlohmann::json::array(
      {{{"when", when}, {"workload", "memcpy_1mib"}, {"ns", MemcpyNs()}, {"n", kCalibrationSamples}},
       {{"when", when}, {"workload", "cpu_loop"}, {"ns", CpuLoopNs()}, {"n", kCalibrationSamples}}});
}

}  // namespace serbench::bench
