// Rounds: every measured case gets one sample per round, and the
// cases of a round run in an order shuffled per round, so a burst of noise
// from another tenant lands on every library of a comparison alike.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace serbench::bench {

// The order of n cases in round `round`: a permutation of 0..n-1 drawn by a
// generator seeded from (seed, round), so a run is reproducible from the
// seed recorded in its JSON.
std::vector<std::size_t> RoundOrder(std::size_t n, std::uint64_t seed, int round);

// A round's Google Benchmark JSON made parseable: it writes a non-finite double
// as a bare NaN or Infinity, which JSON has not (with repetitions > 1, the cv
// aggregate of a counter that is 0 in every repetition is 0/0). Only aggregate
// rows hold them, and the rounds drop those rows, so each becomes null.
std::string WithoutNonFinite(std::string json);

// A case's name as Google Benchmark reports it when the case sets its own
// repetition count ("<case id>/repeats:N"), back to the case id.
std::string WithoutRepeats(const std::string& name);

}  // namespace serbench::bench
