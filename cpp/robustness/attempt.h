// One decode attempt of the robustness protocol (tools/robustness/README.md):
// timed, its exception classified, judged outside the timed region.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace serbench::robustness {

// What a worker replies for one input.
struct Verdict {
  std::string outcome;  // clean_error | accepted_equal | accepted_different | accepted | memory_blowup
  std::string detail;
  std::int64_t ns = 0;  // the decode only (clean_error: the median of up to 5 attempts)
};

// accepted_equal when `difference` is nullopt, else accepted_different naming it.
Verdict Compared(std::optional<std::string> difference);
// A decoded input with no fixture to compare (expect accept|reject).
Verdict Accepted();

// Times decode(). If it throws: memory_blowup for std::bad_alloc and
// std::length_error (a huge reserve), clean_error for anything else, timed
// again (2 to 5 attempts in all, within about 2 ms) for the median (the error path's
// cost). Otherwise judge() (untimed) gives the verdict.
Verdict Attempt(const std::function<void()>& decode, const std::function<Verdict()>& judge);

}  // namespace serbench::robustness
