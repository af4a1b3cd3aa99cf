#include "cpp/bench/rounds.h"

#include <algorithm>
#include <numeric>
#include <random>

namespace serbench::bench {

std::vector<std::size_t> RoundOrder(std::size_t n, std::uint64_t seed, int round) {
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::seed_seq seq{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32),
                    static_cast<std::uint32_t>(round)};
  std::mt19937_64 generator(seq);
  std::shuffle(order.begin(), order.end(), generator);
  return order;
}

std::string WithoutNonFinite(std::string json) {
  for (const std::string token : {"-NaN", "NaN", "-Infinity", "Infinity"}) {
    const std::string value = ": " + token;
    for (auto at = json.find(value); at != std::string::npos; at = json.find(value, at)) {
      json.replace(at + 2, token.size(), "null");
    }
  }
  return json;
}

std::string WithoutRepeats(const std::string& name) {
  const std::size_t at = name.rfind("/repeats:");
  if (at == std::string::npos) return name;
  const std::string count = name.substr(at + 9);
  const bool digits = !count.empty() && std::all_of(count.begin(), count.end(), [](char c) {
    return c >= '0' && c <= '9';
  });
  return digits ? name.substr(0, at) : name;
}

}  // namespace serbench::bench
