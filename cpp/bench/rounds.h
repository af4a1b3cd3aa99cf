// Rounds (issue 14): every measured case gets one sample per round, and the
// cases of a round run in an order shuffled per round, so a burst of noise
// from another tenant lands on every library of a comparison alike.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace serbench::bench {

// The order of n cases in round `round`: a permutation of 0..n-1 drawn by a
// generator seeded from (seed, round), so a run is reproducible from the
// seed recorded in its JSON.
std::vector<std::size_t> RoundOrder(std::size_t n, std::uint64_t seed, int round);

}  // namespace serbench::bench
