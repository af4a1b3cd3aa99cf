// The canonical fixtures (schemas/<dataset>/<dataset>_<size>.json, built by
// //schemas/<dataset>:fixtures) as native records, found through runfiles.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "cpp/model/canonical_json.h"

namespace serbench::model {

// Runfiles are found from RUNFILES_DIR / RUNFILES_MANIFEST_FILE (set under
// `bazel test`, `bazel run` and for children of Bazel binaries) or from argv0.
void SetArgv0(std::string argv0);

// The bytes of a file; throws std::runtime_error if it cannot be read.
std::string ReadFile(const std::string& path);

// The bytes of a runfile given its workspace-relative path, e.g.
// "schemas/real/twitter.json"; throws std::runtime_error if it is missing.
std::string ReadRunfile(std::string_view path);

// "schemas/user/user_100.json"
std::string FixturePath(std::string_view dataset, std::size_t size);

// Parses fixture JSON {"records": [...]}; throws std::exception on input
// that does not follow the canonical conventions.
template <typename R>
std::vector<R> ParseFixture(std::string_view json) {
  return PayloadFromJson<R>(Json::parse(json));
}

template <typename R>
std::vector<R> LoadFixture(std::size_t size) {
  return ParseFixture<R>(ReadRunfile(FixturePath(R::kDataset, size)));
}

}  // namespace serbench::model
