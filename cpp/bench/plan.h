// The suite's case plan: every (library, variant, dataset, size, op) the C++
// suite knows of, each measured (with the operation to time), refused (its
// round trip is wrong), not applicable or not measured, with the reason.
// Planning runs every check and all setup, so nothing of it is timed.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "cpp/adapters/codec.h"
#include "cpp/bench/alloc_counter.h"
#include "cpp/bench/case_id.h"

namespace serbench::bench {

struct PlannedCase {
  Case c;
  std::string status;  // measured | refused | not_applicable | not_measured
  std::string reason = "";
  std::function<void()> op = nullptr;  // measured only: one timed operation
  std::size_t wire_bytes = 0;          // the payload's size in bytes
  // Of one operation, counted untimed (not when Filter::verified).
  std::optional<AllocCount> allocs = std::nullopt;
  // Measured encode cases: makes the bytes the op writes (untimed; --payloads).
  std::function<std::string()> payload = nullptr;
};

struct Plan {
  std::vector<adapters::LibraryInfo> libraries;  // those selected
  std::vector<PlannedCase> cases;
};

struct Filter {
  std::optional<std::string> library = std::nullopt;
  std::optional<std::string> dataset = std::nullopt;
  // A user's JSON document: the only dataset planned, named `dataset`.
  std::optional<std::filesystem::path> document = std::nullopt;
  // With the document: the plugin of the user's .proto and the full name of
  // the message the document maps to (proto_plugin.h); protobuf measures it.
  std::optional<std::filesystem::path> proto_plugin = std::nullopt;
  std::optional<std::string> message = std::nullopt;
  // A real document whose ops other than decode are not measured, and why
  // (the profile's rule; nullopt: every op).
  std::optional<std::string> decode_only = std::nullopt;
  std::string decode_only_reason = "";
  // When not empty, only these libraries (those a --cases file names): a worker of a
  // few cases then verifies and encodes only their libraries.
  std::set<std::string> libraries = {};
  // The cases another worker of this binary checked on the same fixtures
  // (--verified): only they are planned as measured, each warmed up but neither
  // checked nor its allocations counted again. nullopt: check and count every op.
  std::optional<std::set<std::string>> verified = std::nullopt;
};

// The names --library and --dataset accept.
std::vector<std::string> KnownLibraries();
std::vector<std::string> KnownDatasets();
// Throws std::invalid_argument naming the known ones when `name` is set and
// not among them (`what`: "library", "dataset").
void CheckKnown(const std::optional<std::string>& name, const std::vector<std::string>& known,
                const std::string& what);

// Loads the fixtures, verifies every selected library on them and builds the
// cases. Throws std::invalid_argument for an unknown library or dataset, or a
// plugin that cannot be loaded.
Plan PlanSuite(const Filter& filter);

// Keeps only the cases whose id is listed (--cases FILE: the runner
// re-measures cases whose samples spread too much).
void KeepListed(Plan& plan, const std::set<std::string>& ids);

// Writes each measured encode case's payload to dir/PayloadFileName(case),
// once, before any timing (the runner stores their compressed sizes).
void WritePayloads(const Plan& plan, const std::filesystem::path& dir);

}  // namespace serbench::bench
