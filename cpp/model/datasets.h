// The synthetic datasets, as one list of record types (`Records`, generated
// from the catalog into records.h) with their access fields (`AccessFew`,
// generated from the catalog's access paths into access.h), plus the helpers
// every dataset shares.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <tuple>
#include <vector>

#include "cpp/model/access.h"
#include "cpp/model/records.h"
#include "schemas/catalog/catalog.h"

namespace serbench::model {

// A record type of one dataset: described, named, with its access fields.
template <typename R>
concept Record = requires(const R& r) {
  { R::kDataset } -> std::convertible_to<std::string_view>;
  { AccessFew(r) } -> std::same_as<std::uint64_t>;
};

// Each record type belongs to the dataset of its place in the catalog.
static_assert([]<typename... R>(std::tuple<R...>*) {
  std::size_t i = 0;
  return sizeof...(R) == catalog::kSyntheticDatasets.size() &&
         ((R::kDataset == catalog::kSyntheticDatasets[i++]) && ...);
}(static_cast<Records*>(nullptr)));

// The synthetic sizes, from the catalog.
using catalog::kSizes;

// Calls f(R{}) once per dataset record type.
template <typename F>
void ForEachDataset(F&& f) {
  std::apply([&](auto... r) { (f(r), ...); }, Records{});
}

// What an access case computes: AccessFew summed over the payload's records.
template <Record R>
std::uint64_t AccessAll(const std::vector<R>& records) {
  std::uint64_t sum = 0;
  for (const R& r : records) sum += AccessFew(r);
  return sum;
}

}  // namespace serbench::model
