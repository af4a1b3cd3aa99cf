#include "cpp/bench/plan.h"

#include <algorithm>
#include <cstring>
#include <gnu/libc-version.h>
#include <memory>
#include <stdexcept>

#include <benchmark/benchmark.h>

#include "cpp/adapters/registry.h"
#include "cpp/adapters/roundtrip.h"
#include "cpp/model/datasets.h"
#include "cpp/model/fixture.h"

namespace serbench::bench {
namespace {

using adapters::Codec;
using adapters::Library;

constexpr char kMemcpy[] = "memcpy";
// Every op a serialization library can have; access_lazy only zero-copy ones.
const std::vector<std::string> kOps = {"encode", "decode", "roundtrip", "access_full",
                                       "access_lazy"};

template <typename T>
void Sink(T&& value) {
  benchmark::DoNotOptimize(value);
  benchmark::ClobberMemory();
}

bool Selected(const std::optional<std::string>& filter, const std::string& name) {
  return !filter || *filter == name;
}

AllocCount CountAllocs(const std::function<void()>& op) {
  op();  // warm: first-use caches and lazy statics are not the op's cost
  const AllocScope scope;
  op();
  return scope.count();
}

// The operation a measured case times. Inputs are shared, built once.
template <typename R>
std::function<void()> TimedOp(const Codec<R>& codec, const std::string& op,
                              std::shared_ptr<const std::vector<R>> records,
                              std::shared_ptr<const std::string> payload) {
  if (op == "encode") return [&codec, records] { Sink(codec.Encode(*records)); };
  if (op == "decode") return [&codec, payload] { Sink(codec.Materialize(*payload)); };
  if (op == "roundtrip") {
    return [&codec, records] { Sink(codec.Materialize(codec.Encode(*records))); };
  }
  if (op == "access_full") {
    return [&codec, payload] { Sink(model::AccessAll(codec.Decode(*payload))); };
  }
  return [&codec, payload] { Sink(codec.AccessLazy(*payload)); };
}

std::string NotTimedReason(const Library& library, const std::string& op) {
  if (op == "access_lazy" && !library.Times("decode")) return library.info.missing_ops_reason;
  if (op == "access_lazy") {
    return library.info.format + " is not read in place; see access_full";
  }
  return library.info.missing_ops_reason;
}

template <typename R>
void PlanLibrary(const Library& library, std::shared_ptr<const std::vector<R>> records,
                 Plan& plan) {
  const Codec<R>& codec = library.codec<R>();
  const auto error = adapters::RoundTripError(library, *records);
  const auto payload = std::make_shared<const std::string>(error ? "" : codec.Encode(*records));
  for (const std::string& op : kOps) {
    PlannedCase p{.c = {.dataset = std::string(R::kDataset), .size = records->size(), .op = op,
                        .format = library.info.format, .lib = library.info.lib,
                        .variant = library.info.variant},
                  .status = "measured", .wire_bytes = payload->size()};
    if (!library.Times(op)) {
      p.status = "not_applicable";
      p.reason = NotTimedReason(library, op);
    } else if (error) {
      p.status = "refused";
      p.reason = *error;
    } else {
      p.op = TimedOp(codec, op, records, payload);
      p.allocs = CountAllocs(p.op);
    }
    plan.cases.push_back(std::move(p));
  }
}

const Library& Protobuf() {
  for (const Library& library : adapters::Libraries()) {
    if (library.info.lib == "protobuf" && library.info.variant.empty()) return library;
  }
  throw std::logic_error("the registry has no protobuf library");
}

// The physical floor: copying as many bytes as the protobuf payload into a
// buffer allocated beforehand.
template <typename R>
void PlanMemcpy(const std::vector<R>& records, Plan& plan) {
  auto src = std::make_shared<const std::string>(Protobuf().codec<R>().Encode(records));
  auto dst = std::make_shared<std::string>(src->size(), '\0');
  PlannedCase p{.c = {.dataset = std::string(R::kDataset), .size = records.size(),
                      .op = kMemcpy, .format = "raw", .lib = kMemcpy},
                .status = "measured", .wire_bytes = src->size()};
  p.op = [src, dst] {
    std::memcpy(dst->data(), src->data(), src->size());
    Sink(dst->data());
  };
  p.allocs = CountAllocs(p.op);
  plan.cases.push_back(std::move(p));
}

template <typename R>
void PlanDataset(const Filter& filter, Plan& plan) {
  for (std::size_t size : model::kSizes) {
    const auto records = std::make_shared<const std::vector<R>>(model::LoadFixture<R>(size));
    if (Selected(filter.library, kMemcpy)) PlanMemcpy(*records, plan);
    for (const Library& library : adapters::Libraries()) {
      if (Selected(filter.library, library.info.lib)) PlanLibrary(library, records, plan);
    }
  }
}

void CheckKnown(const std::optional<std::string>& name, const std::vector<std::string>& known,
                const std::string& what) {
  if (!name || std::find(known.begin(), known.end(), *name) != known.end()) return;
  std::string list;
  for (const std::string& k : known) list += " " + k;
  throw std::invalid_argument("unknown " + what + " " + *name + "; known:" + list);
}

}  // namespace

std::vector<std::string> KnownLibraries() {
  std::vector<std::string> names = {kMemcpy};
  for (const Library& library : adapters::Libraries()) {
    if (std::find(names.begin(), names.end(), library.info.lib) == names.end()) {
      names.push_back(library.info.lib);
    }
  }
  return names;
}

std::vector<std::string> KnownDatasets() {
  std::vector<std::string> names;
  model::ForEachDataset([&]<typename R>(R) { names.emplace_back(R::kDataset); });
  return names;
}

Plan PlanSuite(const Filter& filter) {
  CheckKnown(filter.library, KnownLibraries(), "library");
  CheckKnown(filter.dataset, KnownDatasets(), "dataset");
  Plan plan;
  if (Selected(filter.library, kMemcpy)) {
    plan.libraries.push_back({.lib = kMemcpy, .format = "raw", .version = gnu_get_libc_version(),
                              .capabilities = {"schemaless"}, .ops = {kMemcpy}});
  }
  for (const Library& library : adapters::Libraries()) {
    if (Selected(filter.library, library.info.lib)) plan.libraries.push_back(library.info);
  }
  model::ForEachDataset([&]<typename R>(R) {
    if (Selected(filter.dataset, std::string(R::kDataset))) PlanDataset<R>(filter, plan);
  });
  return plan;
}

}  // namespace serbench::bench
