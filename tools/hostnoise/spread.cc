#include "tools/hostnoise/spread.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace serbench::hostnoise {
namespace {

// The nearest-rank q-quantile of sorted values.
double Rank(const std::vector<double>& sorted, double q) {
  const auto n = static_cast<double>(sorted.size());
  const auto index = static_cast<std::size_t>(std::max(1.0, std::ceil(q * n)) - 1);
  return sorted[std::min(index, sorted.size() - 1)];
}

}  // namespace

Spread SpreadOf(std::vector<double> readings) {
  if (readings.empty()) throw std::invalid_argument("no readings");
  std::sort(readings.begin(), readings.end());
  const double p10 = Rank(readings, 0.1);
  const double p90 = Rank(readings, 0.9);
  return {readings.front(), p10, p90, readings.back(), p90 / p10 - 1};
}

}  // namespace serbench::hostnoise
