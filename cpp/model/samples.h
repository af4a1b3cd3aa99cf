// The records the generic unit tests run over, for every dataset alike: its
// 100-record fixture, which carries the generator's deliberate edge cases (every
// enum value and union member, optional fields both ways, boundary numbers,
// non-ASCII text and emoji, JSON escapes, empty strings and lists; checked by
// schemas/datagen/coverage_test.py), so a new dataset needs no hand-written sample.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <tuple>
#include <vector>

#include "cpp/model/datasets.h"
#include "cpp/model/fixture.h"

namespace serbench::model {

// Every dataset's record type as a googletest type list, for typed tests.
template <typename T>
struct TestTypes;
template <typename... R>
struct TestTypes<std::tuple<R...>> {
  using type = testing::Types<R...>;
};
using RecordTypes = TestTypes<Records>::type;

inline constexpr std::size_t kSampleSize = 100;

template <typename R>
std::vector<R> Samples() {
  return LoadFixture<R>(kSampleSize);
}

}  // namespace serbench::model
