#include "cpp/robustness/attempt.h"

#include <cxxabi.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <memory>
#include <new>
#include <stdexcept>
#include <typeinfo>
#include <vector>

namespace serbench::robustness {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int kMaxAttempts = 5;
constexpr auto kRepeatBudget = std::chrono::milliseconds(2);

std::int64_t Ns(Clock::duration d) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(d).count();
}

std::string TypeName(const std::type_info& type) {
  int status = 0;
  const std::unique_ptr<char, void (*)(void*)> name(
      abi::__cxa_demangle(type.name(), nullptr, nullptr, &status), std::free);
  return status == 0 ? name.get() : type.name();
}

// The verdict on the exception in flight; must be called inside a catch.
Verdict Classify() {
  try {
    throw;
  } catch (const std::bad_alloc& e) {
    return {"memory_blowup", TypeName(typeid(e)) + ": " + e.what()};
  } catch (const std::length_error& e) {
    return {"memory_blowup", TypeName(typeid(e)) + ": " + e.what()};
  } catch (const std::exception& e) {
    return {"clean_error", TypeName(typeid(e)) + ": " + e.what()};
  } catch (...) {
    const std::type_info* type = abi::__cxa_current_exception_type();
    return {"clean_error", "non-std exception " + (type ? TypeName(*type) : "?")};
  }
}

// One timed call; nullopt when it returned, else what it threw.
std::optional<Verdict> TimedCall(const std::function<void()>& decode, std::int64_t& ns) {
  const auto start = Clock::now();
  std::optional<Verdict> thrown;
  try {
    decode();
  } catch (...) {
    thrown = Classify();
  }
  ns = Ns(Clock::now() - start);
  return thrown;
}

// The median time of the first failed call and 1 to 4 more (at least one, so
// a descheduled worker still measures a repeat).
std::int64_t ErrorPathNs(const std::function<void()>& decode, std::int64_t first) {
  std::vector<std::int64_t> times = {first};
  const auto until = Clock::now() + kRepeatBudget;
  do {
    TimedCall(decode, times.emplace_back());
  } while (times.size() < kMaxAttempts && Clock::now() < until);
  std::nth_element(times.begin(), times.begin() + times.size() / 2, times.end());
  return times[times.size() / 2];
}

}  // namespace

Verdict Compared(std::optional<std::string> difference) {
  if (!difference) return {"accepted_equal", ""};
  return {"accepted_different", std::move(*difference)};
}

Verdict Accepted() { return {"accepted", ""}; }

Verdict Attempt(const std::function<void()>& decode, const std::function<Verdict()>& judge) {
  std::int64_t ns = 0;
  std::optional<Verdict> verdict = TimedCall(decode, ns);
  if (!verdict) {
    verdict = judge();
  } else if (verdict->outcome == "clean_error") {
    ns = ErrorPathNs(decode, ns);
  }
  verdict->ns = ns;
  return *verdict;
}

}  // namespace serbench::robustness
