// How far a workload's readings moved over a watch of the host.
#pragma once

#include <vector>

namespace serbench::hostnoise {

struct Spread {
  double min;
  double p10;  // nearest-rank percentiles: readings themselves, not interpolations
  double p90;
  double max;
  double moved;  // p90 / p10 - 1: the move of all but the most extreme readings
};

// The spread of `readings` (at least one).
Spread SpreadOf(std::vector<double> readings);

}  // namespace serbench::hostnoise
