#include "cpp/robustness/attempt.h"

#include <gtest/gtest.h>

#include <new>
#include <stdexcept>
#include <vector>

namespace serbench::robustness {
namespace {

Verdict Never() {
  ADD_FAILURE() << "judged an attempt that threw";
  return {};
}

TEST(AttemptTest, JudgesWhatDecoded) {
  int decoded = 0;
  const Verdict verdict = Attempt([&] { decoded = 7; },
                                  [&] { return Compared(decoded == 7 ? std::nullopt
                                                                     : std::optional("x")); });
  EXPECT_EQ(verdict.outcome, "accepted_equal");
  EXPECT_GE(verdict.ns, 0);
  EXPECT_EQ(Attempt([] {}, [] { return Compared("records[1].age: want 1, got 2"); }).detail,
            "records[1].age: want 1, got 2");
  EXPECT_EQ(Attempt([] {}, Accepted).outcome, "accepted");
}

TEST(AttemptTest, OutOfMemoryIsMemoryBlowup) {
  EXPECT_EQ(Attempt([] { throw std::bad_alloc(); }, Never).outcome, "memory_blowup");
  const Verdict reserve = Attempt([] { std::vector<int>().reserve(std::size_t(-1)); }, Never);
  EXPECT_EQ(reserve.outcome, "memory_blowup");
  EXPECT_NE(reserve.detail.find("std::length_error"), std::string::npos) << reserve.detail;
}

TEST(AttemptTest, OtherExceptionsAreCleanErrorsTimedRepeatedly) {
  int calls = 0;
  const Verdict verdict = Attempt(
      [&] {
        ++calls;
        throw std::invalid_argument("bad tag");
      },
      Never);
  EXPECT_EQ(verdict.outcome, "clean_error");
  EXPECT_EQ(verdict.detail, "std::invalid_argument: bad tag");
  EXPECT_GT(verdict.ns, 0);
  EXPECT_GE(calls, 2);
  EXPECT_LE(calls, 5);
  EXPECT_EQ(Attempt([] { throw 42; }, Never).detail, "non-std exception int");
}

}  // namespace
}  // namespace serbench::robustness
