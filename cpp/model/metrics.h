// The `metrics` dataset (schemas/metrics): numeric arrays, 256 points a series.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "cpp/model/describe.h"

namespace serbench::model {

struct Series {
  static constexpr std::string_view kDataset = "metrics";

  std::string name;
  std::string unit;
  std::vector<std::int64_t> timestamps;
  std::vector<double> values;

  bool operator==(const Series&) const = default;
  static constexpr auto Fields() {
    return std::tuple{Field{"name", &Series::name}, Field{"unit", &Series::unit},
                      Field{"timestamps", &Series::timestamps},
                      Field{"values", &Series::values}};
  }
};

}  // namespace serbench::model
