// The calibration workloads, measured at the suite's start and
// end into DIR/cpp-calibration.json, so two runs can be told apart by the
// machine's speed: memcpy_1mib (one 1 MiB copy) and cpu_loop (10^6 steps of
// the LCG x = x * 6364136223846793005 + 1442695040888963407 mod 2^64).
#pragma once

#include <nlohmann/json.hpp>

#include <functional>
#include <string>

namespace serbench::bench {

// [{"when", "workload", "ns": median ns per call, "n": samples}, ...] for
// both workloads.
nlohmann::json Calibrate(const std::string& when);

// The median over kCalibrationSamples of the wall-clock ns per call of `op`,
// each sample timing `calls` calls in a row (after one untimed warm-up call).
inline constexpr int kCalibrationSamples = 21;
double MedianNs(const std::function<void()>& op, int calls);

// The two workloads, each as MedianNs measures it.
double MemcpyNs();
double CpuLoopNs();

}  // namespace serbench::bench
